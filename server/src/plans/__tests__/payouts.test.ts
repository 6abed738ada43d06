import { eq } from 'drizzle-orm';
import type { SignedUpCustomer } from '../../auth/testing';
import { planPayouts, plans } from '../tables';
import { CYCLE_MS, plansServer, type PlansTestServer } from './helpers';

let server: PlansTestServer;

beforeAll(async () => {
  server = await plansServer();
  await server.fundReserve('1000');
});
afterEach(async () => server.check());
afterAll(async () => server.close());

async function fundedCustomer(amount = '500'): Promise<SignedUpCustomer> {
  const who = await server.customer();
  await server.fund(who.userId, 'USDT', amount);
  return who;
}

async function onlyPlan(who: SignedUpCustomer) {
  const [plan] = await server.plans(who);
  return plan as {
    id: string;
    status: string;
    cyclesPaid: number;
    incomeSoFar: string;
    nextEarningAt: string | null;
    payouts: { cycle: number; amount: string; journalId: string }[];
    damages: string | null;
  };
}

describe('the payout run (fake clock)', () => {
  it('pays each earning time once and returns the principal at expiry', async () => {
    const who = await fundedCustomer();
    const bought = await server.buy(who, server.goldId, 3, '100');
    expect(bought).toMatchObject({ code: '200', message: '20004' });
    expect(await server.balance(who.userId)).toEqual({ available: '400', held: '100' });

    // Just before the first earning time: nothing is due.
    server.clock.advance(CYCLE_MS - 1);
    expect(await server.services.plans.payDue()).toEqual({ plans: 0, payouts: 0 });
    for (let cycle = 1; cycle <= 2; cycle += 1) {
      server.clock.advance(cycle === 1 ? 1 : CYCLE_MS);
      expect(await server.services.plans.payDue()).toEqual({ plans: 1, payouts: 1 });
      expect(await server.balance(who.userId)).toEqual({ available: String(400 + cycle), held: '100' });
      await server.check();
    }
    server.clock.advance(CYCLE_MS);
    await server.services.plans.payDue();
    expect(await server.balance(who.userId)).toEqual({ available: '503', held: '0' });
    const plan = await onlyPlan(who);
    expect(plan).toMatchObject({ status: 'completed', cyclesPaid: 3, incomeSoFar: '3', nextEarningAt: null });
    expect(plan.payouts.map((p) => [p.cycle, p.amount])).toEqual([
      [1, '1'],
      [2, '1'],
      [3, '1'],
    ]);
    // Each payout's receipt is its ledger entry: plan account debited, customer credited.
    const postings = await server.services.ledger.postingsOfJournals([plan.payouts[0]!.journalId]);
    expect(postings.map((p) => [p.kind, p.amount]).sort()).toEqual([
      ['customer_available', '1.000000000000000000'],
      ['platform_plan_payouts', '-1.000000000000000000'],
    ]);
    server.clock.advance(10 * CYCLE_MS);
    expect(await server.services.plans.payDue()).toEqual({ plans: 0, payouts: 0 });
  });

  it('catches up three missed days on restart, each paid exactly once, and completes on time', async () => {
    const who = await fundedCustomer();
    await server.buy(who, server.goldId, 5, '200');
    // Down for three cycles and a half: the first pass after it pays cycles 1 to 3, in order, once each.
    server.clock.advance(3.5 * CYCLE_MS);
    expect(await server.services.plans.payDue()).toEqual({ plans: 1, payouts: 3 });
    expect(await server.services.plans.payDue()).toEqual({ plans: 0, payouts: 0 });
    let plan = await onlyPlan(who);
    expect(plan.payouts.map((p) => p.cycle)).toEqual([1, 2, 3]);
    expect(plan.incomeSoFar).toBe('7.2');
    // Down again past the expiry: the last two cycles and the principal, and the plan ends.
    server.clock.advance(10 * CYCLE_MS);
    expect(await server.services.plans.payDue()).toEqual({ plans: 1, payouts: 2 });
    plan = await onlyPlan(who);
    expect(plan).toMatchObject({ status: 'completed', cyclesPaid: 5, incomeSoFar: '12' });
    expect(await server.balance(who.userId)).toEqual({ available: '512', held: '0' });
    const rows = await server.database.db
      .select()
      .from(planPayouts)
      .where(eq(planPayouts.planId, BigInt(plan.id)));
    expect(rows).toHaveLength(5);
  });

  it('early exit pays what was due, returns principal minus damages, and stops income', async () => {
    const who = await fundedCustomer();
    await server.buy(who, server.goldId, 3, '100');
    server.clock.advance(CYCLE_MS + 5);
    const { id } = await onlyPlan(who);
    const quote = await server.call(who, 'POST', '/order/quoteExitSmart', { id });
    // Cycle 1 is due but not paid yet: the exit pays it, so it is not income given up (issue 28).
    expect(quote.result).toMatchObject({
      damages: '10',
      returned: '90',
      incomeSoFar: '0',
      cyclesDueNow: 1,
      incomeDueNow: '1',
      incomeForgone: '2',
      totalPaidNow: '91',
    });
    const exited = await server.call(who, 'POST', '/order/exitSmart', { id, total: '91' });
    expect(exited.result).toMatchObject({ status: 'exited', cyclesPaid: 1, damages: '10' });
    // 400 + 1 (cycle 1, due before the exit) + 90 returned.
    expect(await server.balance(who.userId)).toEqual({ available: '491', held: '0' });
    server.clock.advance(10 * CYCLE_MS);
    expect(await server.services.plans.payDue()).toEqual({ plans: 0, payouts: 0 });
    expect(await server.balance(who.userId)).toEqual({ available: '491', held: '0' });
    const again = await server.call(who, 'POST', '/order/quoteExitSmart', { id });
    expect(again.code).toBe('11101');
  });

  it('two payout runs at once pay each cycle once', async () => {
    const customers = [await fundedCustomer(), await fundedCustomer(), await fundedCustomer()];
    for (const who of customers) await server.buy(who, server.silverId, 2, '100');
    server.clock.advance(CYCLE_MS);
    const runs = await Promise.all([server.services.plans.payDue(), server.services.plans.payDue()]);
    expect(runs[0]!.payouts + runs[1]!.payouts).toBe(3);
    server.clock.advance(CYCLE_MS);
    const finals = await Promise.all([server.services.plans.payDue(), server.services.plans.payDue()]);
    expect(finals[0]!.payouts + finals[1]!.payouts).toBe(3);
    for (const who of customers) {
      expect(await server.balance(who.userId)).toEqual({ available: '501', held: '0' });
      expect((await onlyPlan(who)).payouts.map((p) => p.cycle)).toEqual([1, 2]);
    }
  });

  it('the reserve reports its balance, obligations and coverage from the ledger', async () => {
    const who = await fundedCustomer();
    await server.buy(who, server.goldId, 5, '100');
    const products = await server.call(null, 'GET', '/order/listSmartProduct');
    const [reserve] = products.result.reserves;
    // Funded 1000; paid so far 3 + 12 + 1 + 3 = 19; damages 10 in: balance 991. Owed: 1.2 × 5 = 6.
    expect(reserve).toEqual({
      currency: 'USDT',
      mode: 'real',
      balance: '991',
      obligations: '6',
      coverageRatio: '165.1666',
      // 985 beyond what is owed covers the smallest purchase's income (10 × 0.005 × 2 = 0.1).
      selling: true,
    });
  });

  it('pays a plan bought before ledger precision its stored income rounded up to the cent', async () => {
    const who = await fundedCustomer();
    await server.buy(who, server.goldId, 3, '100');
    const { id } = await onlyPlan(who);
    // As such a plan was stored: 8 decimals of daily income.
    await server.database.db
      .update(plans)
      .set({ dailyIncome: '1.23456789' })
      .where(eq(plans.id, BigInt(id)));
    server.clock.advance(CYCLE_MS);
    await server.services.plans.payDue();
    expect(await server.balance(who.userId)).toEqual({ available: '401.24', held: '100' });
    expect((await onlyPlan(who)).payouts.map((p) => p.amount)).toEqual(['1.24']);
    server.clock.advance(2 * CYCLE_MS);
    await server.services.plans.payDue();
  });

  it('the payout run is a registered scheduler job that runs on start', async () => {
    const who = await fundedCustomer();
    expect(await onlyPlan(who)).toBeUndefined();
    await server.buy(who, server.silverId, 2, '100');
    server.clock.advance(2 * CYCLE_MS);
    // The scheduler's own pass (leader on PGlite): its clock is the system clock, the plans clock is ours.
    const report = await server.services.scheduler.runDue();
    expect(report.periodic).toContain('plans.payouts');
    expect(await server.balance(who.userId)).toEqual({ available: '501', held: '0' });
  });
});
