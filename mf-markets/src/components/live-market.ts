import { useEffect } from 'react';
import { getRootStore } from '@swx/shared';
import type { Market } from '../api';

/**
 * Live feed values of a market: the root market store (fed by the shell's one websocket) wins over what the
 * list call returned, which is only the value at the time of the call.
 */
export function livePrice(market: Pick<Market, 'code' | 'lastPrice'>): string | null {
  return getRootStore().market.price(market.code) ?? market.lastPrice;
}

export function liveChange(market: Pick<Market, 'code' | 'changePercent'>): string | null {
  return getRootStore().market.zdf(market.code) ?? market.changePercent;
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
    const latest =
      m.lastPrice !== null && m.changePercent !== null
        ? { price: m.lastPrice, zdf: m.changePercent }
        : undefined;
    store.seed(m.code, m.recentPrices, latest);
  }
}

/**
 * Subscribes to live prices for these codes while the calling screen is mounted. The SDK reference-counts
 * subscriptions, so two screens watching one code share one server subscription.
 */
export function useLivePrices(codes: readonly string[]): void {
  const key = codes.join(',');
  useEffect(() => {
    if (!key) return;
    const socket = getRootStore().socket;
    const unsubscribes = key.split(',').map((code) => socket.subscribe(code));
    return () => unsubscribes.forEach((unsubscribe) => unsubscribe());
  }, [key]);
}
