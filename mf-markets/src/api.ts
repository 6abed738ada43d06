import { getRootStore } from '@swx/shared';
import type { Candle, CandleInterval, HomeStats, MarketInfo, MarketListItem } from '@swx/shared/contract';

/** Market types of docs/product.md (business rules); 1 (smart products) is a plan, not a quoted market, but the filter lists it. */
export const marketTypes = [1, 2, 3, 4, 5, 6] as const;
export type MarketTypeId = (typeof marketTypes)[number];

/** A listed market in the module's own words; the seed's wire names (`zdf`, `hundred`) stop here. */
export interface Market {
  id: string;
  code: string;
  type: number;
  name: string;
  logo: string;
  /** Latest feed price as the server listed it (decimal string), null before the first tick. */
  lastPrice: string | null;
  /** Percent change against the previous day's close (decimal string), null before the first tick. */
  changePercent: string | null;
  /** The latest feed prices, oldest first, at most 100. */
  recentPrices: string[];
  openNow: boolean;
  /** Feed: no fresh tick within the market's stale window when listed (orders are refused, `10015`). */
  stale?: boolean;
  /** Fraction digits the feed publishes for this market (prices are rounded to its tick size). */
  priceDecimals: number;
}

/**
 * The list call does not carry the market's tick size, but every feed price is rounded to it: the most
 * fraction digits among the latest prices is the market's precision (a trailing zero is dropped by the
 * server's decimal strings, and a hundred prices all ending in zero does not happen in practice).
 */
export function decimalsOf(prices: readonly (string | null)[]): number {
  let decimals = 0;
  for (const price of prices) {
    const dot = price?.indexOf('.') ?? -1;
    if (price && dot >= 0) decimals = Math.max(decimals, price.length - dot - 1);
  }
  return decimals;
}

export function toMarket(item: MarketListItem): Market {
  return {
    id: item.id,
    code: item.code,
    type: item.type,
    name: item.appName,
    logo: item.logo,
    lastPrice: item.nowPrice ?? item.price,
    changePercent: item.zdf,
    recentPrices: item.hundred,
    openNow: item.openNow,
    stale: item.stale === true,
    priceDecimals: decimalsOf([...item.hundred, item.nowPrice, item.price]),
  };
}

const api = () => getRootStore().api;

/** The customer API calls of the markets module (base path `/swx/customer` is the client's). */
export const marketsApi = {
  async listMarkets(types: readonly number[] = []): Promise<Market[]> {
    const items = await api().call('markets.list', { query: types.length ? { type: [...types] } : {} });
    return items.map(toMarket);
  },

  marketInfo(codeOrId: string): Promise<MarketInfo> {
    return api().call('markets.info', { params: { codeOrId } });
  },

  candles(
    code: string,
    interval: CandleInterval,
    range: { from?: number; to?: number } = {},
  ): Promise<Candle[]> {
    return api().call('markets.candles', { query: { code, interval, ...range } });
  },

  /** The home page's customer and 24-hour volume figures, computed by the server from real-money records. */
  homeStats(): Promise<HomeStats> {
    return api().call('markets.homeStats');
  },

  /** The live trading fee rate as a decimal string (e.g. "0.001" for 0.1 %). */
  async tradeFeeRate(): Promise<string> {
    const result = await api().call('params.get', { params: { key: 'trade_fee_rate' } });
    return result.paramValue;
  },

  async watchlist(): Promise<Market[]> {
    const items = await api().call('markets.watchlist');
    return items.map(toMarket);
  },

  async watch(code: string): Promise<void> {
    await api().call('markets.watch', { body: { code } });
  },

  async unwatch(code: string): Promise<void> {
    await api().call('markets.unwatch', { query: { code } });
  },
};
