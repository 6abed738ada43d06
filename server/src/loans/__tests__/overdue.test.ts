import { and, eq, sql } from 'drizzle-orm';
import type { SignedUpCustomer } from '../../auth/testing';
import { notifications } from '../../notifications/tables';
import { FakeClock } from '../../platform/clock';
import { createLeadership } from '../../platform/leadership';
import { Scheduler } from '../../platform/scheduler';
import { LoansService } from '../service';
import { loanNotices, loanOverdueDays } from '../tables';
import { DAY, loansServer, type LoansTestServer } from './helpers';

let server: LoansTestServer;
let ivy: SignedUpCustomer;
let loanId: string;

const T0 = Date.UTC(2026, 10, 23, 10, 0, 0);
const MATURITY = T0 + 14 * DAY;
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

async function accruedDays(): Promise<number[]> {
  const rows = await server.database.db
    .select({ day: loanOverdueDays.day })
    .from(loanOverdueDays)
    .where(eq(loanOverdueDays.loanId, BigInt(loanId)))
    .orderBy(loanOverdueDays.day);
  return rows.map((r) => r.day);
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

describe('a loan past its repayment date, on a fake clock, across a restart', () => {
  it('sends "due tomorrow" once, the day before', async () => {
    const clock = new FakeClock(MATURITY - DAY - 3_600_000);
    const { scheduler } = instance(clock);
    await scheduler.runDue();
    expect(await notices()).toEqual([]);
    clock.jump(MATURITY - DAY + 60_000);
    await scheduler.runDue();
    clock.jump(MATURITY - DAY + 5 * 60_000);
    await scheduler.runDue();
    expect(await notices()).toEqual(['due_tomorrow:0']);
    expect(await sentToIvy('loan.due_tomorrow')).toBe(1);
    expect(await accruedDays()).toEqual([]);
  });

  it('accrues overdue interest once per day and notifies on the due date; a second pass adds nothing', async () => {
    const clock = new FakeClock(MATURITY + 2.5 * DAY);
    const { scheduler, loans } = instance(clock);
    await scheduler.runDue();
    expect(await accruedDays()).toEqual([1, 2, 3]);
    expect(await notices()).toEqual(['due_tomorrow:0', 'overdue:1']);
    clock.jump(MATURITY + 2.5 * DAY + 2 * 60_000);
    await scheduler.runDue();
    await loans.days.processDue(clock.now());
    expect(await accruedDays()).toEqual([1, 2, 3]);
    expect(await sentToIvy('loan.overdue')).toBe(1);
    const loan = await loans.get({ userId: ivy.userId, mode: 'real' }, loanId);
    // 500 + 5.50 interest + 3 days × 0.75 overdue interest.
    expect(loan).toMatchObject({
      status: 'expired',
      overdueDays: 3,
      overdueInterest: '2.25',
      amountDueToday: '507.75',
    });
  });

  it('after a week of downtime, a new instance catches up each day exactly once, with the 7-day reminder', async () => {
    const clock = new FakeClock(MATURITY + 9.5 * DAY);
    const first = instance(clock);
    const second = instance(clock);
    // Two passes at once (a restarted instance and a late one): the unique keys keep every step single.
    await Promise.all([
      first.scheduler.runDue(),
      second.scheduler.runDue(),
      first.loans.days.processDue(clock.now()),
    ]);
    expect(await accruedDays()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(await notices()).toEqual(['due_tomorrow:0', 'overdue:1', 'overdue:8']);
    expect(await sentToIvy('loan.overdue')).toBe(2);
    expect(server.events).toContainEqual({
      userId: ivy.userId,
      event: expect.objectContaining({ type: 'notification', kind: 'loan.overdue' }),
    });
  });

  it('is repaid with everything accrued, and then stays quiet', async () => {
    const clock = new FakeClock(MATURITY + 9.5 * DAY);
    const { scheduler, loans } = instance(clock);
    server.at(clock.now());
    await server.fund(ivy.userId, 'USDT', '20');
    const res = await server.call(ivy, 'POST', '/user/repayLoan', { id: loanId, amount: '513' });
    // 500 + 5.50 + 10 × 0.75.
    expect(res.result).toMatchObject({ status: 'repaid', repaidAmount: '513', overdueDays: 10 });
    expect(await server.balance(ivy.userId)).toEqual({ available: '7', held: '0' });
    clock.jump(MATURITY + 30 * DAY);
    await scheduler.runDue();
    await loans.days.processDue(clock.now());
    expect(await accruedDays()).toHaveLength(10);
    expect(await sentToIvy('loan.overdue')).toBe(2);
  });
});
