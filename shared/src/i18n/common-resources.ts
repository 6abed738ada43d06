import { recordNames } from '../contract/record-names';
import type { CommonStrings } from './common-strings';
import type { Lang } from './languages';
import ar from './locales/ar.json';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import it from './locales/it.json';
import ja from './locales/ja.json';
import ko from './locales/ko.json';
import zhCN from './locales/zh-CN.json';
import zhTW from './locales/zh-TW.json';
import arMarkets from './market-names/ar.json';
import deMarkets from './market-names/de.json';
import enMarkets from './market-names/en.json';
import esMarkets from './market-names/es.json';
import frMarkets from './market-names/fr.json';
import itMarkets from './market-names/it.json';
import jaMarkets from './market-names/ja.json';
import koMarkets from './market-names/ko.json';
import zhCNMarkets from './market-names/zh-CN.json';
import zhTWMarkets from './market-names/zh-TW.json';

/**
 * The SDK's own strings (`common` namespace: catalogue codes, validation messages, UI kit labels, market
 * names) in all ten languages at once, for tests and the fake site of `@swx/shared/testing`. The page never
 * imports this: it ships English and fetches the others on demand (common-strings.ts).
 */
export const commonResources: Record<Lang, CommonStrings> = {
  'zh-CN': { ...zhCN, records: recordNames['zh-CN'], marketNames: zhCNMarkets },
  en: { ...en, records: recordNames.en, marketNames: enMarkets },
  ja: { ...ja, records: recordNames.ja, marketNames: jaMarkets },
  ko: { ...ko, records: recordNames.ko, marketNames: koMarkets },
  de: { ...de, records: recordNames.de, marketNames: deMarkets },
  fr: { ...fr, records: recordNames.fr, marketNames: frMarkets },
  it: { ...it, records: recordNames.it, marketNames: itMarkets },
  es: { ...es, records: recordNames.es, marketNames: esMarkets },
  ar: { ...ar, records: recordNames.ar, marketNames: arMarkets },
  'zh-TW': { ...zhTW, records: recordNames['zh-TW'], marketNames: zhTWMarkets },
};
