import { autorun } from 'mobx';
import { MarketStore, isFreshnessEvent } from './market-store';

describe('live freshness in the market store', () => {
  it('knows nothing until the socket speaks, then follows the snapshot and every change', () => {
    const market = new MarketStore();
    const seen: (boolean | undefined)[] = [];
    const stop = autorun(() => seen.push(market.isStale('BTCUSDT')));
    expect(market.isStale('BTCUSDT')).toBeUndefined();
    market.applyFreshness({ type: 'market.freshness', snapshot: true, stale: ['AAPL'], fresh: [] });
    expect(market.isStale('AAPL')).toBe(true);
    expect(market.isStale('BTCUSDT')).toBe(false);
    market.applyFreshness({ type: 'market.freshness', stale: ['BTCUSDT'], fresh: ['AAPL'] });
    expect(market.isStale('BTCUSDT')).toBe(true);
    expect(market.isStale('AAPL')).toBe(false);
    // A reconnect's snapshot replaces what was known.
    market.applyFreshness({ type: 'market.freshness', snapshot: true, stale: [], fresh: [] });
    expect(market.isStale('BTCUSDT')).toBe(false);
    stop();
    // The badge observing BTCUSDT re-rendered on each change.
    expect(seen).toEqual([undefined, false, true, false]);
  });

  it('trusts only well-formed events', () => {
    expect(isFreshnessEvent({ type: 'market.freshness', stale: ['A'], fresh: [] })).toBe(true);
    expect(isFreshnessEvent({ type: 'market.freshness', stale: 'A', fresh: [] })).toBe(false);
    expect(isFreshnessEvent({ type: 'notification', stale: [], fresh: [] })).toBe(false);
  });
});
