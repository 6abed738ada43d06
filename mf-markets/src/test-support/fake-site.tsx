import type { MarketListItem } from '@swx/shared/contract';
import { fakeSiteWithStrings } from '@swx/shared/testing';
import { registerMarketsStrings } from '../i18n';

export * from '@swx/shared/testing';

/** The SDK's fake site with the markets module's strings registered. */
export const createFakeSite = fakeSiteWithStrings(registerMarketsStrings);

/** A listed market as the server sends it; prices are whatever the test says the feed published. */
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
