import { and, eq } from 'drizzle-orm';
import type { StaffRole } from '@swx/shared/contract';
import type { SignedUpCustomer } from '../../auth/testing';
import { cashierServer, type CashierTestServer } from '../../cashier/__tests__/helpers';
import { verifyCustomer } from '../../kyc/__tests__/helpers';
import type { StaffIdentity } from '../staff';
import { auditLog, fourEyesApprovals, pendingChanges } from '../tables';

/**
 * Approvals racing on one request (issue 26): 50 members approving at once on real PostgreSQL (many
 * connections, real row locks) give exactly one decision. Skipped on PGlite, which has one connection and
 * so never races.
 */
const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;
const RACERS = 50;
const TRON = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

let server: CashierTestServer;
let customer: SignedUpCustomer;

/** `count` members with `roles`, made through the service (no sign-in: the race calls the services). */
async function members(prefix: string, roles: StaffRole[], count: number): Promise<StaffIdentity[]> {
  const made: StaffIdentity[] = [];
  for (let i = 0; i < count; i += 1)
    made.push(
      await server.database.db.transaction((tx) =>
        server.services.staff.create(tx, `${prefix}${i}`, 'Racing-member-2026', null, roles),
      ),
    );
  return made;
}

const codeOf = (outcome: PromiseSettledResult<unknown>) =>
  outcome.status === 'fulfilled' ? '200' : String((outcome.reason as { code?: string }).code ?? 'thrown');

onPostgres('50 approvals in parallel on PostgreSQL', () => {
  let finance: StaffIdentity[];
  let admins: StaffIdentity[];
  beforeAll(async () => {
    server = await cashierServer();
    customer = await server.customer();
    await verifyCustomer(server, customer);
    await server.fund(customer.userId, 'USDT', '100000');
    finance = await members('fin', ['finance'], RACERS);
    admins = await members('adm', ['admin'], RACERS);
  }, 300_000);
  afterAll(async () => server.close());

  it('a withdrawal that needs two: one approval recorded, one execution, every other try refused', async () => {
    const quote = await server.call(customer, 'POST', '/user/withdrawalQuote', {
      method: 'crypto',
      coin: 'USDT',
      network: 'TRC20',
      amount: '20000',
    });
    const made = await server.call(customer, 'POST', '/user/withdrawal', {
      method: 'crypto',
      coin: 'USDT',
      network: 'TRC20',
      address: TRON,
      amount: '20000',
      quoteId: quote.result.quoteId,
    });
    const id = made.result.id as string;
    const race = async (racers: StaffIdentity[]) => {
      const outcomes = await Promise.allSettled(
        racers.map((member) => server.services.reviews.approve('withdrawal', id, member)),
      );
      const codes = outcomes.map(codeOf);
      // The others met the claim of the one deciding, a decided withdrawal, or their own earlier approval.
      for (const code of codes.filter((c) => c !== '200'))
        expect(['11168', '11043', '11170']).toContain(code);
      return outcomes.filter((o) => o.status === 'fulfilled').map((o) => o.value as Record<string, unknown>);
    };
    // 50 at once, then (if the set is not complete yet) everyone again, then once more: across all rounds
    // one approval is recorded ("1 of 2"), one more executes, and every other try is refused.
    const results = [...(await race(finance)), ...(await race(finance)), ...(await race(finance))];
    expect(results.filter((r) => r.pendingApproval === true)).toHaveLength(1);
    expect(results.filter((r) => r.status === 'approved')).toHaveLength(1);
    expect(results).toHaveLength(2);
    const approvals = await server.database.db
      .select()
      .from(fourEyesApprovals)
      .where(and(eq(fourEyesApprovals.subjectKind, 'withdrawal'), eq(fourEyesApprovals.subjectId, id)));
    expect(approvals).toHaveLength(2);
    expect(new Set(approvals.map((a) => a.staffId)).size).toBe(2);
    const decisions = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'review.withdrawal.approve'), eq(auditLog.target, `withdrawal:${id}`)));
    expect(decisions).toHaveLength(1);
    await server.check();
  }, 120_000);

  it('a pending parameter change: exactly one approval applies it', async () => {
    const [maker, ...checkers] = admins;
    const change = await server.services.changes.request(
      'param',
      maker!,
      { key: 'trade_fee_rate', value: '0.0015' },
      'race test',
    );
    const outcomes = await Promise.allSettled(
      checkers.map((checker) => server.services.changes.approve(change.id, checker, 'agreed')),
    );
    const codes = outcomes.map(codeOf);
    expect(codes.filter((code) => code === '200')).toHaveLength(1);
    for (const code of codes.filter((c) => c !== '200')) expect(code).toBe('11043');
    const [row] = await server.database.db
      .select()
      .from(pendingChanges)
      .where(eq(pendingChanges.id, BigInt(change.id)));
    expect(row!.status).toBe('approved');
    const applied = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'param.set'), eq(auditLog.target, 'param:trade_fee_rate')));
    expect(applied).toHaveLength(1);
    expect(server.services.params.get('trade_fee_rate')).toBe('0.0015');
    // The maker, racing too, would have been refused: the chain of decisions has one approver.
    await expect(server.services.changes.approve(change.id, maker!, 'mine')).rejects.toMatchObject({
      code: '11043',
    });
  }, 120_000);

  it('the audit chain stays whole after the races', async () => {
    const verification = await server.services.auditChain.verify();
    expect(verification.firstBroken).toBeNull();
    expect(verification.ok).toBe(true);
  });
});
