import fc from 'fast-check';
import Decimal from 'decimal.js';
import type { SignedUpCustomer } from '../../auth/testing';
import { CYCLE_MS, plansServer, type PlansTestServer } from './helpers';

/**
 * Plans without surprises (issue 28): the exit quote is what the exit pays, to the last digit, whatever the
 * moment (property); demo plans sell on a fresh install from their own play-money reserve while the real tab
 * waits for staff to fund the real one.
 */
let server: PlansTestServer;

beforeAll(async () => {
  server = await plansServer();
});
afterEach(async () => server.check());
afterAll(async () => server.close());

const demoBalance = async (who: SignedUpCustomer) =>
  (await server.services.ledger.balances(who.userId, 'demo')).USDT ?? { available: '0', held: '0' };

describe('a fresh install', () => {
  it('sells demo plans at once, while the real reserve is empty and says so', async () => {
    const catalogue = (await server.call(null, 'GET', '/order/listSmartProduct')).result;
    expect(catalogue.reserves).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ mode: 'real', currency: 'USDT', balance: '0', selling: false }),
        expect.objectContaining({ mode: 'demo', currency: 'USDT', selling: true }),
      ]),
    );
    const dora = await server.customer();
    const quote = await server.call(
      dora,
      'POST',
      '/order/quoteSmart',
      { productId: server.goldId, days: 3, amount: '100' },
      'NO',
    );
    expect(quote.code).toBe('200');
    const bought = await server.call(
      dora,
      'POST',
      '/order/buySmart',
      { productId: server.goldId, days: 3, amount: '100', quoteId: quote.result.quoteId },
      'NO',
    );
    expect(bought).toMatchObject({ code: '200', result: { status: 'earning', amount: '100' } });
    expect(await demoBalance(dora)).toEqual({ available: '99900', held: '100' });
    // The demo plan is the demo account's alone: the real account's list is empty.
    expect((await server.call(dora, 'GET', '/order/listSmartOrder')).result).toEqual([]);
    server.clock.advance(3 * CYCLE_MS);
    await server.services.plans.payDue();
    // 100 back and 3 × 1 income, from the demo reserve (play money).
    expect(await demoBalance(dora)).toEqual({ available: '100003', held: '0' });
    // The real account is refused until staff fund its reserve (the Plans tab says "not available yet").
    await server.fund(dora.userId, 'USDT', '100');
    expect((await server.buy(dora, server.goldId, 3, '100')).code).toBe('11100');
  });
});

describe('the exit quote', () => {
  it('is exactly what the exit pays, at any moment of the plan (property)', async () => {
    await server.fundReserve('100000');
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 10, max: 1000 }),
        fc.integer({ min: 0, max: 99 }),
        fc.constantFrom(3, 5),
        fc.integer({ min: 0, max: 6 * CYCLE_MS }),
        async (whole, cents, days, elapsed) => {
          const amount = new Decimal(whole).plus(new Decimal(cents).div(100)).toFixed();
          const who = await server.customer();
          await server.fund(who.userId, 'USDT', amount);
          const bought = await server.buy(who, server.goldId, days, amount);
          expect(bought.code).toBe('200');
          server.clock.advance(elapsed);
          const id = bought.result.id as string;
          const before = new Decimal((await server.balance(who.userId)).available);
          const quote = await server.call(who, 'POST', '/order/quoteExitSmart', { id });
          if (quote.code === '11101') return; // completed by a payout run already
          expect(quote.code).toBe('200');
          const q = quote.result;
          // The parts add up: income due now + principal − damages.
          expect(new Decimal(q.incomeDueNow).plus(q.returned).eq(q.totalPaidNow)).toBe(true);
          expect(new Decimal(q.amount).minus(q.damages).eq(q.returned)).toBe(true);
          const exited = await server.call(who, 'POST', '/order/exitSmart', { id, total: q.totalPaidNow });
          expect(exited.code).toBe('200');
          const after = new Decimal((await server.balance(who.userId)).available);
          expect(after.minus(before).toFixed()).toBe(new Decimal(q.totalPaidNow).toFixed());
          expect(await server.balance(who.userId)).toMatchObject({ held: '0' });
        },
      ),
      { numRuns: 12, seed: 20261201 },
    );
  });

  it('refuses an exit whose figure moved since the quote (an earning time passed) with 11007', async () => {
    const who = await server.customer();
    await server.fund(who.userId, 'USDT', '100');
    const bought = await server.buy(who, server.goldId, 3, '100');
    const id = bought.result.id as string;
    server.clock.advance(CYCLE_MS - 1000);
    const quote = (await server.call(who, 'POST', '/order/quoteExitSmart', { id })).result;
    expect(quote).toMatchObject({ cyclesDueNow: 0, totalPaidNow: '90' });
    server.clock.advance(2000);
    const late = await server.call(who, 'POST', '/order/exitSmart', { id, total: quote.totalPaidNow });
    expect(late.code).toBe('11007');
    expect(await server.balance(who.userId)).toEqual({ available: '0', held: '100' });
  });
});
