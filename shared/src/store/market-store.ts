import { actionBound, computed, makeObservable, observable } from 'mobx';

/** One live push item (`/message`), as the server sends it. */
export interface PriceTick {
  code: string;
  price: string | number;
  zdf: string | number;
}

export interface MarketQuote {
  /** The latest feed price, as a decimal string. */
  price: string;
  /** Change against the previous day's close, in percent (the wire's `zdf`). */
  changePercent: string;
}

/** Mini charts keep the latest 100 points (seed §7, PRODUCT.md §4 `hundred`). */
export const historyLength = 100;

const noHistory: readonly string[] = Object.freeze([]);

/**
 * The latest price per market code and its recent history. Every value here came from the server's feed
 * (integrity rule 1): the store only records ticks and the server's own `hundred`, it never invents points.
 */
export class MarketStore {
  // Shallow maps: a quote or history is replaced whole, so observers of one code re-render for that code only.
  private readonly quotes = observable.map<string, MarketQuote>({}, { deep: false });
  private readonly histories = observable.map<string, readonly string[]>({}, { deep: false });

  /** The live feed as the server announces it (`simulated`, `replay`, or an exchange's name); null until known. */
  feed: string | null = null;

  constructor() {
    makeObservable<MarketStore, 'quotes' | 'histories'>(this, {
      quotes: false,
      histories: false,
      feed: observable,
      isSimulated: computed,
      setFeed: actionBound,
      seed: actionBound,
      applyTicks: actionBound,
    });
  }

  /** Screens showing prices carry the simulated-data badge while this holds (integrity rule 1). */
  get isSimulated(): boolean {
    return this.feed === 'simulated';
  }

  setFeed(feed: string | null): void {
    this.feed = feed;
  }

  quote(code: string): MarketQuote | undefined {
    return this.quotes.get(code);
  }

  price(code: string): string | undefined {
    return this.quotes.get(code)?.price;
  }

  zdf(code: string): string | undefined {
    return this.quotes.get(code)?.changePercent;
  }

  history(code: string): readonly string[] {
    return this.histories.get(code) ?? noHistory;
  }

  /**
   * Starts a code's history from the server's `hundred` (from `listMarketAll`), and its quote from the same
   * answer when no live tick has arrived yet. Live ticks that already arrived are newer, so they stay.
   */
  seed(
    code: string,
    hundred: readonly (string | number)[],
    latest?: { price: string | number; zdf: string | number },
  ): void {
    const live = this.histories.get(code) ?? noHistory;
    const seeded = hundred.map(String);
    this.histories.set(code, [...seeded, ...live].slice(-historyLength));
    if (latest && !this.quotes.has(code)) {
      this.quotes.set(code, { price: String(latest.price), changePercent: String(latest.zdf) });
    }
  }

  /** One batch of ticks (the socket conflates them per animation frame) applied as one action. */
  applyTicks(items: readonly PriceTick[]): void {
    for (const item of items) {
      const price = String(item.price);
      this.quotes.set(item.code, { price, changePercent: String(item.zdf) });
      const history = this.histories.get(item.code) ?? noHistory;
      const next =
        history.length >= historyLength ? history.slice(history.length - historyLength + 1) : history.slice();
      next.push(price);
      this.histories.set(item.code, next);
    }
  }
}
