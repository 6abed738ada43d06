import type { TradableMarket } from '../../../../api';
import { filterMarkets, fold, pickerTabs } from '../market-search';

const market = (code: string, type: number, name: string): TradableMarket => ({
  code,
  id: code,
  type,
  name,
  listedPrice: '1',
  recentPrices: [],
  listedChange: null,
  priceDecimals: 2,
});

const catalogue = [
  market('BTCUSDT', 2, 'Bitcoin'),
  market('ETHUSDT', 2, 'Ethereum'),
  market('EURUSD', 6, 'Euro / US Dollar'),
  market('XAUUSD', 5, 'Gold'),
  market('NESN', 3, 'Nestlé'),
  market('00700', 3, '腾讯控股'),
];
const codes = (list: readonly TradableMarket[]) => list.map((m) => m.code);

test('searches codes and names, ignoring case, accents, separators and full-width forms', () => {
  expect(codes(filterMarkets(catalogue, 'all', 'btc', new Set()))).toEqual(['BTCUSDT']);
  expect(codes(filterMarkets(catalogue, 'all', 'BTC/USDT', new Set()))).toEqual(['BTCUSDT']);
  expect(codes(filterMarkets(catalogue, 'all', 'ｅｔｈ', new Set()))).toEqual(['ETHUSDT']);
  expect(codes(filterMarkets(catalogue, 'all', 'nestle', new Set()))).toEqual(['NESN']);
  expect(codes(filterMarkets(catalogue, 'all', 'gold', new Set()))).toEqual(['XAUUSD']);
  expect(codes(filterMarkets(catalogue, 'all', '腾讯', new Set()))).toEqual(['00700']);
  expect(codes(filterMarkets(catalogue, 'all', 'euro dollar', new Set()))).toEqual(['EURUSD']);
  expect(codes(filterMarkets(catalogue, 'all', 'usd', new Set()))).toEqual([
    'BTCUSDT',
    'ETHUSDT',
    'EURUSD',
    'XAUUSD',
  ]);
  expect(filterMarkets(catalogue, 'all', 'nothing-like-this', new Set())).toEqual([]);
});

test('the market type in the page language is searched too', () => {
  const german = (type: number) => ({ 2: 'Krypto', 3: 'Aktien', 5: 'Edelmetalle', 6: 'Devisen' })[type] ?? '';
  expect(codes(filterMarkets(catalogue, 'all', 'krypto', new Set(), german))).toEqual(['BTCUSDT', 'ETHUSDT']);
  expect(codes(filterMarkets(catalogue, 'all', 'edelmetall gold', new Set(), german))).toEqual(['XAUUSD']);
  expect(filterMarkets(catalogue, 'all', 'krypto', new Set())).toEqual([]);
});

test('a type tab and the watchlist narrow the list; an empty query lists the whole tab', () => {
  expect(codes(filterMarkets(catalogue, 'type-2', '', new Set()))).toEqual(['BTCUSDT', 'ETHUSDT']);
  expect(codes(filterMarkets(catalogue, 'type-3', 'nes', new Set()))).toEqual(['NESN']);
  expect(codes(filterMarkets(catalogue, 'watchlist', '', new Set(['XAUUSD', 'ETHUSDT'])))).toEqual([
    'ETHUSDT',
    'XAUUSD',
  ]);
  expect(codes(filterMarkets(catalogue, 'watchlist', '', new Set()))).toEqual([]);
});

test('tabs follow the catalogue: forex, crypto, stocks, futures, metals where present; watchlist when signed in', () => {
  expect(pickerTabs(catalogue, true)).toEqual(['all', 'watchlist', 'type-6', 'type-2', 'type-3', 'type-5']);
  expect(pickerTabs(catalogue.slice(0, 2), false)).toEqual(['all', 'type-2']);
});

test('folding keeps letters of every script', () => {
  expect(fold('Ärger Öl')).toBe('argerol');
  expect(fold('ビットコイン')).toBe(fold('ビットコイン'.normalize('NFD')));
  expect(fold('Bitcoin (BTC)')).toBe('bitcoin(btc)');
});

test('the local market name in the page language is searched too', () => {
  const local = (m: TradableMarket) => ({ XAUUSD: '黄金', EURUSD: '欧元 / 美元' })[m.code] ?? m.name;
  const none = new Set<string>();
  expect(codes(filterMarkets(catalogue, 'all', '黄金', none, () => '', local))).toEqual(['XAUUSD']);
  expect(codes(filterMarkets(catalogue, 'all', '美元', none, () => '', local))).toEqual(['EURUSD']);
  expect(codes(filterMarkets(catalogue, 'all', 'gold', none, () => '', local))).toEqual(['XAUUSD']);
});
