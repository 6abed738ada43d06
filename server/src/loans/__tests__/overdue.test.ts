import { and, eq, sql } from 'drizzle-orm';
import type { SignedUpCustomer } from '../../auth/testing';
import { notifications } from '../../notifications/tables';
import { FakeClock } from '../../platform/clock';
import { createLeadership } from '../../platform/leadership';
import { Scheduler } from '../../platform/scheduler';
import { LoansService } from '../service';
import { loanNotices, loanOverdueDays, loanPayments } from '../tables';
import { DAY, loansServer, type LoansTestServer } from './helpers';

let server: LoansTestServer;
let ivy: SignedUpCustomer;
let loanId: string;

/** Signed and approved on 2026-11-23 at 10:00 UTC for 14 days: due until 2026-12-07 23:59:59 UTC. */
const T0 = Date.UTC(2026, 10, 23, 10, 0, 0);
const MATURITY = Date.UTC(2026, 11, 8, 0, 0, 0);
const REMINDER = Date.UTC(2026, 11, 6, 0, 0, 0);
const quiet = { error: () => undefined, warn: () => undefined, info: () => undefined };

beforeAll(async () => {
  server = await loansServer();
  ivy = await server.borrower();
  server.at(T0);
  loanId = (await server.sign(ivy, '500', 14)).id;
  await server.approve(loanId);
});
afterEach(async () => server.check());
afterAll(async () => server.close());

/**
 * One server "instance": its own scheduler on a fake clock and its own loans service over the same database
 * (a restart builds a new one; what the old one did is only in the database). The services' own scheduler
 * is never started in tests.
 */
let instances = 0n;
function instance(clock: FakeClock) {
  instances += 1n;
  const loans = new LoansService(
    (server.services.loans as unknown as { deps: ConstructorParameters<typeof LoansService>[0] }).deps,
  );
  loans.now = () => clock.now();
  const scheduler = new Scheduler({
    db: server.database.db,
    // Its own lock: every instance here leads, so two passes can overlap as after a restart with a late one.
    leadership: createLeadership(server.database, undefined, { key: 0x6c6f616e0000n + instances }),
    log: quiet,
    clock,
  });
  loans.registerJobs(scheduler);
  return { loans, scheduler };
}

async function accruedDays(): Promise<string[]> {
  const rows = await server.database.db
    .select({ day: loanOverdueDays.day, interest: loanOverdueDays.interest })
    .from(loanOverdueDays)
    .where(eq(loanOverdueDays.loanId, BigInt(loanId)))
    .orderBy(loanOverdueDays.day);
  return rows.map((r) => `${r.day}:${Number(r.interest).toFixed(2)}`);
}

async function notices(): Promise<string[]> {
  const rows = await server.database.db
    .select({ kind: loanNotices.kind, day: loanNotices.day })
    .from(loanNotices)
    .where(eq(loanNotices.loanId, BigInt(loanId)))
    .orderBy(loanNotices.kind, loanNotices.day);
  return rows.map((r) => `${r.kind}:${r.day}`);
}

async function sentToIvy(kind: string): Promise<number> {
  const [row] = await server.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, BigInt(ivy.userId)), eq(notifications.kind, kind)));
  return row?.n ?? 0;
}

const collections = () =>
  server.database.db
    .select()
    .from(loanPayments)
    .where(and(eq(loanPayments.loanId, BigInt(loanId)), eq(loanPayments.kind, 'collection')));

describe('a loan past its due date, on a fake clock, across a restart', () => {
  it('sends "due tomorrow" once, at the start of the day before the due date', async () => {
    const clock = new FakeClock(REMINDER - 60_000);
    const { scheduler } = instance(clock);
    await scheduler.runDue();
    expect(await notices()).toEqual([]);
    clock.jump(REMINDER + 60_000);
    await scheduler.runDue();
    clock.jump(REMINDER + 5 * 60_000);
    await scheduler.runDue();
    expect(await notices()).toEqual(['due_tomorrow:0']);
    expect(await sentToIvy('loan.due_tomorrow')).toBe(1);
  });

  it('is not due a second before the end of the due date: nothing is collected, nothing accrues', async () => {
    const clock = new FakeClock(MATURITY - 1000);
    const { scheduler, loans } = instance(clock);
    await scheduler.runDue();
    await loans.days.processDue(clock.now());
    expect(await collections()).toEqual([]);
    expect(await accruedDays()).toEqual([]);
    const loan = await loans.get({ userId: ivy.userId, mode: 'real' }, loanId);
    expect(loan).toMatchObject({ status: 'repaying', overdueDays: 0, daysLeft: 0, amountDueToday: '505.5' });
    // Refusals start only once it is overdue.
    expect(await loans.hasOverdueLoan(ivy.userId)).toBe(false);
  });

  it('collects at maturity what the available balance holds, once, with a receipt and a notice', async () => {
    const clock = new FakeClock(MATURITY + 2.5 * DAY);
    const { scheduler, loans } = instance(clock);
    await scheduler.runDue();
    // 505.50 was due; Ivy had 500 (the loan itself): interest first (5.50), then 494.50 of principal.
    const [collected] = await collections();
    expect(collected).toMatchObject({ kind: 'collection' });
    expect([collected!.amount, collected!.interest, collected!.principal].map((v) => Number(v))).toEqual([
      500, 5.5, 494.5,
    ]);
    expect(collected!.journalId).not.toBeNull();
    expect(await server.balance(ivy.userId)).toEqual({ available: '0', held: '0' });
    // Overdue interest on the 5.50 left: 5.50 × 0.0015 = 0.00825 → 0.01 a day, rounded up.
    expect(await accruedDays()).toEqual(['1:0.01', '2:0.01', '3:0.01']);
    expect(await notices()).toEqual(['due_tomorrow:0', 'overdue:1']);
    expect(await sentToIvy('loan.collected_partial')).toBe(1);
    const loan = await loans.get({ userId: ivy.userId, mode: 'real' }, loanId);
    expect(loan).toMatchObject({
      status: 'expired',
      overdueDays: 3,
      overdueInterest: '0.03',
      paidAmount: '500',
      amountDueToday: '5.53',
    });
    expect(loan.payments).toEqual([
      expect.objectContaining({ kind: 'collection', amount: '500', interest: '5.5', principal: '494.5' }),
    ]);
  });

  it('never collects twice: money deposited later stays, whatever instance runs after a restart', async () => {
    await server.fund(ivy.userId, 'USDT', '100');
    const clock = new FakeClock(MATURITY + 9.5 * DAY);
    const first = instance(clock);
    const second = instance(clock);
    // Two passes at once (a restarted instance and a late one): the unique keys keep every step single.
    await Promise.all([
      first.scheduler.runDue(),
      second.scheduler.runDue(),
      first.loans.days.processDue(clock.now()),
    ]);
    expect(await collections()).toHaveLength(1);
    expect(await server.balance(ivy.userId)).toEqual({ available: '100', held: '0' });
    expect(await accruedDays()).toHaveLength(10);
    expect(await notices()).toEqual(['due_tomorrow:0', 'overdue:1', 'overdue:8']);
    expect(await sentToIvy('loan.overdue')).toBe(2);
    expect(await sentToIvy('loan.collected_partial')).toBe(1);
    expect(server.events).toContainEqual({
      userId: ivy.userId,
      event: expect.objectContaining({ type: 'notification', kind: 'loan.overdue' }),
    });
  });

  it('refuses withdrawals (11400) and new loans (11401) while the loan is overdue', async () => {
    const clock = new FakeClock(MATURITY + 9.5 * DAY);
    server.at(clock.now());
    const quote = await server.call(ivy, 'POST', '/user/withdrawalQuote', {
      method: 'crypto',
      coin: 'USDT',
      network: 'TRC20',
      address: 'TDuG3LXyTggsXbxFccFRrnMUTJthJF9cqg',
      amount: '10',
    });
    expect(quote).toMatchObject({ status: 409, code: '11400' });
    expect((await server.call(ivy, 'POST', '/user/quoteLoan', { amount: '100', term: 7 })).code).toBe(
      '11401',
    );
    expect((await server.call(ivy, 'GET', '/user/loanProduct')).result).toMatchObject({ mayBorrow: false });
  });

  it('is repaid with everything accrued less what was collected, and then stays quiet', async () => {
    const clock = new FakeClock(MATURITY + 9.5 * DAY);
    const { scheduler, loans } = instance(clock);
    server.at(clock.now());
    // 5.50 principal left + 10 days × 0.01.
    const res = await server.call(ivy, 'POST', '/user/repayLoan', { id: loanId, amount: '5.6' });
    expect(res.result).toMatchObject({ status: 'repaid', repaidAmount: '505.6', overdueDays: 10 });
    expect(res.result.payments.map((p: { kind: string }) => p.kind)).toEqual(['collection', 'repayment']);
    expect(await server.balance(ivy.userId)).toEqual({ available: '94.4', held: '0' });
    clock.jump(MATURITY + 30 * DAY);
    await scheduler.runDue();
    await loans.days.processDue(clock.now());
    expect(await accruedDays()).toHaveLength(10);
    expect(await sentToIvy('loan.overdue')).toBe(2);
    // Withdrawals work again.
    expect(await loans.hasOverdueLoan(ivy.userId)).toBe(false);
  });
});

describe('a borrower who can pay at maturity', () => {
  it('is repaid in full by the collection, with a notice, and never overdue', async () => {
    const jon = await server.borrower();
    server.at(T0);
    const loan = await server.sign(jon, '200', 7);
    await server.approve(loan.id);
    await server.fund(jon.userId, 'USDT', '5');
    const clock = new FakeClock(Date.UTC(2026, 11, 1, 0, 0, 30));
    const { scheduler, loans } = instance(clock);
    await scheduler.runDue();
    const after = await loans.get({ userId: jon.userId, mode: 'real' }, loan.id);
    // 200 + 200 × 0.001 × (7 − 3) = 200.80.
    expect(after).toMatchObject({
      status: 'repaid',
      repaidAmount: '200.8',
      overdueDays: 0,
      amountDueToday: '0',
    });
    expect(await server.balance(jon.userId)).toEqual({ available: '4.2', held: '0' });
    const [row] = await server.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(eq(notifications.userId, BigInt(jon.userId)), eq(notifications.kind, 'loan.collected')));
    expect(row?.n).toBe(1);
  });
});
