import { and, eq, sql } from 'drizzle-orm';
import type { SignedUpCustomer } from '../../auth/testing';
import { cashierServer, type CashierTestServer } from '../../cashier/__tests__/helpers';
import { verifyCustomer } from '../../kyc/__tests__/helpers';
import { ReviewClaims } from '../claims';
import { auditLog } from '../tables';
import { staffMember } from './helpers';

/**
 * Claims and four eyes on the withdrawal queue: withdrawals worth more than `withdrawal_four_eyes_usdt` need
 * two different finance members; everything else needs one. Decisions need the claim (or take it).
 */
let server: CashierTestServer;
let customer: SignedUpCustomer;
const finance: Record<'ann' | 'ben' | 'cyd', { staffId: string; token: string }> = {} as never;
const TRON = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

beforeAll(async () => {
  server = await cashierServer();
  customer = await server.customer();
  await verifyCustomer(server, customer);
  await server.fund(customer.userId, 'USDT', '100000');
  for (const name of ['ann', 'ben', 'cyd'] as const)
    finance[name] = await staffMember(server, name, ['finance']);
  const chief = (await server.services.staff.findByUsername('chief'))!;
  await server.services.params.set('withdrawal_four_eyes_usdt', '500', {
    staffId: chief.staffId,
    reason: 'test',
  });
});
afterEach(async () => server.check());
afterAll(async () => server.close());

const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

const ETH = '0x52908400098527886E0F7030069857D2E4169EE7';

async function withdraw(amount: string, coin: 'USDT' | 'BTC' | 'ETH' = 'USDT'): Promise<string> {
  const destination =
    coin === 'USDT'
      ? { coin, network: 'TRC20', address: TRON }
      : coin === 'BTC'
        ? { coin, network: 'BTC', address: BTC }
        : { coin, network: 'ETH', address: ETH };
  const q = await server.call(customer, 'POST', '/user/withdrawalQuote', {
    method: 'crypto',
    coin,
    network: destination.network,
    amount,
  });
  const res = await server.call(customer, 'POST', '/user/withdrawal', {
    method: 'crypto',
    ...destination,
    amount,
    quoteId: q.result.quoteId,
  });
  if (res.code !== '200') throw new Error(`withdrawal failed: ${res.body}`);
  return res.result.id as string;
}

const as = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  server.app
    .inject({
      method,
      url: `/swx/admin${url}`,
      headers: { authorization: token },
      ...(method === 'POST' ? { payload: payload ?? {} } : {}),
    })
    .then((res) => ({ status: res.statusCode, code: res.json().code as string, result: res.json().result }));

const queueItem = async (id: string) => {
  const list = await as(finance.ann.token, 'GET', '/reviews?kind=withdrawal');
  return list.result.find((item: { id: string }) => item.id === id);
};
const statusOf = async (id: string) =>
  (await server.call(customer, 'GET', '/user/listWithdrwal')).result.find((w: { id: string }) => w.id === id)
    .status;
const auditCount = async (action: string, target: string) =>
  (
    await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.target, target)))
  ).length;

describe('claims', () => {
  it('holds a record for one member; others are refused until it is released', async () => {
    const id = await withdraw('100');
    const claimed = await as(finance.ann.token, 'POST', `/reviews/withdrawal/${id}/claim`);
    expect(claimed.result).toMatchObject({ kind: 'withdrawal', id, claim: { username: 'ann' } });
    expect((await queueItem(id)).claim).toMatchObject({ username: 'ann' });
    expect((await as(finance.ben.token, 'POST', `/reviews/withdrawal/${id}/claim`)).code).toBe('11168');
    expect((await as(finance.ben.token, 'POST', `/reviews/withdrawal/${id}/approve`)).code).toBe('11168');
    expect(
      (await as(finance.ben.token, 'POST', `/reviews/withdrawal/${id}/reject`, { reason: 'x' })).code,
    ).toBe('11168');
    expect((await as(finance.ben.token, 'POST', `/reviews/withdrawal/${id}/release`)).code).toBe('11169');
    expect((await as(finance.ann.token, 'POST', `/reviews/withdrawal/${id}/release`)).code).toBe('200');
    expect(await auditCount('review.withdrawal.claim', `withdrawal:${id}`)).toBe(1);
    expect(await auditCount('review.withdrawal.release', `withdrawal:${id}`)).toBe(1);
    expect((await queueItem(id)).claim).toBeNull();
    expect((await as(finance.ben.token, 'POST', `/reviews/withdrawal/${id}/approve`)).code).toBe('200');
    expect(await statusOf(id)).toBe('approved');
  });

  it('takes a free record at decision time, and ends the claim with the decision', async () => {
    const id = await withdraw('50');
    const rejected = await as(finance.cyd.token, 'POST', `/reviews/withdrawal/${id}/reject`, {
      reason: 'address flagged',
    });
    expect(rejected.code).toBe('200');
    expect((await as(finance.ann.token, 'POST', `/reviews/withdrawal/${id}/claim`)).code).toBe('11043');
  });

  it('refuses claims on unknown records', async () => {
    expect((await as(finance.ann.token, 'POST', '/reviews/withdrawal/999999/claim')).code).toBe('404');
    expect((await as(finance.ann.token, 'POST', '/reviews/nonesuch/1/claim')).code).toBe('404');
  });

  it('lets exactly one of two members claiming at once win', async () => {
    for (let round = 0; round < 3; round += 1) {
      const id = await withdraw('10');
      const answers = await Promise.all([
        as(finance.ann.token, 'POST', `/reviews/withdrawal/${id}/claim`),
        as(finance.ben.token, 'POST', `/reviews/withdrawal/${id}/claim`),
      ]);
      expect(answers.map((a) => a.code).sort()).toEqual(['11168', '200']);
      const winner = answers.find((a) => a.code === '200')!.result.claim.username;
      expect((await queueItem(id)).claim.username).toBe(winner);
      await as(finance[winner as 'ann' | 'ben'].token, 'POST', `/reviews/withdrawal/${id}/reject`, {
        reason: 'test',
      });
    }
  });

  it('lets anyone take over an expired claim, and the holder renew a live one', async () => {
    let now = Date.now();
    const claims = new ReviewClaims(
      server.database.db,
      () => 15,
      () => now,
    );
    const ann = { staffId: finance.ann.staffId, username: 'ann', roles: ['finance' as const] };
    const ben = { staffId: finance.ben.staffId, username: 'ben', roles: ['finance' as const] };
    const first = await claims.claim('test-kind', '1', ann);
    expect(Date.parse(first.expiresAt) - now).toBe(15 * 60_000);
    now += 10 * 60_000;
    const renewed = await claims.claim('test-kind', '1', ann);
    expect(Date.parse(renewed.expiresAt)).toBe(now + 15 * 60_000);
    await expect(claims.claim('test-kind', '1', ben)).rejects.toMatchObject({ code: '11168' });
    now += 15 * 60_000;
    expect((await claims.live('test-kind', ['1'])).size).toBe(0);
    expect((await claims.claim('test-kind', '1', ben)).username).toBe('ben');
    await expect(claims.release('test-kind', '1', ann)).rejects.toMatchObject({ code: '11169' });
  });
});

describe('four eyes on withdrawals', () => {
  it('needs one approval up to the limit', async () => {
    const id = await withdraw('500');
    expect((await queueItem(id)).approvalsRequired).toBe(1);
    const done = await as(finance.ann.token, 'POST', `/reviews/withdrawal/${id}/approve`);
    expect(done.result).toMatchObject({ id, status: 'approved' });
  });

  it('records the first approval above the limit ("1 of 2"), and executes on the second by someone else', async () => {
    const id = await withdraw('600');
    expect((await queueItem(id)).approvalsRequired).toBe(2);
    const first = await as(finance.ann.token, 'POST', `/reviews/withdrawal/${id}/approve`);
    expect(first.result).toMatchObject({
      kind: 'withdrawal',
      id,
      pendingApproval: true,
      approvalsRequired: 2,
      approvals: [{ username: 'ann' }],
    });
    expect(await statusOf(id)).toBe('pending');
    const item = await queueItem(id);
    expect(item.approvals.map((a: { username: string }) => a.username)).toEqual(['ann']);
    expect(item.claim).toBeNull();
    expect(await auditCount('four_eyes.approve', `withdrawal:${id}`)).toBe(1);
    expect(await auditCount('review.withdrawal.approve', `withdrawal:${id}`)).toBe(0);

    expect((await as(finance.ann.token, 'POST', `/reviews/withdrawal/${id}/approve`)).code).toBe('11170');
    const second = await as(finance.ben.token, 'POST', `/reviews/withdrawal/${id}/approve`);
    expect(second.result).toMatchObject({ id, status: 'approved' });
    expect(await statusOf(id)).toBe('approved');
    expect(await auditCount('review.withdrawal.approve', `withdrawal:${id}`)).toBe(1);
    // Completing the approved payout needs one member only.
    const complete = await as(finance.cyd.token, 'POST', `/withdrawals/${id}/complete`, {
      reference: 'tx-600',
    });
    expect(complete.result).toMatchObject({ status: 'completed' });
  });

  it('executes once when two members give the second approval at once', async () => {
    const id = await withdraw('700');
    await as(finance.ann.token, 'POST', `/reviews/withdrawal/${id}/approve`);
    const answers = await Promise.all([
      as(finance.ben.token, 'POST', `/reviews/withdrawal/${id}/approve`),
      as(finance.cyd.token, 'POST', `/reviews/withdrawal/${id}/approve`),
    ]);
    const codes = answers.map((a) => a.code);
    expect(codes.filter((code) => code === '200')).toHaveLength(1);
    // The later one finds the withdrawal decided (or, on a slower path, still claimed by the first).
    expect(['11043', '11168']).toContain(codes.find((code) => code !== '200'));
    expect(await statusOf(id)).toBe('approved');
    expect(await auditCount('review.withdrawal.approve', `withdrawal:${id}`)).toBe(1);
    expect((await server.balance(customer.userId)).held).not.toBe('0');
  });

  it('executes once when both approvals arrive at once', async () => {
    const id = await withdraw('800');
    const answers = await Promise.all([
      as(finance.ann.token, 'POST', `/reviews/withdrawal/${id}/approve`),
      as(finance.ben.token, 'POST', `/reviews/withdrawal/${id}/approve`),
    ]);
    // The second waits for the first's transaction (the claim row), then sees its approval: one is recorded,
    // the other executes.
    expect(answers.map((a) => a.code)).toEqual(['200', '200']);
    const results = answers.map((a) => a.result);
    expect(results.filter((r) => r.pendingApproval === true)).toHaveLength(1);
    expect(results.filter((r) => r.status === 'approved')).toHaveLength(1);
    expect(await statusOf(id)).toBe('approved');
    expect(await auditCount('review.withdrawal.approve', `withdrawal:${id}`)).toBe(1);
  });

  it('values other coins in USDT at the latest price, and asks for two when there is no price', async () => {
    await server.fund(customer.userId, 'BTC', '2');
    const unpriced = await withdraw('0.001', 'BTC');
    expect(await queueItem(unpriced)).toMatchObject({
      valueUsdt: null,
      approvalsRequired: 2,
      approvalsBasis: { valueUsdt: null, thresholdUsdt: '500' },
    });
    const markets = server.services.markets;
    markets.ingest([{ code: 'BTCUSDT', price: '2000', time: Date.now(), seq: markets.state.lastSeq() + 1 }]);
    // A price arriving later does not lower what was fixed at submission.
    expect(await queueItem(unpriced)).toMatchObject({ valueUsdt: '2', approvalsRequired: 2 });
    const small = await withdraw('0.001', 'BTC');
    expect(await queueItem(small)).toMatchObject({ valueUsdt: '2', approvalsRequired: 1 });
    const large = await withdraw('0.5', 'BTC');
    expect(await queueItem(large)).toMatchObject({ valueUsdt: '1000', approvalsRequired: 2 });
    expect(
      (await as(finance.ann.token, 'POST', `/reviews/withdrawal/${large}/approve`)).result.pendingApproval,
    ).toBe(true);
    for (const id of [unpriced, small, large])
      await as(finance.ben.token, 'POST', `/reviews/withdrawal/${id}/reject`, { reason: 'test' });
  });

  it('fixes the number at submission: a threshold lowered later does not lower it', async () => {
    const id = await withdraw('600');
    expect(await queueItem(id)).toMatchObject({ approvalsRequired: 2 });
    const chief = (await server.services.staff.findByUsername('chief'))!;
    await server.services.params.set('withdrawal_four_eyes_usdt', '5000', {
      staffId: chief.staffId,
      reason: 'test',
    });
    try {
      expect(await queueItem(id)).toMatchObject({ approvalsRequired: 2 });
      const first = await as(finance.ann.token, 'POST', `/reviews/withdrawal/${id}/approve`);
      expect(first.result).toMatchObject({ pendingApproval: true, approvalsRequired: 2 });
      expect(await statusOf(id)).toBe('pending');
      // New withdrawals follow the new threshold.
      const later = await withdraw('600');
      expect(await queueItem(later)).toMatchObject({ approvalsRequired: 1 });
      await as(finance.ben.token, 'POST', `/reviews/withdrawal/${later}/reject`, { reason: 'test' });
    } finally {
      await server.services.params.set('withdrawal_four_eyes_usdt', '500', {
        staffId: chief.staffId,
        reason: 'test',
      });
    }
    expect((await as(finance.ben.token, 'POST', `/reviews/withdrawal/${id}/approve`)).result.status).toBe(
      'approved',
    );
  });

  it('fixes the number at submission: a price dip after it does not lower it; a rise raises it', async () => {
    const markets = server.services.markets;
    const price = (value: string) =>
      markets.ingest([{ code: 'ETHUSDT', price: value, time: Date.now(), seq: markets.state.lastSeq() + 1 }]);
    await server.fund(customer.userId, 'ETH', '10');
    price('1000');
    const large = await withdraw('1', 'ETH');
    const small = await withdraw('0.1', 'ETH');
    expect(await queueItem(large)).toMatchObject({ valueUsdt: '1000', approvalsRequired: 2 });
    expect(await queueItem(small)).toMatchObject({ valueUsdt: '100', approvalsRequired: 1 });
    // Waiting for a dip does not help: the large one still needs two.
    price('100');
    expect(await queueItem(large)).toMatchObject({ valueUsdt: '100', approvalsRequired: 2 });
    expect(
      (await as(finance.ann.token, 'POST', `/reviews/withdrawal/${large}/approve`)).result.pendingApproval,
    ).toBe(true);
    // A rise may raise the number of one not yet approved.
    price('9000');
    expect(await queueItem(small)).toMatchObject({ valueUsdt: '900', approvalsRequired: 2 });
    expect(
      (await as(finance.ann.token, 'POST', `/reviews/withdrawal/${small}/approve`)).result.pendingApproval,
    ).toBe(true);
    // ... and falling again, it stays raised.
    price('100');
    expect(await queueItem(small)).toMatchObject({ approvalsRequired: 2 });
    for (const id of [large, small])
      expect((await as(finance.ben.token, 'POST', `/reviews/withdrawal/${id}/approve`)).result.status).toBe(
        'approved',
      );
  });

  it('holds the rules in the database: never lowered, never approved by the requester', async () => {
    const { db } = server.database;
    const id = await withdraw('900');
    await expect(
      db.execute(
        sql`update four_eyes_requirements set required = 1 where subject_kind = 'withdrawal' and subject_id = ${id}`,
      ),
    ).rejects.toThrow();
    await db.execute(
      sql`insert into four_eyes_requirements (subject_kind, subject_id, required, requested_by) values ('db-test', '1', 1, ${finance.ann.staffId})`,
    );
    await expect(
      db.execute(
        sql`insert into four_eyes_approvals (subject_kind, subject_id, staff_id, approved_at) values ('db-test', '1', ${finance.ann.staffId}, now())`,
      ),
    ).rejects.toThrow();
    await as(finance.ben.token, 'POST', `/reviews/withdrawal/${id}/reject`, { reason: 'test' });
  });

  it('refuses approving what one asked for, inside the shared piece', async () => {
    await expect(
      server.database.db.transaction((tx) =>
        server.services.fourEyes.approve(
          tx,
          { kind: 'correction', id: '1', requestedBy: finance.ann.staffId },
          { staffId: finance.ann.staffId, username: 'ann', roles: ['finance'] },
          { required: 2, role: 'finance' },
        ),
      ),
    ).rejects.toMatchObject({ code: '11171' });
    await expect(
      server.database.db.transaction((tx) =>
        server.services.fourEyes.approve(
          tx,
          { kind: 'correction', id: '1', requestedBy: finance.ann.staffId },
          { staffId: finance.ben.staffId, username: 'ben', roles: ['reviewer'] },
          { required: 2, role: 'finance' },
        ),
      ),
    ).rejects.toMatchObject({ code: '11160' });
  });
});
