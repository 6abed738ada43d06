import Decimal from 'decimal.js';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { createTestServer, type TestServer } from '../../test/harness';
import { users } from '../../auth/tables';
import { tradingOptions, tradingPositions, tradingSpotOrders } from '../../trading/tables';
import type { Db } from '../../db/client';
import { HOME_STATS_WINDOW_MS, HomeStatsService, computeHomeStats } from '../home-stats';

let server: TestServer;
let db: Db;
beforeAll(async () => {
  server = await createTestServer();
  db = server.database.db;
});
afterAll(async () => server.close());

const HOUR = 3_600_000;
let nextUser = 0;
// Expected sums are computed with enough digits for any product of two stored amounts.
const Exact = Decimal.clone({ precision: 100 });

async function customer(status: 'active' | 'disabled' = 'active'): Promise<bigint> {
  const n = ++nextUser;
  const [row] = await db
    .insert(users)
    .values({
      username: `stats_${n}`,
      email: `stats_${n}@example.com`,
      passwordHash: 'not-a-real-hash',
      inviteCode: `STATS${n}`,
      status,
    })
    .returning({ id: users.id });
  return row!.id;
}

type Mode = 'real' | 'demo';

async function spotFill(userId: bigint, mode: Mode, quantity: string, price: string, at: number) {
  await db.insert(tradingSpotOrders).values({
    userId,
    mode,
    code: 'BTCUSDT',
    side: 'buy',
    orderType: 'market',
    quantity,
    status: 'filled',
    fillPrice: price,
    fee: '0',
    createdAt: new Date(at),
    filledAt: new Date(at),
  });
}

async function marginOpen(
  userId: bigint,
  mode: Mode,
  fields: { lots: string; contractSize: string; openPrice: string | null; at: number | null },
) {
  await db.insert(tradingPositions).values({
    userId,
    mode,
    code: 'EURUSD',
    direction: 'long',
    lots: fields.lots,
    leverage: 10,
    contractSize: fields.contractSize,
    orderType: fields.openPrice ? 'market' : 'limit',
    limitPrice: fields.openPrice ? null : '1.05',
    openPrice: fields.openPrice,
    margin: '100',
    openFee: '1',
    maintenanceRate: '0.5',
    marginCallRate: '0.75',
    status: fields.openPrice ? 'open' : 'waiting',
    openTime: fields.at === null ? null : new Date(fields.at),
  });
}

async function optionStake(userId: bigint, mode: Mode, amount: string, at: number) {
  await db.insert(tradingOptions).values({
    userId,
    mode,
    code: 'BTCUSDT',
    direction: 'up',
    amount,
    period: 60,
    rate: '0.85',
    openPrice: '64000',
    openSeq: 1,
    openTickTime: new Date(at),
    status: 'open',
    openTime: new Date(at),
    expiryTime: new Date(at + 60_000),
  });
}

describe('home statistics', () => {
  // Figures at a fixed moment well away from the property test's windows below.
  const now = Date.UTC(2026, 10, 22, 12);

  it('counts active customers and real-money trading of the last 24 hours only', async () => {
    const before = await computeHomeStats(db, now);
    const alice = await customer();
    const bob = await customer();
    const carol = await customer();
    await customer('disabled');

    // Alice: a spot fill and an option stake in real money (counted once as a trading customer).
    await spotFill(alice, 'real', '0.1', '3', now - HOUR); // 0.3
    await spotFill(alice, 'real', '0.5', '64210.5', now - 23 * HOUR); // 32105.25
    await optionStake(alice, 'real', '50.1', now - 2 * HOUR);
    // Bob: a margin opening, lots × contract size × open price = 0.01 × 100000 × 1.08345.
    await marginOpen(bob, 'real', {
      lots: '0.01',
      contractSize: '100000',
      openPrice: '1.08345',
      at: now - HOUR,
    });
    // Not counted: a limit entry still waiting (no open price), anything demo, anything older than 24 h, and
    // a spot limit order that has not filled.
    await marginOpen(bob, 'real', { lots: '5', contractSize: '100000', openPrice: null, at: null });
    await spotFill(carol, 'demo', '10', '64000', now - HOUR);
    await marginOpen(carol, 'demo', { lots: '1', contractSize: '100000', openPrice: '1.1', at: now - HOUR });
    await optionStake(carol, 'demo', '1000', now - HOUR);
    await spotFill(carol, 'real', '1', '64000', now - 24 * HOUR - 1);
    await optionStake(carol, 'real', '500', now - 25 * HOUR);
    await spotFill(carol, 'real', '1', '64000', now + 1); // after the moment asked about
    await db.insert(tradingSpotOrders).values({
      userId: carol,
      mode: 'real',
      code: 'BTCUSDT',
      side: 'buy',
      orderType: 'limit',
      quantity: '3',
      limitPrice: '60000',
      status: 'pending',
    });

    const stats = await computeHomeStats(db, now);
    expect(stats.registeredCustomers - before.registeredCustomers).toBe(3);
    expect(stats.tradingCustomers24h - before.tradingCustomers24h).toBe(2);
    expect(new Exact(stats.tradedVolume24h).minus(before.tradedVolume24h).toFixed()).toBe('33239.1');
    expect(stats.asOf).toBe(new Date(now).toISOString());
  });

  it('sums the volume exactly in decimal', async () => {
    // Each run gets its own 24-hour window, far from the other tests' trades.
    let day = 0;
    const amount = fc
      .tuple(fc.bigInt({ min: 1n, max: 10n ** 12n }), fc.integer({ min: 0, max: 8 }))
      .map(([units, scale]) => new Exact(units.toString()).div(new Exact(10).pow(scale)).toFixed());
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(amount, amount), { minLength: 1, maxLength: 6 }),
        fc.array(amount, { maxLength: 4 }),
        async (fills, stakes) => {
          const at = Date.UTC(2030, 0, 1) + ++day * 3 * HOUR * 24;
          const trader = await customer();
          for (const [quantity, price] of fills) await spotFill(trader, 'real', quantity, price, at - HOUR);
          for (const stake of stakes) await optionStake(trader, 'real', stake, at - HOUR);
          const expected = fills
            .reduce((sum, [quantity, price]) => sum.plus(new Exact(quantity).times(price)), new Exact(0))
            .plus(stakes.reduce((sum, stake) => sum.plus(stake), new Exact(0)));
          const stats = await computeHomeStats(db, at);
          expect(stats.tradedVolume24h).toBe(expected.toFixed());
          expect(stats.tradingCustomers24h).toBe(1);
        },
      ),
      { numRuns: 15 },
    );
  });

  it('has an empty window at zero', async () => {
    const stats = await computeHomeStats(db, Date.UTC(2001, 0, 1));
    expect(stats.tradingCustomers24h).toBe(0);
    expect(stats.tradedVolume24h).toBe('0');
    expect(HOME_STATS_WINDOW_MS).toBe(24 * HOUR);
  });
});

describe('the cached figures', () => {
  // A day of its own: no other test's trades fall into its window.
  const day = Date.UTC(2026, 5, 1, 12);
  function countingDb() {
    const execute = jest.fn((query: Parameters<Db['execute']>[0]) => db.execute(query));
    return { db: { execute } as unknown as Db, execute };
  }

  it('are computed once per minute, and once for concurrent requests', async () => {
    const clock = { now: day };
    const counting = countingDb();
    const service = new HomeStatsService(counting.db, { now: () => clock.now });
    const [first, second] = await Promise.all([service.current(), service.current()]);
    expect(counting.execute).toHaveBeenCalledTimes(1);
    expect(second).toBe(first);

    const trader = await customer();
    await spotFill(trader, 'real', '2', '10', clock.now - HOUR);
    clock.now += 59_999;
    expect(await service.current()).toBe(first);
    expect(counting.execute).toHaveBeenCalledTimes(1);

    clock.now += 1;
    const fresh = await service.current();
    expect(counting.execute).toHaveBeenCalledTimes(2);
    expect(fresh.asOf).toBe(new Date(clock.now).toISOString());
    expect(new Exact(fresh.tradedVolume24h).minus(first.tradedVolume24h).toFixed()).toBe('20');
  });

  it('serve the last figures while the database fails, and fail only without any', async () => {
    const clock = { now: day };
    const counting = countingDb();
    const service = new HomeStatsService(counting.db, { now: () => clock.now });
    counting.execute.mockRejectedValueOnce(new Error('database down'));
    await expect(service.current()).rejects.toThrow('database down');

    const first = await service.current();
    clock.now += 120_000;
    counting.execute.mockRejectedValueOnce(new Error('database down'));
    expect(await service.current()).toBe(first);
    // The next request tries again rather than keeping the failure.
    const fresh = await service.current();
    expect(fresh.asOf).toBe(new Date(clock.now).toISOString());
    expect(counting.execute).toHaveBeenCalledTimes(4);
  });
});

describe('GET /index/homeStats', () => {
  it('answers the figures to anyone, without a session', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/swx/customer/index/homeStats' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe('200');
    expect(Object.keys(body.result).sort()).toEqual([
      'asOf',
      'registeredCustomers',
      'tradedVolume24h',
      'tradingCustomers24h',
    ]);
    const direct = await computeHomeStats(db, Date.parse(body.result.asOf));
    expect(body.result).toEqual(direct);
    expect(body.result.registeredCustomers).toBeGreaterThanOrEqual(3);
  });

  it('is served by the (mode, time) indexes on PostgreSQL', async () => {
    if (server.database.kind !== 'postgres') return;
    // The tables are tiny here, so the planner is told not to prefer a sequential scan when it can avoid one.
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const since = new Date(Date.now() - HOME_STATS_WINDOW_MS).toISOString();
      const result = await tx.execute(sql`
        explain select user_id from trading_spot_orders
         where mode = 'real' and status = 'filled' and filled_at >= ${since}::timestamptz
        union all select user_id from trading_positions where mode = 'real' and open_time >= ${since}::timestamptz
        union all select user_id from trading_options where mode = 'real' and open_time >= ${since}::timestamptz`);
      const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
        'QUERY PLAN': string;
      }[];
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/trading_spot_orders_filled/);
    expect(plan).toMatch(/trading_positions_opened/);
    expect(plan).toMatch(/trading_options_opened/);
  });
});
