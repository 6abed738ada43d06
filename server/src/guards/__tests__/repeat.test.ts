import { sql } from 'drizzle-orm';
import type { SignedUpCustomer } from '../../auth/testing';
import { cashierServer, type CashierTestServer } from '../../cashier/__tests__/helpers';
import { submissionClaims } from '../tables';
import { cashierWithdrawals } from '../../cashier/tables';
import { verifyCustomer } from '../../kyc/__tests__/helpers';

/**
 * Crash-safe idempotency (issue 12, Deliver 3) through a real guarded route (the withdrawal), whose service
 * runs in a unit of work that finishes the request's claims in its own transaction.
 */
let server: CashierTestServer;
let alice: SignedUpCustomer;
const TRON = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

beforeAll(async () => {
  server = await cashierServer();
  alice = await server.customer();
  // Withdrawals need a verified identity (on by default): alice goes through KYC first.
  await verifyCustomer(server, alice);
  await server.fund(alice.userId, 'USDT', '1000');
});
afterEach(async () => {
  jest.restoreAllMocks();
  await server.check();
});
afterAll(async () => server.close());

async function post(url: string, payload: object, headers: Record<string, string> = {}) {
  const res = await server.app.inject({
    method: 'POST',
    url: `/swx/customer${url}`,
    payload,
    headers: { authorization: alice.token, virtually: 'YES', ...headers },
  });
  return { status: res.statusCode, headers: res.headers, body: res.json() };
}

async function withdrawalForm(amount: string) {
  const quote = await post('/user/withdrawalQuote', {
    method: 'crypto',
    coin: 'USDT',
    network: 'TRC20',
    amount,
  });
  expect(quote.body.code).toBe('200');
  return {
    method: 'crypto',
    coin: 'USDT',
    network: 'TRC20',
    address: TRON,
    amount,
    quoteId: quote.body.result.quoteId as string,
  };
}

async function withdrawalCount(): Promise<number> {
  const [row] = await server.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(cashierWithdrawals)
    .where(sql`${cashierWithdrawals.userId} = ${alice.userId}::bigint`);
  return row!.n;
}

async function claimRows() {
  return server.database.db.select().from(submissionClaims);
}

/** Makes the guard's clock (leases, terms) read `ms` later than now. */
function later(ms: number) {
  const now = Date.now();
  jest.spyOn(server.services.submissionGuard.clock, 'now').mockImplementation(() => new Date(now + ms));
}

describe('Idempotency-Key across a committed request', () => {
  it('a retry of a committed withdrawal gets the original answer and executes nothing again', async () => {
    const form = await withdrawalForm('10');
    const key = { 'idempotency-key': 'wd-committed-1' };
    const first = await post('/user/withdrawal', form, key);
    expect(first.body.code).toBe('200');
    const count = await withdrawalCount();
    const balance = await server.balance(alice.userId);

    later(11_000); // past the same-form window: only the key stands between the retry and a second execution
    const retry = await post('/user/withdrawal', form, key);
    expect(retry.status).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect(await withdrawalCount()).toBe(count);
    expect(await server.balance(alice.userId)).toEqual(balance);

    // The key with another request is refused, not replayed.
    const other = await withdrawalForm('11');
    expect((await post('/user/withdrawal', other, key)).body.code).toBe('30000');
  });

  it('the claim is final in the transaction of the effect: finished, with the answer kept', async () => {
    const form = await withdrawalForm('12');
    const first = await post('/user/withdrawal', form, { 'idempotency-key': 'wd-row-1' });
    const rows = (await claimRows()).filter((r) => r.response !== null);
    const kept = rows.find(
      (r) => (r.response as { result?: { id?: string } }).result?.id === first.body.result.id,
    );
    expect(kept?.finishedAt).not.toBeNull();
    expect(kept?.response).toEqual(first.body);
  });
});

describe('a request that did not commit', () => {
  it('leaves a claim that lapses with its lease: a retry goes through, once', async () => {
    const form = await withdrawalForm('13');
    const key = { 'idempotency-key': 'wd-died-1' };
    // A request that took its claims and died before its transaction committed (as in a SIGKILL).
    const guard = server.services.submissionGuard;
    const request = {
      method: 'POST',
      url: '/swx/customer/user/withdrawal',
      routeOptions: { url: '/swx/customer/user/withdrawal' },
      body: form,
      headers: key,
      customer: { userId: alice.userId, mode: 'real' },
    };
    const dead = guard.claimsFor(request as never, 'dead-holder');
    expect(await guard.claim(dead)).toBe(true);
    const count = await withdrawalCount();

    // Within the lease the original might still be running: a duplicate is refused.
    expect((await post('/user/withdrawal', form, key)).body.code).toBe('30000');
    expect(await withdrawalCount()).toBe(count);

    later(guard.leaseMs + 1_000);
    const retry = await post('/user/withdrawal', form, key);
    expect(retry.body.code).toBe('200');
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await withdrawalCount()).toBe(count + 1);
    const again = await post('/user/withdrawal', form, key);
    expect(again.body).toEqual(retry.body);
    expect(await withdrawalCount()).toBe(count + 1);

    // The dead request can no longer finish or release what the retry holds.
    await expect(
      server.database.db.transaction((tx) => guard.finish(tx, [{ claims: dead, response: null }])),
    ).rejects.toMatchObject({ code: '30000' });
    await guard.release(dead);
    expect((await post('/user/withdrawal', form, key)).headers['idempotent-replayed']).toBe('true');
  });

  it('a retry whose original died with its server hears "still being processed, retry in N s" until the lease ends', async () => {
    const form = await withdrawalForm('16');
    const key = { 'idempotency-key': 'wd-orphan-1' };
    const guard = server.services.submissionGuard;
    const request = {
      method: 'POST',
      url: '/swx/customer/user/withdrawal',
      routeOptions: { url: '/swx/customer/user/withdrawal' },
      body: form,
      headers: key,
      customer: { userId: alice.userId, mode: 'real' },
    };
    // The original was served by an instance that is gone (killed with the request in flight).
    const dead = guard.claimsFor(request as never, 'instance-gone.request-1');
    expect(await guard.claim(dead)).toBe(true);
    const count = await withdrawalCount();

    const waiting = await post('/user/withdrawal', form, key);
    expect(waiting.status).toBe(409);
    expect(waiting.body).toMatchObject({ code: '11190', result: null });
    const seconds = Number(waiting.headers['retry-after']);
    expect(seconds).toBeGreaterThan(guard.leaseMs / 1000 - 5);
    expect(seconds).toBeLessThanOrEqual(guard.leaseMs / 1000);
    expect(waiting.body.message).toContain(`${seconds} s`);
    expect(await withdrawalCount()).toBe(count);
    // Later in the lease, fewer seconds are left.
    later(guard.leaseMs - 10_000);
    expect((await post('/user/withdrawal', form, key)).headers['retry-after']).toBe('10');

    // After the lease it goes through, once.
    later(guard.leaseMs + 1_000);
    const retry = await post('/user/withdrawal', form, key);
    expect(retry.body.code).toBe('200');
    expect(await withdrawalCount()).toBe(count + 1);
  });

  it('a duplicate of a request still in flight on a running instance stays a repeat (30000)', async () => {
    const form = await withdrawalForm('17');
    const guard = server.services.submissionGuard;
    const request = {
      method: 'POST',
      url: '/swx/customer/user/withdrawal',
      routeOptions: { url: '/swx/customer/user/withdrawal' },
      body: form,
      headers: {},
      customer: { userId: alice.userId, mode: 'real' },
    };
    // Held by this very instance, as a request it is serving would hold it.
    const inFlight = guard.claimsFor(request as never, guard.newHolder());
    expect(await guard.claim(inFlight)).toBe(true);
    const duplicate = await post('/user/withdrawal', form);
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.code).toBe('30000');
    expect(duplicate.headers['retry-after']).toBeUndefined();
    await guard.release(inFlight);
  });

  it('an effect that rolls back releases its claims: the same request retried goes through', async () => {
    const form = await withdrawalForm('14');
    const key = { 'idempotency-key': 'wd-rollback-1' };
    const ledger = server.services.ledger;
    jest.spyOn(ledger, 'hold').mockImplementationOnce(async () => {
      throw new Error('disk full');
    });
    const count = await withdrawalCount();
    expect((await post('/user/withdrawal', form, key)).status).toBe(500);
    expect(await withdrawalCount()).toBe(count);
    expect(ledger.hold).toHaveBeenCalledTimes(1);
    expect((await post('/user/withdrawal', form, key)).body.code).toBe('200');
    expect(await withdrawalCount()).toBe(count + 1);
  });

  it('a retry that takes over a lapsed claim makes the slow original roll back: executed once', async () => {
    const form = await withdrawalForm('15');
    const key = { 'idempotency-key': 'wd-slow-1' };
    const ledger = server.services.ledger;
    const hold = ledger.hold.bind(ledger);
    let resume!: () => void;
    const paused = new Promise<void>((resolve) => (resume = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    jest.spyOn(ledger, 'hold').mockImplementationOnce(async (...args) => {
      entered();
      await paused;
      return hold(...args);
    });
    const count = await withdrawalCount();
    const slow = post('/user/withdrawal', form, key);
    await inside;
    later(server.services.submissionGuard.leaseMs + 1_000);
    const retry = server.app.inject({
      method: 'POST',
      url: '/swx/customer/user/withdrawal',
      payload: form,
      headers: { authorization: alice.token, virtually: 'YES', ...key },
    });
    // The retry waits on the row the slow request locked (its quote); let the slow one finish first.
    await new Promise((resolve) => setTimeout(resolve, 200));
    resume();
    const slowAnswer = (await slow).body;
    const retryAnswer = (await retry).json();
    expect(await withdrawalCount()).toBe(count + 1);
    if (slowAnswer.code === '30000') {
      // The retry took the lapsed claim first (PostgreSQL): the original rolled back, the retry executed.
      expect(retryAnswer.code).toBe('200');
    } else {
      // PGlite runs one transaction at a time: the original committed first and the retry gets its answer.
      expect(slowAnswer.code).toBe('200');
      expect(retryAnswer).toEqual(slowAnswer);
    }
  });
});

describe('keys per account set', () => {
  it('the same form in demo right after real is not a repeat; twice in the same set is', async () => {
    const guard = server.services.submissionGuard;
    const request = (mode: 'real' | 'demo') =>
      ({
        method: 'POST',
        url: '/swx/customer/trade/order',
        routeOptions: { url: '/swx/customer/trade/order' },
        body: { code: 'BTCUSDT', lots: '1' },
        headers: { 'idempotency-key': 'same-order' },
        customer: { userId: alice.userId, mode },
      }) as never;
    expect(await guard.claim(guard.claimsFor(request('real'), 'r1'))).toBe(true);
    expect(await guard.claim(guard.claimsFor(request('demo'), 'd1'))).toBe(true);
    expect(await guard.claim(guard.claimsFor(request('real'), 'r2'))).toBe(false);
    expect(await guard.claim(guard.claimsFor(request('demo'), 'd2'))).toBe(false);
  });
});
