import fc from 'fast-check';
import Decimal from 'decimal.js';
import { and, eq, inArray } from 'drizzle-orm';
import { tradingServer, refusal, type TradingTestServer } from './helpers';
import { tradingOptions, tradingPositions, tradingReceipts, tradingSpotOrders } from '../tables';
import type { Customer } from '..';
import { propertyRuns, propertySeed } from '../../test/property-runs';

/**
 * Random sequences of ticks and orders through the real engine and database. After each sequence: the
 * ledger checks clean, every fill and settlement used a tick the feed published, nothing settled twice, no
 * loss exceeded its margin, and every rule-based close happened at exactly the first tick the rule reached.
 */

let server: TradingTestServer;
beforeAll(async () => {
  server = await tradingServer();
  await server.tick('BTCUSDT', '100000.00');
});
afterAll(async () => server.close());

const priceArb = fc.integer({ min: -14, max: 14 }).map((k) => (100000 + k * 500).toFixed(2));
const op = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      type: fc.constant('tick' as const),
      price: priceArb,
      advance: fc.integer({ min: 0, max: 40 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('open' as const),
      who: fc.integer({ min: 0, max: 1 }),
      direction: fc.constantFrom('long' as const, 'short' as const),
      lots: fc.constantFrom('0.1', '0.3', '1'),
      leverage: fc.constantFrom(1, 5, 10, 20),
      limit: fc.option(priceArb, { nil: undefined, freq: 1 }),
      // Distances in 500-steps from the entry, put on the correct side at the time of the order (most of
      // them valid; some beyond liquidation, which must be refused).
      stopLoss: fc.option(fc.integer({ min: 1, max: 12 }), { nil: undefined, freq: 2 }),
      takeProfit: fc.option(fc.integer({ min: 1, max: 12 }), { nil: undefined, freq: 2 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('close' as const),
      who: fc.integer({ min: 0, max: 1 }),
      pick: fc.nat(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('spot' as const),
      who: fc.integer({ min: 0, max: 1 }),
      side: fc.constantFrom('buy' as const, 'sell' as const),
      quantity: fc.constantFrom('0.01', '0.2'),
      limit: fc.option(priceArb, { nil: undefined }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('cancel' as const),
      who: fc.integer({ min: 0, max: 1 }),
      pick: fc.nat(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('option' as const),
      who: fc.integer({ min: 0, max: 1 }),
      direction: fc.constantFrom('up' as const, 'down' as const),
      period: fc.constantFrom(60, 120),
    }),
  },
);

type Step = typeof op extends fc.Arbitrary<infer T> ? T : never;

async function apply(customers: Customer[], step: Step): Promise<void> {
  const t = server.services.trading;
  const who = customers['who' in step ? step.who : 0]!;
  switch (step.type) {
    case 'tick':
      server.clock.now += step.advance * 1000;
      await server.tick('BTCUSDT', step.price);
      return;
    case 'open': {
      const entry = new Decimal(step.limit ?? server.services.markets.latestTick('BTCUSDT')!.price);
      const sign = step.direction === 'long' ? -1 : 1;
      const level = (steps: number | undefined, towards: number) =>
        steps === undefined ? {} : { value: entry.plus(towards * steps * 500).toFixed(2) };
      const stopLoss = level(step.stopLoss, sign).value;
      const takeProfit = level(step.takeProfit, -sign).value;
      await refusal(() =>
        t.margin.buy(who, {
          code: 'BTCUSDT',
          direction: step.direction,
          lots: step.lots,
          leverage: step.leverage,
          orderType: step.limit ? 'limit' : 'market',
          ...(step.limit ? { price: step.limit } : {}),
          ...(stopLoss ? { stopLoss } : {}),
          ...(takeProfit ? { takeProfit } : {}),
        }),
      );
      await t.engine.idle();
      return;
    }
    case 'close': {
      const open = await t.margin.list(who, ['open', 'waiting']);
      if (open.length) await refusal(() => t.margin.close(who, open[step.pick % open.length]!.id));
      return;
    }
    case 'spot':
      await refusal(() =>
        t.spot.submit(who, {
          code: 'BTCUSDT',
          side: step.side,
          orderType: step.limit ? 'limit' : 'market',
          quantity: step.quantity,
          ...(step.limit ? { price: step.limit } : {}),
        }),
      );
      await t.engine.idle();
      return;
    case 'cancel': {
      const pending = await t.spot.list(who, ['pending']);
      if (pending.length) await refusal(() => t.spot.cancel(who, pending[step.pick % pending.length]!.id));
      return;
    }
    case 'option':
      await refusal(() =>
        t.options.buy(who, {
          code: 'BTCUSDT',
          direction: step.direction,
          amount: '100',
          period: step.period,
        }),
      );
      return;
  }
}

it('keeps every invariant under random ticks and orders', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 30 }), async (steps) => {
      const customers = [await server.customer(), await server.customer()];
      for (const step of steps) await apply(customers, step);
      // Let every option expire and settle.
      server.clock.now += 300_000;
      server.services.trading.engine.settleDue(server.clock.now);
      await server.services.trading.engine.idle();
      await verify(customers);
    }),
    {
      numRuns: propertyRuns(Number(process.env.TRADING_PROPERTY_RUNS ?? 15)),
      // Fixed by default so the coverage check below is stable; set TRADING_PROPERTY_SEED to explore others.
      seed: propertySeed(Number(process.env.TRADING_PROPERTY_SEED ?? 20261122)),
    },
  );
});

const stats = { positions: 0, byRule: 0, spotFilled: 0, options: 0 };
afterAll(() => {
  // The sequences must actually reach the rules, or the property proves little.
  expect(stats.byRule).toBeGreaterThan(0);
  expect(stats.spotFilled).toBeGreaterThan(0);
  expect(stats.options).toBeGreaterThan(0);
  if (process.env.TRADING_PROPERTY_STATS) console.warn(stats);
});

async function verify(customers: Customer[]): Promise<void> {
  const db = server.database.db;
  expect(await server.services.ledger.check()).toEqual({ ok: true, problems: [] });
  const bySeq = new Map(server.published.map((t) => [t.seq, t]));
  const users = customers.map((c) => BigInt(c.userId));
  const receipts = await db.select().from(tradingReceipts).where(inArray(tradingReceipts.userId, users));
  const keys = new Set<string>();
  for (const r of receipts) {
    // Never a price the feed did not publish.
    const tick = bySeq.get(r.tickSeq);
    expect(tick).toBeDefined();
    expect(new Decimal(r.tickPrice).eq(tick!.price)).toBe(true);
    expect(new Decimal(r.fillPrice).eq(tick!.price)).toBe(true);
    // Never twice.
    const key = `${r.kind}:${r.recordId}:${r.event}`;
    expect(keys.has(key)).toBe(false);
    keys.add(key);
  }
  const receiptOf = (kind: string, id: bigint, events: string[]) =>
    receipts.filter((r) => r.kind === kind && r.recordId === id && events.includes(r.event));

  const positions = await db.select().from(tradingPositions).where(inArray(tradingPositions.userId, users));
  stats.positions += positions.length;
  stats.byRule += positions.filter((p) => p.closeReason && p.closeReason !== 'customer').length;
  for (const p of positions) {
    const closing = receiptOf('margin', p.id, ['close', 'stop_loss', 'take_profit', 'liquidation']);
    if (p.status === 'closed' || p.status === 'liquidated') {
      expect(closing).toHaveLength(1);
      // Never a loss beyond the margin (and the opening fee paid on it).
      expect(new Decimal(p.profit!).gte(new Decimal(p.margin).plus(p.openFee).neg())).toBe(true);
    } else {
      expect(closing).toHaveLength(0);
    }
    if (p.status === 'waiting' || p.status === 'cancelled') continue;
    const [opened] = receiptOf('margin', p.id, ['open']);
    expect(opened).toBeDefined();
    // The first published tick after the opening that reaches a rule is where the engine must have closed it.
    const long = p.direction === 'long';
    const reaches = (price: Decimal): string | undefined => {
      if (p.stopLoss && (long ? price.lte(p.stopLoss) : price.gte(p.stopLoss))) return 'stop_loss';
      if (p.liquidationPrice && (long ? price.lte(p.liquidationPrice) : price.gte(p.liquidationPrice)))
        return 'liquidation';
      if (p.takeProfit && (long ? price.gte(p.takeProfit) : price.lte(p.takeProfit))) return 'take_profit';
      return undefined;
    };
    const first = server.published.find(
      (t) => t.code === p.code && t.seq >= opened!.tickSeq && reaches(new Decimal(t.price)) !== undefined,
    );
    const byRule = closing[0] && closing[0].event !== 'close';
    if (byRule) {
      expect(first).toBeDefined();
      expect(closing[0]!.tickSeq).toBe(first!.seq);
      expect(closing[0]!.event).toBe(reaches(new Decimal(first!.price)));
    } else if (first) {
      // Closed by the customer (or still open): only possible before any rule was reached.
      expect(closing[0]).toBeDefined();
      expect(closing[0]!.tickSeq).toBeLessThan(first.seq);
    }
  }

  const spot = await db.select().from(tradingSpotOrders).where(inArray(tradingSpotOrders.userId, users));
  stats.spotFilled += spot.filter((o) => o.status === 'filled' && o.orderType === 'limit').length;
  for (const o of spot.filter((o) => o.status === 'filled' && o.orderType === 'limit')) {
    const price = new Decimal(o.fillPrice!);
    expect(o.side === 'buy' ? price.lte(o.limitPrice!) : price.gte(o.limitPrice!)).toBe(true);
  }

  const options = await db
    .select()
    .from(tradingOptions)
    .where(and(inArray(tradingOptions.userId, users), eq(tradingOptions.mode, 'demo')));
  stats.options += options.length;
  for (const o of options) {
    expect(o.status).not.toBe('open');
    expect(receiptOf('option', o.id, ['settlement'])).toHaveLength(1);
    // The last published tick at or before expiry (never older than the opening tick); when that tick was
    // stale at expiry, the first tick within the grace window after it; none: voided, no settlement tick.
    const expiry = o.expiryTime.getTime();
    const candidates = server.published.filter(
      (t) => t.code === o.code && t.time <= expiry && t.seq >= o.openSeq,
    );
    const last = candidates.at(-1);
    const lastTime = last ? last.time : o.openTickTime.getTime();
    const stale = expiry - lastTime > server.services.markets.staleAfterMs(o.code);
    const grace = server.services.params.getInteger('option_stale_grace_seconds') * 1000;
    const fresh = server.published.find(
      (t) => t.code === o.code && t.time > expiry && t.time <= expiry + grace,
    );
    if (!stale) expect(o.settleSeq).toBe(last ? last.seq : o.openSeq);
    else if (fresh) expect(o.settleSeq).toBe(fresh.seq);
    else expect({ status: o.status, settleSeq: o.settleSeq }).toEqual({ status: 'voided', settleSeq: null });
  }
}
