import { Value } from '@sinclair/typebox/value';
import { MarketListItem } from '../contract/markets';
import { listItem } from './market-fixtures';

describe('listItem', () => {
  it('builds a market row the contract accepts, with the fields the test gives', () => {
    const item = listItem('BTCUSDT', 2, { appName: 'Bitcoin', zdf: '-1.20', openNow: false });
    expect(Value.Check(MarketListItem, item)).toBe(true);
    expect(item).toMatchObject({
      code: 'BTCUSDT',
      type: 2,
      appName: 'Bitcoin',
      zdf: '-1.20',
      openNow: false,
    });
    expect(item.logo).toBe('/swx/customer/index/logo/BTCUSDT.svg');
  });

  it('can describe a market before its first tick', () => {
    const item = listItem('EURUSD', 6, { price: null, nowPrice: null, zdf: null, hundred: [] });
    expect(Value.Check(MarketListItem, item)).toBe(true);
  });
});
