/// <reference types="node" />
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { commonResources } from './common-resources';
import { commonStringLoaders } from './common-strings';
import { createI18n } from './create-i18n';
import { languageReady } from './language-loading';
import { languages, type Lang } from './languages';
import { marketName, shownMarketName, type MarketNames } from './market-names';

type Kind = 'crypto' | 'stock' | 'index' | 'commodity' | 'metal' | 'forex';

/** The server's catalogue (server/src/markets/catalogue.ts), copied: the SDK cannot import the server. */
const catalogue: ReadonlyArray<readonly [code: string, kind: Kind]> = [
  ['BTCUSDT', 'crypto'],
  ['ETHUSDT', 'crypto'],
  ['SOLUSDT', 'crypto'],
  ['XRPUSDT', 'crypto'],
  ['BNBUSDT', 'crypto'],
  ['DOGEUSDT', 'crypto'],
  ['ADAUSDT', 'crypto'],
  ['TRXUSDT', 'crypto'],
  ['AVAXUSDT', 'crypto'],
  ['LINKUSDT', 'crypto'],
  ['DOTUSDT', 'crypto'],
  ['LTCUSDT', 'crypto'],
  ['BCHUSDT', 'crypto'],
  ['TONUSDT', 'crypto'],
  ['AAPL', 'stock'],
  ['MSFT', 'stock'],
  ['NVDA', 'stock'],
  ['TSLA', 'stock'],
  ['AMZN', 'stock'],
  ['GOOGL', 'stock'],
  ['META', 'stock'],
  ['AMD', 'stock'],
  ['JPM', 'stock'],
  ['V', 'stock'],
  ['KO', 'stock'],
  ['DIS', 'stock'],
  ['CL', 'commodity'],
  ['BZ', 'commodity'],
  ['NG', 'commodity'],
  ['ES', 'index'],
  ['NQ', 'index'],
  ['YM', 'index'],
  ['RTY', 'index'],
  ['HG', 'commodity'],
  ['XAUUSD', 'metal'],
  ['XAGUSD', 'metal'],
  ['XPTUSD', 'metal'],
  ['XPDUSD', 'metal'],
  ['EURUSD', 'forex'],
  ['GBPUSD', 'forex'],
  ['USDJPY', 'forex'],
  ['AUDUSD', 'forex'],
  ['USDCAD', 'forex'],
  ['USDCHF', 'forex'],
  ['NZDUSD', 'forex'],
  ['EURJPY', 'forex'],
  ['EURGBP', 'forex'],
  ['GBPJPY', 'forex'],
];
const codes = catalogue.map(([code]) => code);

/** What the server's catalogue helpers are called for each kind (`future(...)` lists indices and commodities). */
const helperOf: Record<Kind, string> = {
  crypto: 'crypto',
  stock: 'stock',
  index: 'future',
  commodity: 'future',
  metal: 'metal',
  forex: 'forex',
};

/** Metals, commodities and currency pairs have a local name in every language. */
const alwaysLocal = new Set<Kind>(['metal', 'commodity', 'forex']);

/** Local names that are spelt as in English (German "Gold", German and French "Palladium"). */
const sameAsEnglish = new Set(['de:XAUUSD', 'de:XPDUSD', 'fr:XPDUSD']);

const namesOf = (lang: Lang): MarketNames => commonResources[lang].marketNames ?? {};

/** `code → [helper, name]` as written in the server's catalogue source. */
function serverCatalogue(): Map<string, [string, string]> {
  const file = path.resolve(__dirname, '../../../server/src/markets/catalogue.ts');
  const source = readFileSync(file, 'utf8');
  const listed = new Map<string, [string, string]>();
  for (const match of source.matchAll(/^\s*(crypto|stock|future|metal|forex)\('([^']+)', '([^']+)'/gm)) {
    listed.set(match[2]!, [match[1]!, match[3]!]);
  }
  return listed;
}

describe('market names', () => {
  it('lists the server catalogue’s markets, in its order and kinds, with English equal to its names', () => {
    const listed = serverCatalogue();
    expect([...listed.keys()]).toEqual(codes);
    for (const [code, kind] of catalogue) expect(listed.get(code)?.[0]).toBe(helperOf[kind]);
    const english = namesOf('en');
    expect(Object.keys(english)).toEqual(codes);
    for (const code of codes) expect(english[code]).toBe(listed.get(code)?.[1]);
  });

  it.each(languages.filter((lang) => lang !== 'en'))(
    '%s names only catalogue markets, each in its own words, and every metal, commodity and pair',
    (lang) => {
      const names = namesOf(lang);
      const english = namesOf('en');
      expect(Object.keys(names).filter((code) => !codes.includes(code))).toEqual([]);
      for (const [code, text] of Object.entries(names)) {
        expect(text?.trim()).toBe(text);
        expect(text?.length).toBeGreaterThan(0);
        expect(text!.length).toBeLessThanOrEqual(48);
        // An entry spelt as in English adds nothing: leave it out and the catalogue's name shows.
        if (!sameAsEnglish.has(`${lang}:${code}`))
          expect(`${code}: ${text}`).not.toBe(`${code}: ${english[code]}`);
      }
      const missing = catalogue.filter(([code, kind]) => alwaysLocal.has(kind) && !names[code]);
      expect(missing).toEqual([]);
    },
  );

  it('gives the local names a broker in that language uses', () => {
    expect(namesOf('de')).toMatchObject({
      XAUUSD: 'Gold',
      XAGUSD: 'Silber',
      CL: 'Rohöl WTI',
      EURUSD: 'Euro / US-Dollar',
    });
    expect(namesOf('ar').XAUUSD).toBe('الذهب');
    expect(namesOf('zh-CN')).toMatchObject({ XAUUSD: '黄金', EURUSD: '欧元 / 美元' });
    const [zh, ja, ko, ar] = (['zh-CN', 'ja', 'ko', 'ar'] as const).map(namesOf);
    expect([zh!.BTCUSDT, ja!.BTCUSDT, ko!.BTCUSDT, ar!.BTCUSDT]).toEqual([
      '比特币',
      'ビットコイン',
      '비트코인',
      'بيتكوين',
    ]);
    expect([zh!.AAPL, ja!.AAPL, ko!.AAPL, ar!.AAPL]).toEqual(['苹果', 'アップル', '애플', 'آبل']);
    // Proper names stay as the catalogue writes them where the language has no name of its own.
    for (const lang of ['de', 'fr', 'it', 'es'] as const) {
      expect(namesOf(lang).BTCUSDT).toBeUndefined();
      expect(namesOf(lang).AAPL).toBeUndefined();
      expect(namesOf(lang).ES).toBeUndefined();
    }
  });
});

describe('marketName', () => {
  const i18n = createI18n('en');
  beforeAll(() => {
    for (const lang of languages) i18n.addResourceBundle(lang, 'common', commonResources[lang], true, true);
  });

  it('gives the local name where the language has one', () => {
    expect(marketName(i18n, 'XAUUSD', 'Gold', 'zh-CN')).toBe('黄金');
    expect(marketName(i18n, 'EURUSD', 'Euro / US Dollar', 'fr')).toBe('Euro / Dollar US');
    expect(shownMarketName(i18n, 'XAUUSD', 'Gold', 'de')).toEqual({ text: 'Gold', fallback: false });
    expect(shownMarketName(i18n, 'BTCUSDT', 'Bitcoin', 'ko')).toEqual({ text: '비트코인', fallback: false });
  });

  it('falls back to the catalogue name for proper names and markets it does not know', () => {
    expect(shownMarketName(i18n, 'BTCUSDT', 'Bitcoin', 'de')).toEqual({ text: 'Bitcoin', fallback: true });
    expect(shownMarketName(i18n, 'AMD', 'AMD', 'ja')).toEqual({ text: 'AMD', fallback: true });
    expect(shownMarketName(i18n, 'SMART7', 'Smart Plan 7', 'ar')).toEqual({
      text: 'Smart Plan 7',
      fallback: true,
    });
  });

  it('shows the catalogue name as it is on an English page, whatever the reference table says', () => {
    expect(shownMarketName(i18n, 'XAUUSD', 'Gold (spot)', 'en')).toEqual({
      text: 'Gold (spot)',
      fallback: false,
    });
  });

  it('follows the page language by default', async () => {
    await i18n.changeLanguage('ja');
    expect(marketName(i18n, 'USDJPY', 'US Dollar / Japanese Yen')).toBe('米ドル / 円');
    await i18n.changeLanguage('en');
    expect(marketName(i18n, 'USDJPY', 'US Dollar / Japanese Yen')).toBe('US Dollar / Japanese Yen');
  });

  it('arrives with a language’s common strings, and shows the catalogue name until then', async () => {
    const page = createI18n('en');
    expect(shownMarketName(page, 'XAUUSD', 'Gold', 'it')).toEqual({ text: 'Gold', fallback: true });
    await languageReady(page, 'it');
    expect(marketName(page, 'XAUUSD', 'Gold', 'it')).toBe('Oro');
    const chunk = await commonStringLoaders.es();
    expect(chunk.default.marketNames).toEqual(namesOf('es'));
    expect(chunk.default.records).toEqual(commonResources.es.records);
  });
});
