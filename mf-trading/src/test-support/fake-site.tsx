import type { MarketInfo } from '@swx/shared/contract';

// The trading screens register their own strings, so the SDK's fake site serves as it is.
export * from '@swx/shared/testing';

/** The facts of a market as `getMarketInfo` answers them. */
export function marketInfo(code: string, fields: Partial<MarketInfo> = {}): MarketInfo {
  return {
    id: '1',
    code,
    type: 2,
    appName: code,
    baseAsset: code.replace(/USDT$/, ''),
    quoteAsset: 'USDT',
    logo: '',
    price: '100.00',
    zdf: '0.50',
    previousClose: '99.50',
    dayOpen: '99.50',
    lastTick: { price: '100.00', time: Date.parse('2026-11-22T10:00:00Z'), seq: '7' },
    tickSize: '0.01',
    priceDecimals: 2,
    contractSize: '1',
    leverages: [1, 2, 5, 10, 20],
    tradable: { spot: true, margin: true, options: true },
    openNow: true,
    tradingHours: {
      calendarId: 'crypto-24x7',
      timezone: 'UTC',
      description: 'Always open',
      sessions: [],
      alwaysOpen: true,
    },
    simulated: true,
    feed: 'simulated',
    // The seed defaults of the option parameters, which a market without terms of its own inherits.
    optionTerms: {
      periods: [
        { seconds: 60, rate: '0.85' },
        { seconds: 120, rate: '0.87' },
        { seconds: 300, rate: '0.90' },
      ],
      stakeMin: '10',
      stakeMax: '50000',
    },
    ...fields,
  };
}
