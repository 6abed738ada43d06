import { makeAutoObservable, reaction, runInAction } from 'mobx';
import { getRootStore, localKeys } from '@swx/shared';
import {
  bucketStart,
  candleIntervals,
  intervalMs,
  type Candle,
  type CandleInterval,
} from '@swx/shared/contract';

/** The seed's local key (`klinedatamark`) for the last chart interval the customer chose, on every chart. */
export const INTERVAL_STORAGE_KEY = localKeys.klineMark;
export const DEFAULT_INTERVAL: CandleInterval = '15m';

function isInterval(value: unknown): value is CandleInterval {
  return typeof value === 'string' && (candleIntervals as readonly string[]).includes(value);
}

export function rememberedInterval(): CandleInterval {
  try {
    const stored = globalThis.localStorage?.getItem(INTERVAL_STORAGE_KEY);
    return isInterval(stored) ? stored : DEFAULT_INTERVAL;
  } catch {
    return DEFAULT_INTERVAL;
  }
}

/** How many candles a chart asks for: enough to zoom around in, one request. */
const CANDLES_PER_LOAD = 300;

export interface CandleApi {
  candles(code: string, interval: CandleInterval, range: { from: number; to: number }): Promise<Candle[]>;
}

/** The server's stored candles (`GET /index/getKValueByCodeAndDate`) through the page's API client. */
export const serverCandles: CandleApi = {
  candles: (code, interval, range) =>
    getRootStore().api.call('markets.candles', { query: { code, interval, ...range } }),
};

/**
 * The candles of one market: stored candles from the server for the chosen interval, with the last candle
 * kept current from live feed ticks. It never invents a candle: without history the chart shows an empty
 * state, and a new candle is only started by a real tick that falls into a new interval.
 */
export class CandleStore {
  /** The interval the customer chose (the tabs show it at once). */
  interval: CandleInterval = rememberedInterval();
  candles: Candle[] = [];
  /**
   * The interval `candles` belong to: it changes only together with them, when the answer for the chosen
   * interval arrives. Until then the chart keeps drawing the previous series with its own interval, and a
   * live tick is folded into candles of the size they are (never a 5m candle onto a 1D series).
   */
  candlesInterval: CandleInterval = this.interval;
  status: 'loading' | 'ready' | 'error' = 'loading';
  /** Bumped when the whole series is replaced (load, interval change); live updates leave it alone. */
  revision = 0;
  private request = 0;

  constructor(
    readonly code: string,
    private readonly api: CandleApi = serverCandles,
    private readonly now: () => number = Date.now,
  ) {
    makeAutoObservable<CandleStore, 'request'>(this, { request: false }, { autoBind: true });
  }

  get hasHistory(): boolean {
    return this.candles.length > 0;
  }

  get lastCandle(): Candle | undefined {
    return this.candles[this.candles.length - 1];
  }

  setInterval(interval: CandleInterval): void {
    if (interval === this.interval) return;
    this.interval = interval;
    try {
      globalThis.localStorage?.setItem(INTERVAL_STORAGE_KEY, interval);
    } catch {
      // Private mode or a full storage: the choice then lasts for this visit only.
    }
    void this.load();
  }

  async load(): Promise<void> {
    const request = ++this.request;
    const interval = this.interval;
    if (!this.hasHistory) this.status = 'loading';
    const to = this.now();
    const from = Math.max(0, bucketStart(to, interval) - (CANDLES_PER_LOAD - 1) * intervalMs[interval]);
    try {
      const candles = await this.api.candles(this.code, interval, { from, to: to + intervalMs[interval] });
      // A slower answer for an interval the customer already left must not overwrite the newer one.
      if (request !== this.request) return;
      runInAction(() => {
        this.candles = candles;
        this.candlesInterval = interval;
        this.status = 'ready';
        this.revision++;
      });
    } catch {
      if (request !== this.request) return;
      runInAction(() => (this.status = 'error'));
    }
  }

  /** Folds a live feed tick into the last candle, or starts the next candle when the tick opens a new interval. */
  applyTick(price: string, time: number): void {
    const last = this.lastCandle;
    // No history means no chart to extend; the screen reloads stored candles instead.
    if (!last || this.status !== 'ready') return;
    const start = bucketStart(time, this.candlesInterval);
    if (start < last.time) return;
    if (start === last.time) {
      const value = Number(price);
      this.candles[this.candles.length - 1] = {
        ...last,
        high: value > Number(last.high) ? price : last.high,
        low: value < Number(last.low) ? price : last.low,
        close: price,
        ticks: last.ticks + 1,
      };
      return;
    }
    this.candles.push({ time: start, open: price, high: price, low: price, close: price, ticks: 1 });
  }

  /**
   * Follows the market's live price in the root store (the shell's one websocket); returns the disposer. The
   * socket's ticks carry no time in the SDK store; they are applied as they arrive, so "now" is the tick's
   * time to within the frame the socket batches on.
   */
  followLive(): () => void {
    return reaction(
      () => getRootStore().market.price(this.code),
      (price) => {
        if (price !== undefined && price !== null) this.applyTick(String(price), this.now());
      },
    );
  }
}
