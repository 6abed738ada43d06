import type { FeedConnection, FeedKind } from '@swx/shared/contract';

/** One price published by the market-data feed. `seq` increases by one per tick across the whole feed. */
export interface FeedTick {
  code: string;
  /** Decimal string, rounded to the market's tick size. */
  price: string;
  /** Epoch ms at which the feed published the tick. */
  time: number;
  seq: number;
}

/** Where a (re)started feed continues from, so a restart neither reuses sequence numbers nor jumps prices. */
export interface FeedResume {
  /** The last sequence number already published (0 on a fresh database). */
  lastSeq: number;
  /** The last published price per market code. */
  lastPrices: ReadonlyMap<string, string>;
}

/**
 * A source of ticks. The simulator, the replay of a recorded file and the exchange adapter all sit
 * behind this interface; the markets service neither knows nor cares which one runs, except to label it.
 */
export interface MarketFeed {
  readonly kind: FeedKind;
  /** Ticks are delivered in batches: every tick of one feed step in one call, in `seq` order. */
  onTicks(listener: (ticks: FeedTick[]) => void): () => void;
  start(resume: FeedResume): Promise<void> | void;
  stop(): Promise<void> | void;
  /** The link to an outside source (the exchange adapter); feeds without one leave it out. */
  connection?(): FeedConnection;
}

/** The catalogue facts a feed needs about a market. */
export interface FeedMarket {
  code: string;
  /** Market type (2 crypto, ...): the exchange adapter maps crypto markets by default. */
  type?: number;
  referencePrice: string;
  tickSize: string;
  /** Annualised volatility, e.g. 0.55. */
  volatility: number;
  isOpenAt: (at: number) => boolean;
  /** Hours the market is open in a year, to scale annual volatility to one tick. */
  openHoursPerYear: number;
}

/** Listeners of tick batches; one failing listener neither stops the others nor the feed. */
export class TickListeners {
  private readonly listeners = new Set<(ticks: FeedTick[]) => void>();

  constructor(private readonly onError: (error: unknown) => void = (error) => console.error(error)) {}

  add(listener: (ticks: FeedTick[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(ticks: FeedTick[]): void {
    if (ticks.length === 0) return;
    for (const listener of this.listeners) {
      try {
        listener(ticks);
      } catch (error) {
        this.onError(error);
      }
    }
  }
}
