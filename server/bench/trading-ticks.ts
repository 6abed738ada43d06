/**
 * Tick processing with 1,000,000 open triggers across 50 markets, none of them reached by the ticks.
 *
 *   pnpm --dir server exec tsx bench/trading-ticks.ts
 *
 * Settings: BENCH_TRIGGERS (default 1,000,000), BENCH_MARKETS (default 50), BENCH_TICKS (default 200,000).
 *
 * The engine path is the real one: `TradingEngine.onTicks` on an index filled through the same
 * `TriggerIndex` the engine uses (stop losses, take profits, liquidation and margin-call levels and limit
 * entries, each market's levels on both sides of its price). Nothing triggers, so no database is touched; the
 * engine gets no database at all. In the same run, on the same ticks, two plain scans for comparison:
 * every position of the ticked market, and every position of the whole book (sampled: it is slow).
 */
import Decimal from 'decimal.js';
import pino from 'pino';
import type { TradingMarkets } from '../src/trading';
import { TradingContext } from '../src/trading/context';
import { TradingEngine } from '../src/trading/engine/engine';
import type { FeedTick } from '../src/markets/feed/types';

const triggers = Number(process.env.BENCH_TRIGGERS ?? 1_000_000);
const marketCount = Number(process.env.BENCH_MARKETS ?? 50);
const tickCount = Number(process.env.BENCH_TICKS ?? 200_000);

/** Deterministic pseudo-random numbers (mulberry32), so runs compare. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const rand = random(42);
const codes = Array.from({ length: marketCount }, (_, i) => `M${i}`);
const markets: TradingMarkets = {
  find: () => undefined,
  list: () => [],
  isOpen: () => true,
  latestTick: () => undefined,
  isStale: () => false,
  isStaleTick: () => false,
  tickAt: async () => undefined,
  onTicks: () => () => undefined,
  optionTerms: () => ({ periods: [], stakeMin: '0', stakeMax: '0' }),
  firstTickAfter: async () => undefined,
  staleAfterMs: () => 30_000,
  orderLimits: () => ({ minSize: '0.0001', sizeStep: '0.0001', minNotional: '0' }),
};
const engine = new TradingEngine(
  new TradingContext({
    db: undefined as never,
    units: undefined as never,
    ledger: undefined as never,
    markets,
    params: undefined as never,
    events: { publishAccountEvent: () => undefined },
    log: pino({ level: 'silent' }),
  }),
);

// Every market trades around 100; triggers sit between 1 % and 50 % away, on both sides.
const kinds = ['stop_loss', 'take_profit', 'liquidation', 'margin_call', 'entry'] as const;
const book: { code: string; side: 'below' | 'above'; level: number }[] = [];
const byMarket = new Map<string, { side: 'below' | 'above'; level: number }[]>();
for (let i = 0; i < triggers; i++) {
  const code = codes[i % marketCount]!;
  const side: 'below' | 'above' = rand() < 0.5 ? 'below' : 'above';
  const distance = 1 + rand() * 49;
  const level = side === 'below' ? 100 - distance : 100 + distance;
  const text = level.toFixed(4);
  engine.index.add(code, side, text, { kind: kinds[i % kinds.length]!, id: String(i) });
  const entry = { code, side, level: Number(text) };
  book.push(entry);
  const list = byMarket.get(code) ?? [];
  list.push(entry);
  byMarket.set(code, list);
}

// Ticks: a random walk per market within ±0.9 of 100, so nothing triggers.
const ticks: FeedTick[] = [];
const prices = new Map(codes.map((c) => [c, 100]));
for (let i = 0; i < tickCount; i++) {
  const code = codes[Math.floor(rand() * marketCount)]!;
  const next = Math.min(100.9, Math.max(99.1, prices.get(code)! + (rand() - 0.5) * 0.1));
  prices.set(code, next);
  ticks.push({ code, price: next.toFixed(4), time: i, seq: i + 1 });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
function p99(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length * 0.99)]!;
}

function timeEach(count: number, work: (tick: FeedTick) => void): number[] {
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const tick = ticks[i % ticks.length]!;
    const start = process.hrtime.bigint();
    work(tick);
    samples.push(Number(process.hrtime.bigint() - start) / 1000);
  }
  return samples;
}

// Warm-up, then measure.
timeEach(10_000, (t) => engine.onTicks([t]));
const indexed = timeEach(tickCount, (t) => engine.onTicks([t]));
if (engine.index.size !== triggers)
  throw new Error('a trigger fired: the benchmark is not measuring "nothing triggers"');

let hits = 0;
const scanMarket = (tick: FeedTick) => {
  // What the index replaces: compare the price with every trigger of the market (Number, like the index).
  const price = Number(tick.price);
  for (const t of byMarket.get(tick.code)!)
    if (t.side === 'below' ? price <= t.level : price >= t.level) hits++;
};
const scanBook = (tick: FeedTick) => {
  const price = Number(tick.price);
  for (const t of book)
    if (t.code === tick.code && (t.side === 'below' ? price <= t.level : price >= t.level)) hits++;
};
timeEach(1_000, scanMarket);
const marketScan = timeEach(Math.min(tickCount, 20_000), scanMarket);
const bookScan = timeEach(200, scanBook);
if (hits !== 0) throw new Error('a scan found a trigger');

const round = (x: number) => new Decimal(x).toDecimalPlaces(2).toFixed();
const result = {
  triggers,
  markets: marketCount,
  ticks: tickCount,
  indexed: { medianUs: round(median(indexed)), p99Us: round(p99(indexed)) },
  scanOfMarket: { medianUs: round(median(marketScan)), ratio: round(median(marketScan) / median(indexed)) },
  scanOfBook: { medianUs: round(median(bookScan)), ratio: round(median(bookScan) / median(indexed)) },
  node: process.version,
};
console.warn(JSON.stringify(result, null, 2));
