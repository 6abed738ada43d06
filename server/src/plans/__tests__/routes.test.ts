import type { SignedUpCustomer } from '../../auth/testing';
import { CYCLE_MS, plansServer, type PlansTestServer } from './helpers';

let server: PlansTestServer;
let alice: SignedUpCustomer;

beforeAll(async () => {
  server = await plansServer();
  alice = await server.customer();
  await server.fund(alice.userId, 'USDT', '300');
});
afterEach(async () => server.check());
afterAll(async () => server.close());

const quote = (who: SignedUpCustomer | null, body: object, mode: 'YES' | 'NO' = 'YES') =>
  server.call(who, 'POST', '/order/quoteSmart', body, mode);

describe('smart plan routes', () => {
  it('authenticate before they validate', async () => {
    for (const url of ['/order/quoteSmart', '/order/buySmart', '/order/exitSmart', '/order/quoteExitSmart']) {
      const res = await server.call(null, 'POST', url, { nonsense: true });
      expect([res.status, res.code]).toEqual([401, '401']);
    }
    expect((await server.call(null, 'GET', '/order/listSmartOrder')).code).toBe('401');
  });

  it('quote demo accounts too: demo plans are play money from their own reserve', async () => {
    const res = await quote(alice, { productId: server.goldId, days: 3, amount: '100' }, 'NO');
    expect([res.status, res.code]).toEqual([200, '200']);
  });

  it('answer 10010, 10012, 10013 and 11500 for a wrong product, days and amount', async () => {
    expect((await quote(alice, { productId: '999', days: 3, amount: '100' })).code).toBe('10010');
    expect((await quote(alice, { productId: server.goldId, days: 4, amount: '100' })).code).toBe('10012');
    const low = await quote(alice, { productId: server.goldId, days: 3, amount: '9.99' });
    expect(low.code).toBe('10013');
    expect(low.message).toContain('between 10 and 1000 USDT');
    expect((await quote(alice, { productId: server.goldId, days: 3, amount: '1000.01' })).code).toBe('10013');
    // Finer than USDT's cents (ledger precision): 11500, naming the precision.
    const fine = await quote(alice, { productId: server.goldId, days: 3, amount: '100.001' });
    expect([fine.code, fine.message]).toEqual(['11500', 'USDT amounts have at most 2 decimal places']);
  });

  it('refuse a purchase the reserve cannot cover (11100), then accept it once funded', async () => {
    // The back office's dashboard reads whether each reserve sells (finance and admins; not customers).
    const reserves = async (token: string) => {
      const res = await server.app.inject({
        method: 'GET',
        url: '/swx/admin/plans/reserves',
        headers: { authorization: token },
      });
      return { status: res.statusCode, result: res.json().result };
    };
    const realUsdt = (list: { currency: string; mode: string }[]) =>
      list.find((reserve) => reserve.currency === 'USDT' && reserve.mode === 'real');
    expect(realUsdt((await reserves(server.staff)).result)).toMatchObject({ balance: '0', selling: false });
    expect((await reserves(alice.token)).status).toBe(401);
    const refused = await server.buy(alice, server.goldId, 3, '100');
    expect(refused.code).toBe('11100');
    expect(await server.balance(alice.userId)).toEqual({ available: '300', held: '0' });
    await server.fundReserve('3');
    expect(realUsdt((await reserves(server.chief)).result)).toMatchObject({ balance: '3', selling: true });
    const bought = await server.buy(alice, server.goldId, 3, '100');
    expect(bought).toMatchObject({ code: '200', message: '20004' });
    expect(bought.result).toMatchObject({ status: 'earning', amount: '100', dailyIncome: '1', days: 3 });
  });

  it('answer 10024 for the same product while one is running', async () => {
    await server.fundReserve('100');
    const again = await server.buy(alice, server.goldId, 5, '50');
    expect(again.code).toBe('10024');
  });

  it('answer 10011 when the balance is short, holding nothing', async () => {
    const bob = await server.customer();
    await server.fund(bob.userId, 'USDT', '20');
    const res = await server.buy(bob, server.silverId, 2, '50');
    expect(res.code).toBe('10011');
    expect(await server.balance(bob.userId)).toEqual({ available: '20', held: '0' });
    expect(await server.plans(bob)).toEqual([]);
  });

  it('answer 11007 for a used, expired or re-termed quote', async () => {
    const carol = await server.customer();
    await server.fund(carol.userId, 'USDT', '500');
    const body = { productId: server.silverId, days: 2, amount: '100' };
    // Expired.
    const old = await quote(carol, body);
    server.clock.advance(6 * 60_000);
    const expired = await server.call(carol, 'POST', '/order/buySmart', {
      ...body,
      quoteId: old.result.quoteId,
    });
    expect(expired.code).toBe('11007');
    // Terms changed by staff between quote and purchase.
    const fresh = await quote(carol, body);
    const changed = await server.setTerms(server.silverId, {
      terms: [{ days: 2, dailyRate: '0.004' }],
      minAmount: '10',
      maxAmount: '1000',
      exitDamagesRate: '0.05',
      enabled: true,
      reason: 'Lower rate from Monday',
    });
    expect(changed.status).toBe('approved');
    const stale = await server.call(carol, 'POST', '/order/buySmart', {
      ...body,
      quoteId: fresh.result.quoteId,
    });
    expect(stale.code).toBe('11007');
    // A new quote shows the new rate, and buying on it works once.
    const requote = await quote(carol, body);
    expect(requote.result).toMatchObject({ dailyRate: '0.004', dailyIncome: '0.4', totalIncome: '0.8' });
    const bought = await server.call(carol, 'POST', '/order/buySmart', {
      ...body,
      quoteId: requote.result.quoteId,
    });
    expect(bought.code).toBe('200');
    const reused = await server.call(
      carol,
      'POST',
      '/order/buySmart',
      { ...body, quoteId: requote.result.quoteId },
      'YES',
    );
    expect(['30000', '11007']).toContain(reused.code);
    // Quotes a day past their expiry are purged; the plan keeps its own terms.
    server.clock.advance(25 * 3_600_000);
    expect(await server.services.plans.purgeExpiredQuotes()).toBeGreaterThanOrEqual(3);
    expect((await server.plans(carol))[0]).toMatchObject({ dailyRate: '0.004' });
    const audit = await server.asAdmin('GET', '/audit');
    expect(JSON.stringify(audit.result)).toContain('Lower rate from Monday');
  });

  it('answer 30000 for a repeated submission and change nothing', async () => {
    const dave = await server.customer();
    await server.fund(dave.userId, 'USDT', '500');
    const q = await quote(dave, { productId: server.silverId, days: 2, amount: '100' });
    const body = { productId: server.silverId, days: 2, amount: '100', quoteId: q.result.quoteId };
    const first = await server.call(dave, 'POST', '/order/buySmart', body);
    const second = await server.call(dave, 'POST', '/order/buySmart', body);
    expect([first.code, second.code]).toEqual(['200', '30000']);
    expect(await server.plans(dave)).toHaveLength(1);
    expect(await server.balance(dave.userId)).toEqual({ available: '400', held: '100' });
  });

  it('a disabled product answers 10010', async () => {
    await server.setTerms(server.silverId, {
      terms: [{ days: 2, dailyRate: '0.004' }],
      minAmount: '10',
      maxAmount: '1000',
      exitDamagesRate: '0.05',
      enabled: false,
      reason: 'Paused for review',
    });
    const res = await quote(alice, { productId: server.silverId, days: 2, amount: '100' });
    expect(res.code).toBe('10010');
    expect(res.message).toContain('not enabled');
  });

  it('lists a plan with its terms, runtime and outcome', async () => {
    server.clock.advance(CYCLE_MS);
    await server.services.plans.payDue();
    const [plan] = await server.plans(alice);
    expect(plan).toMatchObject({
      productCode: 'GOLD-TEST',
      underlying: 'XAUUSD',
      dailyRate: '0.01',
      // The quote-expiry test moved the clock past this plan's three cycles.
      exitDamagesNow: null,
      nextEarningAt: null,
      status: 'completed',
      cyclesPaid: 3,
      incomeSoFar: '3',
    });
    expect(plan!.runtimeSeconds).toBe(3 * 60);
  });
});

describe('plans among the markets', () => {
  type Row = { code: string; type: number; id: string; appName: string; logo: string; openNow: boolean };
  const list = async (query: string) =>
    (await server.call(null, 'GET', `/index/listMarketAll${query}`)).result as Row[];

  it('lists the products under type 1 with their underlying market’s logo, and only when type 1 is asked for', async () => {
    const smart = await list('?type=1');
    expect(smart.map((row) => [row.code, row.type, row.id])).toEqual([
      ['GOLD-TEST', 1, server.goldId],
      ['SILVER-TEST', 1, server.silverId],
    ]);
    const markets = await list('');
    expect(markets.some((row) => row.type === 1)).toBe(false);
    const gold = markets.find((row) => row.code === 'XAUUSD')!;
    expect(smart[0]).toMatchObject({ logo: gold.logo, openNow: true });
    expect((await list('?type=2')).some((row) => row.type === 1)).toBe(false);
    expect((await list('?type=1&type=5')).map((row) => row.type).sort()).toContain(1);
  });

  it('say which field a reserve funding gets wrong, and change nothing', async () => {
    const ask = async (body: object) => {
      const res = await server.app.inject({
        method: 'POST',
        url: '/swx/admin/plans/reserve',
        headers: { authorization: server.staff },
        payload: { currency: 'USDT', amount: '10', reason: 'Owners fund the plan reserve', ...body },
      });
      return { status: res.statusCode, ...res.json() };
    };
    const pending = async () =>
      (
        await server.app.inject({
          method: 'GET',
          url: '/swx/admin/changes?status=pending',
          headers: { authorization: server.staff },
        })
      ).json().result.length;
    const before = await pending();
    expect(await ask({ amount: '-5' })).toMatchObject({
      status: 400,
      code: '400',
      fields: [{ field: 'amount', rule: 'format' }],
    });
    expect(await ask({ amount: '0' })).toMatchObject({
      code: '11010',
      fields: [{ field: 'amount', rule: 'positive' }],
    });
    expect(await ask({ reason: 'ab' })).toMatchObject({
      code: '400',
      fields: [{ field: 'reason', rule: 'minLength', limit: 3 }],
    });
    expect(await ask({ currency: 'us dt' })).toMatchObject({
      fields: [{ field: 'currency', rule: 'format' }],
    });
    const unknown = await ask({ extra: 1 });
    expect([unknown.code, unknown.fields]).toEqual(['400', undefined]);
    // A refusal that is not about the input names no field.
    const customer = await server.call(alice, 'POST', '/order/quoteSmart', {
      productId: '999',
      days: 3,
      amount: '1',
    });
    expect(JSON.parse(customer.body).fields).toBeUndefined();
    expect(await pending()).toBe(before);
  });
});
