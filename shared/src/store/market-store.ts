import { actionBound, computed, makeObservable, observable, runInAction } from 'mobx';
import type { FeedStatus, LivePrice, MarketFreshnessEvent } from '../contract/markets';
import { PriceRing } from './price-ring';

export interface MarketQuote {
  /** The latest feed price, as a decimal string. */
  price: string;
  /**
   * Change against the previous day's close, in percent (the wire's `zdf`). Null when the feed does not know
   * it (no close yet): unknown is shown as unknown, never as 0 %.
   */
  changePercent: string | null;
}

/** Mini charts keep the latest 100 points (seed §7, docs/product.md (business rules) `hundred`). */
export const historyLength = 100;

const noHistory: readonly string[] = Object.freeze([]);

/**
 * The latest price per market code and its recent history. Every value here came from the server's feed
 * (integrity rule 1): the store only records ticks and the server's own `hundred`, it never invents points.
 */
export class MarketStore {
  // Shallow map: a quote is replaced whole, so observers of one code re-render for that code only.
  private readonly quotes = observable.map<string, MarketQuote>({}, { deep: false });
  /**
   * Histories live in plain rings written in place; what observers see is the per-code version below, and
   * `history()` copies a ring into an array only when somebody reads it (once per version). A tick for a
   * market nobody draws therefore costs one slot write.
   */
  private readonly histories = new Map<string, { ring: PriceRing; snapshot: readonly string[] | null }>();
  private readonly historyVersions = observable.map<string, number>({}, { deep: false });

  /**
   * The live feed as the server announces it (`GET /index/feedStatus`), read once per page by the shell;
   * null until known. The one copy every module reads (unknown is not "real").
   */
  feed: FeedStatus | null = null;
  private feedRequest: Promise<void> | null = null;

  /**
   * Live freshness (`market.freshness` on the socket): true for a market the server calls stale now, false
   * for one it calls fresh. Once the connect snapshot arrived, a code not listed is fresh.
   */
  private readonly freshness = observable.map<string, boolean>({}, { deep: false });
  private freshnessKnown = false;

  constructor() {
    makeObservable<
      MarketStore,
      'quotes' | 'histories' | 'historyVersions' | 'feedRequest' | 'freshness' | 'freshnessKnown'
    >(this, {
      freshness: false,
      quotes: false,
      histories: false,
      historyVersions: false,
      feedRequest: false,
      feed: observable,
      freshnessKnown: observable,
      isSimulated: computed,
      applyFreshness: actionBound,
      setFeed: actionBound,
      seed: actionBound,
      applyTicks: actionBound,
    });
  }

  /** Screens showing prices carry the simulated-data badge while this holds (integrity rule 1). */
  get isSimulated(): boolean {
    return this.feed?.simulated === true;
  }

  setFeed(feed: FeedStatus | null): void {
    this.feed = feed;
  }

  /**
   * Asks the server which feed runs, once per page (its feed does not change while it runs): every later
   * call shares the first answer. A failed request leaves the status unknown and lets the next call retry.
   */
  loadFeed(request: () => Promise<FeedStatus>): Promise<void> {
    const pending =
      this.feedRequest ??
      request().then(
        (status) => {
          runInAction(() => (this.feed = { feed: status.feed, simulated: status.simulated }));
        },
        () => {
          this.feedRequest = null;
        },
      );
    this.feedRequest = pending;
    return pending;
  }

  quote(code: string): MarketQuote | undefined {
    return this.quotes.get(code);
  }

  price(code: string): string | undefined {
    return this.quotes.get(code)?.price;
  }

  /** The live change of a code: undefined before its first tick, null while the feed does not know it. */
  zdf(code: string): string | null | undefined {
    return this.quotes.get(code)?.changePercent;
  }

  /** The latest (at most 100) prices of a code, oldest first; the same frozen array until the next tick. */
  history(code: string): readonly string[] {
    // Reading the version subscribes an observer to this code's history.
    if (this.historyVersions.get(code) === undefined) return noHistory;
    const entry = this.histories.get(code);
    if (!entry) return noHistory;
    entry.snapshot ??= Object.freeze(entry.ring.toArray());
    return entry.snapshot;
  }

  private pushHistory(code: string, prices: readonly string[]): void {
    let entry = this.histories.get(code);
    if (!entry) {
      entry = { ring: new PriceRing(historyLength), snapshot: null };
      this.histories.set(code, entry);
    }
    for (const price of prices) entry.ring.push(price);
    entry.snapshot = null;
    this.historyVersions.set(code, (this.historyVersions.get(code) ?? 0) + 1);
  }

  /**
   * Starts a code's history from the server's `hundred` (from `listMarketAll`), and its quote from the same
   * answer when no live tick has arrived yet. Live ticks that already arrived are newer, so they stay.
   */
  seed(
    code: string,
    hundred: readonly (string | number)[],
    latest?: { price: string | number; zdf: string | number | null },
  ): void {
    const live = this.histories.get(code)?.ring.toArray() ?? [];
    this.histories.delete(code);
    this.pushHistory(code, [...hundred.map(String), ...live].slice(-historyLength));
    if (latest && !this.quotes.has(code)) {
      const changePercent = latest.zdf === null ? null : String(latest.zdf);
      this.quotes.set(code, { price: String(latest.price), changePercent });
    }
  }

  /**
   * Whether the server calls a market's price stale now, as the socket last said; undefined until the socket
   * has said anything (screens then show what their own request answered). Badges read this so they change
   * while the page is open.
   */
  isStale(code: string): boolean | undefined {
    const known = this.freshness.get(code);
    if (known !== undefined) return known;
    return this.freshnessKnown ? false : undefined;
  }

  /** A `market.freshness` event: the connect snapshot (every stale market), or a change. */
  applyFreshness(event: MarketFreshnessEvent): void {
    if (event.snapshot) {
      this.freshness.clear();
      this.freshnessKnown = true;
    }
    for (const code of event.stale) this.freshness.set(code, true);
    for (const code of event.fresh) this.freshness.set(code, false);
  }

  /** One batch of ticks (the socket conflates them per animation frame) applied as one action. */
  applyTicks(items: readonly LivePrice[]): void {
    for (const item of items) {
      this.quotes.set(item.code, { price: item.price, changePercent: item.zdf });
      this.pushHistory(item.code, [item.price]);
    }
  }
}

/** A `market.freshness` event from the socket, checked before the store trusts it. */
export function isFreshnessEvent(
  event: { type: string } & Record<string, unknown>,
): event is MarketFreshnessEvent & {
  [key: string]: unknown;
} {
  const strings = (value: unknown) => Array.isArray(value) && value.every((item) => typeof item === 'string');
  return event.type === 'market.freshness' && strings(event.stale) && strings(event.fresh);
}
