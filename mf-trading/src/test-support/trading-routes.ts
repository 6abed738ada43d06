import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { AssetInfo, Position, RiskStats } from '@swx/shared/contract';
import { listItem, marketInfo, type FakeRoutes } from './fake-site';

export const riskWith = (lossShare: string | null): RiskStats => ({
  windowDays: 90,
  leveraged: { customers: lossShare === null ? 12 : 240, lossShare },
  options: { customers: lossShare === null ? 12 : 180, lossShare: lossShare === null ? null : '64.2' },
  computedAt: '2026-11-22T10:00:00.000Z',
});

export function position(fields: Partial<Position> = {}): Position {
  return {
    id: '41',
    code: 'BTCUSDT',
    direction: 'long',
    lots: '2',
    leverage: 5,
    contractSize: '1',
    orderType: 'market',
    limitPrice: null,
    openPrice: '100.00',
    closePrice: null,
    currentPrice: '100.00',
    stopLoss: '90',
    takeProfit: '120',
    margin: '40',
    fee: '0.2',
    closeFee: null,
    profit: '0',
    liquidationPrice: '90',
    marginCallPrice: '92',
    status: 'open',
    closeReason: null,
    openTime: '2026-11-22T10:00:00.000Z',
    closeTime: null,
    createdAt: '2026-11-22T10:00:00.000Z',
    ...fields,
  };
}

/** The active account's balances as `getAssestInfo` answers them: USDT and BTC (priced at 100 USDT). */
export function assetsAnswer(mode: 'demo' | 'real', usdt: string, btc = '0'): AssetInfo {
  const btcValue = String(Number(btc) * 100);
  return {
    mode,
    assets: [
      { currency: 'USDT', available: usdt, held: '0', priceUsdt: '1', valueUsdt: usdt },
      { currency: 'BTC', available: btc, held: '0', priceUsdt: '100', valueUsdt: btcValue },
    ],
    totalUsdt: String(Number(usdt) + Number(btcValue)),
  };
}

/** The calls every trading screen makes, answered as a fresh demo account would see them. */
export function tradingRoutes(overrides: FakeRoutes = {}): FakeRoutes {
  return {
    'GET /index/listMarketAll': [
      listItem('BTCUSDT', 2, { appName: 'Bitcoin', nowPrice: '100.00' }),
      listItem('ETHUSDT', 2, { appName: 'Ethereum', nowPrice: '20.00' }),
      listItem('AAPL', 3, { appName: 'Apple', nowPrice: '190.00' }),
    ],
    'GET /index/getMarketInfo/BTCUSDT': marketInfo('BTCUSDT'),
    'GET /index/getMarketInfo/ETHUSDT': marketInfo('ETHUSDT', { price: '20.00' }),
    'GET /index/getMarketInfo/AAPL': marketInfo('AAPL', {
      type: 3,
      leverages: [1, 2, 5],
      tradable: { spot: false, margin: true, options: true },
    }),
    'GET /index/feedStatus': { feed: 'simulated', simulated: true },
    'GET /index/getKValueByCodeAndDate': [],
    'GET /user/watchlist': [],
    'GET /order/riskStats': riskWith('71.3'),
    'GET /index/getParamByKey/maintenance_margin_rate': { paramValue: '0.5' },
    'GET /index/getParamByKey/leverage_cap_crypto': { paramValue: '2' },
    'GET /index/getParamByKey/leverage_cap_stocks': { paramValue: '5' },
    'GET /index/getParamByKey/trade_fee_rate': { paramValue: '0.001' },
    'GET /order/getAssestInfo/all': assetsAnswer('demo', '100000'),
    'GET /order/listUOrder': [],
    'POST /user/accountMode': null,
    'GET /order/listOptionsOrder': [],
    'GET /order/listBbOrder': [],
    ...overrides,
  };
}

/** Chooses a market with the picker as a customer does: open it, type part of the code, pick the option. */
export async function chooseMarket(user: UserEvent, code: string): Promise<void> {
  await user.click(await screen.findByRole('button', { name: /^Market/ }));
  await user.type(screen.getByRole('combobox', { name: 'Search markets' }), code.slice(0, 3));
  await user.click(screen.getByRole('option', { name: new RegExp(code) }));
}
