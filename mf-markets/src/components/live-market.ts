import { getRootStore } from '@swx/shared';
import type { Market } from '../api';

/**
 * Live feed values of a market: the root market store (fed by the shell's one websocket) wins over what the
 * list call returned, which is only the value at the time of the call.
 */
export function livePrice(market: Pick<Market, 'code' | 'lastPrice'>): string | null {
  return getRootStore().market.price(market.code) ?? market.lastPrice;
}

/** Once a live tick arrived its change wins, also when the feed does not know it (null, shown as "—"). */
export function liveChange(market: Pick<Market, 'code' | 'changePercent'>): string | null {
  const quote = getRootStore().market.quote(market.code);
  return quote ? quote.changePercent : market.changePercent;
}

/** The latest (at most 100) feed prices of a market, oldest first. */
export function liveHistory(market: Pick<Market, 'code' | 'recentPrices'>): readonly string[] {
  const history = getRootStore().market.history(market.code);
  return history.length > 0 ? history : market.recentPrices;
}

/** Hands the listed `hundred` prices to the root store, so mini charts start full instead of empty. */
export function seedLiveMarkets(markets: readonly Market[]): void {
  const store = getRootStore().market;
  for (const m of markets) {
    // A listed price without a known change seeds the quote with the change unknown, not 0.
    const latest = m.lastPrice !== null ? { price: m.lastPrice, zdf: m.changePercent } : undefined;
    store.seed(m.code, m.recentPrices, latest);
  }
}
