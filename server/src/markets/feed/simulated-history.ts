import Decimal from 'decimal.js';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { StoredPriceState } from '../state';
import { hashCode, nextLevel, stepSigma } from './simulated';
import type { FeedMarket, FeedTick } from './types';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The most days of past the simulator publishes (PRODUCT.md rule 1). */
export const MAX_HISTORY_DAYS = 90;

/** How many of each market's last generated ticks are kept as ticks (the `hundred`); older ones are candles only. */
export const HISTORY_TICKS_PER_MARKET = 100;

/**
 * One resolution of the generated past: candles of `spanMs`, each made of `ticksPerCandle` evenly spaced
 * ticks, for the part of the window within `withinMs` of its end that no finer tier covers. Every span divides
 * the next coarser one and every chart bucket (5m … 1w), so a chart aggregates whole stored candles.
 *
 * The tiers fill each interval's default chart window (300 candles): 1m candles cover the 1m and 5m charts
 * (5 h, 25 h), 5m candles the 15m and 30m charts (75 h, 150 h), hourly candles everything longer. Finer
 * history everywhere would cost 10–60 times the rows for charts nobody scrolls back that far at 1m.
 */
export interface HistoryTier {
  withinMs: number;
  spanMs: number;
  ticksPerCandle: number;
}

/** Coarsest first. */
export const HISTORY_TIERS: readonly HistoryTier[] = [
  { withinMs: Infinity, spanMs: HOUR, ticksPerCandle: 6 },
  { withinMs: 7 * DAY, spanMs: 5 * MINUTE, ticksPerCandle: 5 },
  { withinMs: 2 * DAY, spanMs: MINUTE, ticksPerCandle: 4 },
];

/** The generated past covers [from, to): `to` is a minute boundary, `from` an hour boundary. */
export interface HistoryWindow {
  from: number;
  to: number;
}

/** The window of `days` days ending at the minute `now` falls in (empty for 0 days). */
export function historyWindow(now: number, days: number): HistoryWindow {
  const to = Math.floor(now / MINUTE) * MINUTE;
  const from = Math.ceil((to - Math.min(days, MAX_HISTORY_DAYS) * DAY) / HOUR) * HOUR;
  return { from: Math.min(from, to), to };
}

interface Segment {
  start: number;
  end: number;
  tier: HistoryTier;
}

/** The window cut into one segment per tier, oldest first, each aligned to its own and the coarser span. */
export function historySegments(window: HistoryWindow): Segment[] {
  const segments: Segment[] = [];
  let end = window.to;
  for (let i = HISTORY_TIERS.length - 1; i >= 0; i--) {
    const tier = HISTORY_TIERS[i]!;
    const coarser = HISTORY_TIERS[i - 1];
    const start = coarser
      ? Math.min(
          end,
          Math.max(window.from, Math.floor((window.to - tier.withinMs) / coarser.spanMs) * coarser.spanMs),
        )
      : window.from;
    segments.unshift({ start: Math.min(start, end), end, tier });
    end = Math.min(start, end);
  }
  return segments;
}

/**
 * Generated candles as columns (one entry per candle, in open-time order, markets in catalogue order within
 * one open time): some 300,000 candles for 48 markets and 90 days stay a few megabytes of numbers. Prices
 * are whole numbers of the market's tick size; `price` turns one into its decimal string.
 */
export interface HistoryCandles {
  length: number;
  market: number[];
  openTime: number[];
  spanMinutes: number[];
  open: number[];
  high: number[];
  low: number[];
  close: number[];
  tickCount: number[];
  closeSeq: number[];
}

export interface SimulatedHistory {
  window: HistoryWindow;
  /** The markets generated, in the order the candles' `market` index refers to. */
  codes: string[];
  candles: HistoryCandles;
  /** The sequence number of the last generated tick: the live feed continues after it. */
  lastSeq: number;
  /** Per market that ticked: its last ticks, previous day's close and day open, as a restart would load them. */
  prices: StoredPriceState[];
  /** A price in tick units of the market at `index`, as the feed publishes it. */
  price(index: number, units: number): string;
}

interface Walk {
  market: FeedMarket;
  rng: ReturnType<typeof xoroshiro128plus>;
  level: number;
  tick: number;
  format: (units: number) => string;
  /** The candle being built. */
  count: number;
  open: number;
  high: number;
  low: number;
  close: number;
  closeSeq: number;
  /** The last ticks: a ring of HISTORY_TICKS_PER_MARKET (time, units, seq). */
  ring: { time: number; units: number; seq: number }[];
  day: number;
  dayOpen: number | undefined;
  previousClose: number | undefined;
}

/** Exact decimal text of `units` ticks of `tickSize`, with the tick size's decimals (as the live feed prints). */
function tickFormatter(tickSize: string): (units: number) => string {
  const size = new Decimal(tickSize);
  const decimals = size.decimalPlaces();
  const scaled = size.times(new Decimal(10).pow(decimals)).toNumber();
  return (units) => {
    const digits = String(units * scaled);
    if (decimals === 0) return digits;
    const padded = digits.padStart(decimals + 1, '0');
    return `${padded.slice(0, -decimals)}.${padded.slice(-decimals)}`;
  };
}

function newWalk(seed: number, market: FeedMarket): Walk {
  return {
    market,
    // Its own stream, apart from the live feed's: the live walk starts its stream again at every start.
    rng: xoroshiro128plus(seed ^ hashCode(`history:${market.code}`)),
    level: Number(market.referencePrice),
    tick: Number(market.tickSize),
    format: tickFormatter(market.tickSize),
    count: 0,
    open: 0,
    high: 0,
    low: 0,
    close: 0,
    closeSeq: 0,
    ring: [],
    day: 0,
    dayOpen: undefined,
    previousClose: undefined,
  };
}

function emptyCandles(): HistoryCandles {
  return {
    length: 0,
    market: [],
    openTime: [],
    spanMinutes: [],
    open: [],
    high: [],
    low: [],
    close: [],
    tickCount: [],
    closeSeq: [],
  };
}

/** One tick of a walk at `time`: moves the level, rounds it to the tick size, adds it to the open candle. */
function tickWalk(walk: Walk, sigma: number, time: number, seq: number): void {
  walk.level = nextLevel(walk.level, sigma, walk.rng);
  let units = Math.round(walk.level / walk.tick);
  if (units < 1) {
    units = 1;
    walk.level = walk.tick;
  }
  if (walk.count === 0) {
    walk.open = walk.high = walk.low = units;
  } else {
    if (units > walk.high) walk.high = units;
    if (units < walk.low) walk.low = units;
  }
  walk.close = units;
  walk.closeSeq = seq;
  walk.count++;
  const day = Math.floor(time / DAY);
  const last = walk.ring.at(-1);
  if (last === undefined || day > walk.day) {
    if (last) walk.previousClose = last.units;
    walk.dayOpen = units;
    walk.day = day;
  }
  walk.ring.push({ time, units, seq });
  if (walk.ring.length > 2 * HISTORY_TICKS_PER_MARKET) walk.ring.splice(0, HISTORY_TICKS_PER_MARKET);
}

function closeCandle(candles: HistoryCandles, walk: Walk, index: number, openTime: number, spanMs: number) {
  if (walk.count === 0) return;
  candles.market.push(index);
  candles.openTime.push(openTime);
  candles.spanMinutes.push(spanMs / MINUTE);
  candles.open.push(walk.open);
  candles.high.push(walk.high);
  candles.low.push(walk.low);
  candles.close.push(walk.close);
  candles.tickCount.push(walk.count);
  candles.closeSeq.push(walk.closeSeq);
  candles.length++;
  walk.count = 0;
}

/** Longest stretch of generation between two yields to the event loop, so requests are served meanwhile. */
const SLICE_MS = 20;

/**
 * The simulator's own past over `window`: the same geometric random walk as the live feed (each market's
 * volatility, ticking only while its calendar is open), started at the reference price at `window.from`.
 * Deterministic: the same seed, markets and window give the same candles, ticks and sequence numbers, so a
 * restart that regenerates it to finish an interrupted write stores exactly what the first attempt would have.
 * Sequence numbers run 1, 2, 3... in time order across markets, like the live feed's. Some 0.5 s of CPU for
 * 48 markets and 90 days, given up in slices of SLICE_MS so the server keeps answering.
 */
export async function generateHistory(options: {
  seed: number;
  markets: readonly FeedMarket[];
  window: HistoryWindow;
}): Promise<SimulatedHistory> {
  const walks = options.markets.map((market) => newWalk(options.seed, market));
  const candles = emptyCandles();
  let seq = 0;
  let sliceStart = performance.now();
  for (const segment of historySegments(options.window)) {
    const { spanMs, ticksPerCandle } = segment.tier;
    const stepMs = spanMs / ticksPerCandle;
    const sigmas = walks.map((walk) => stepSigma(walk.market, stepMs));
    for (let openTime = segment.start; openTime < segment.end; openTime += spanMs) {
      for (let step = 0; step < ticksPerCandle; step++) {
        const time = openTime + step * stepMs;
        for (let i = 0; i < walks.length; i++) {
          const walk = walks[i]!;
          if (walk.market.isOpenAt(time)) tickWalk(walk, sigmas[i]!, time, ++seq);
        }
      }
      for (let i = 0; i < walks.length; i++) closeCandle(candles, walks[i]!, i, openTime, spanMs);
      if (performance.now() - sliceStart > SLICE_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        sliceStart = performance.now();
      }
    }
  }
  return {
    window: options.window,
    codes: walks.map((walk) => walk.market.code),
    candles,
    lastSeq: seq,
    prices: walks.flatMap((walk) => priceState(walk)),
    price: (index, units) => walks[index]!.format(units),
  };
}

function priceState(walk: Walk): StoredPriceState[] {
  if (walk.ring.length === 0) return [];
  const code = walk.market.code;
  const recentTicks: FeedTick[] = walk.ring
    .slice(-HISTORY_TICKS_PER_MARKET)
    .map((tick) => ({ code, price: walk.format(tick.units), time: tick.time, seq: tick.seq }));
  return [
    {
      code,
      recentTicks,
      previousClose: walk.previousClose === undefined ? undefined : walk.format(walk.previousClose),
      dayOpen: walk.dayOpen === undefined ? undefined : walk.format(walk.dayOpen),
    },
  ];
}
