import Decimal from 'decimal.js';
import type { FeedTick } from './feed/types';

export const HUNDRED = 100;
const MS_PER_DAY = 86_400_000;

/** What the server knows about one market's price right now. */
export interface PriceState {
  lastTick: FeedTick | undefined;
  /** The latest ticks, oldest first, at most 100 (their prices are the wire's `hundred`). */
  recent: FeedTick[];
  /** Close of the previous UTC day on which the market ticked (from stored candles or seen live). */
  previousClose: string | undefined;
  /** First price of the current UTC day. */
  dayOpen: string | undefined;
  /** UTC day number (epoch days) of `lastTick`. */
  day: number;
  /** Percent change against `previousClose`, or against `dayOpen` while no previous close is known. */
  change: string | undefined;
}

/** Values loaded from the database when an instance starts, so a restart continues where it left off. */
export interface StoredPriceState {
  code: string;
  recentTicks: FeedTick[];
  previousClose: string | undefined;
  dayOpen: string | undefined;
}

export function utcDay(time: number): number {
  return Math.floor(time / MS_PER_DAY);
}

function percentChange(price: string, base: string | undefined): string | undefined {
  if (base === undefined) return undefined;
  const reference = new Decimal(base);
  if (reference.isZero()) return undefined;
  return new Decimal(price).minus(reference).div(reference).times(100).toFixed(2);
}

/**
 * Latest price, last 100 prices and daily change per market, in memory. Every instance keeps its own copy,
 * fed by the local feed (leader) or by NOTIFY (followers); ticks older than the last applied `seq` of a
 * market are ignored, so duplicates and reordering cannot move a price backwards.
 */
export class MarketState {
  private readonly prices = new Map<string, PriceState>();
  /** Increases on every applied tick: lets readers cache what they derive from prices. */
  version = 0;

  constructor(codes: Iterable<string>) {
    for (const code of codes) {
      this.prices.set(code, {
        lastTick: undefined,
        recent: [],
        previousClose: undefined,
        dayOpen: undefined,
        day: 0,
        change: undefined,
      });
    }
  }

  load(stored: StoredPriceState[]): void {
    for (const row of stored) {
      const state = this.prices.get(row.code);
      if (!state) continue;
      const last = row.recentTicks.at(-1);
      state.lastTick = last;
      state.recent = row.recentTicks.slice(-HUNDRED);
      state.day = last ? utcDay(last.time) : 0;
      state.previousClose = row.previousClose;
      // A market that has not ticked today yet has no open for today.
      state.dayOpen = last && row.dayOpen !== undefined ? row.dayOpen : undefined;
      state.change = last ? percentChange(last.price, state.previousClose ?? state.dayOpen) : undefined;
    }
    this.version++;
  }

  /**
   * Adds prices stored by another instance before the ticks applied here (the simulated feed's past, stored by
   * the feed leader while this instance already received its first live ticks): older ticks go in front of
   * `recent`, and the previous day's close is taken where this instance had none. Never moves a price back.
   */
  backfill(stored: StoredPriceState[]): void {
    for (const row of stored) {
      const state = this.prices.get(row.code);
      const storedLast = row.recentTicks.at(-1);
      if (!state || !storedLast) continue;
      if (!state.lastTick || state.lastTick.seq <= storedLast.seq) {
        this.load([row]);
        continue;
      }
      const firstSeq = state.recent[0]?.seq ?? state.lastTick.seq;
      const older = row.recentTicks.filter((tick) => tick.seq < firstSeq);
      state.recent = [...older, ...state.recent].slice(-HUNDRED);
      if (state.previousClose === undefined) {
        const storedDay = utcDay(storedLast.time);
        if (storedDay === state.day) {
          state.previousClose = row.previousClose;
          if (row.dayOpen !== undefined) state.dayOpen = row.dayOpen;
        } else if (storedDay < state.day) {
          state.previousClose = storedLast.price;
        }
        state.change = percentChange(state.lastTick.price, state.previousClose ?? state.dayOpen);
      }
    }
    this.version++;
  }

  get(code: string): PriceState | undefined {
    return this.prices.get(code);
  }

  /** Applies ticks; returns those that changed the state (not stale, known market). */
  apply(ticks: FeedTick[]): FeedTick[] {
    const applied: FeedTick[] = [];
    for (const tick of ticks) {
      const state = this.prices.get(tick.code);
      if (!state) continue;
      if (state.lastTick && tick.seq <= state.lastTick.seq) continue;
      const day = utcDay(tick.time);
      if (state.lastTick === undefined || day > state.day) {
        if (state.lastTick) state.previousClose = state.lastTick.price;
        state.dayOpen = tick.price;
        state.day = day;
      }
      state.lastTick = tick;
      state.recent.push(tick);
      if (state.recent.length > HUNDRED) state.recent.splice(0, state.recent.length - HUNDRED);
      state.change = percentChange(tick.price, state.previousClose ?? state.dayOpen);
      applied.push(tick);
    }
    if (applied.length > 0) this.version++;
    return applied;
  }

  /** The highest sequence number seen, across markets. */
  lastSeq(): number {
    let max = 0;
    for (const state of this.prices.values())
      if (state.lastTick && state.lastTick.seq > max) max = state.lastTick.seq;
    return max;
  }

  lastPrices(): Map<string, string> {
    const result = new Map<string, string>();
    for (const [code, state] of this.prices) if (state.lastTick) result.set(code, state.lastTick.price);
    return result;
  }
}
