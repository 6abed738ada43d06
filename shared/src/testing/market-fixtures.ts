import type { MarketListItem } from '../contract/markets';

/**
 * A listed market as `GET /index/listMarketAll` sends it; prices are whatever the test says the feed
 * published (by default a last price of 100.00 after 99.50, open now).
 */
export function listItem(code: string, type: number, fields: Partial<MarketListItem> = {}): MarketListItem {
  return {
    code,
    type,
    id: String(code.length + type),
    appName: code,
    logo: `/swx/customer/index/logo/${code}.svg`,
    price: '100.00',
    nowPrice: '100.00',
    zdf: '0.00',
    hundred: ['99.50', '100.00'],
    openNow: true,
    ...fields,
  };
}
