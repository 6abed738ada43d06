import type { TradableMarket } from '../../../api';

/** Market types the picker offers as tabs, in this order, where the catalogue has markets of the type. */
export const pickerTypeOrder = [6, 2, 3, 4, 5] as const;

/** A tab of the picker: every market, the customer's watchlist, or one market type. */
export type PickerTab = 'all' | 'watchlist' | `type-${number}`;

/**
 * Text folded for matching: case and accents do not matter ("Gold" finds "gold", "Zurich" finds "Zürich"),
 * nor full-width forms (ＢＴＣ from a CJK keyboard finds BTC), nor separators in codes ("btc/usdt", "BTC-USDT").
 */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s/_.-]+/g, '');
}

/** The tabs for this catalogue: all, the watchlist when signed in, then each type that has markets. */
export function pickerTabs(markets: readonly TradableMarket[], signedIn: boolean): PickerTab[] {
  const present = new Set(markets.map((m) => m.type));
  return [
    'all',
    ...(signedIn ? (['watchlist'] as const) : []),
    ...pickerTypeOrder.filter((type) => present.has(type)).map((type) => `type-${type}` as const),
  ];
}

/**
 * The markets a tab and a search show, in catalogue order. The search matches the code, the name as the
 * server named it, its local name in the page's language ("Rohöl WTI", "黄金"), and the market type in the page's language ("Krypto", "外汇"); every word of the query
 * must match one of them.
 */
export function filterMarkets(
  markets: readonly TradableMarket[],
  tab: PickerTab,
  query: string,
  watched: ReadonlySet<string>,
  typeName: (type: number) => string = () => '',
  localName: (market: TradableMarket) => string = (market) => market.name,
): TradableMarket[] {
  const words = query
    .split(/\s+/)
    .map(fold)
    .filter((word) => word.length > 0);
  return markets.filter((market) => {
    if (tab === 'watchlist' && !watched.has(market.code)) return false;
    if (tab.startsWith('type-') && `type-${market.type}` !== tab) return false;
    const haystack = [
      fold(market.code),
      fold(market.name),
      fold(localName(market)),
      fold(typeName(market.type)),
    ];
    return words.every((word) => haystack.some((text) => text.includes(word)));
  });
}
