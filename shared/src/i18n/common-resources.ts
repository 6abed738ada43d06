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

/**
 * The SDK's own strings (`common` namespace: catalogue codes, validation messages, UI kit labels) in all ten
 * languages at once, for tests and the fake site of `@swx/shared/testing`. The page never imports this: it
 * ships English and fetches the others on demand (common-strings.ts).
 */
export const commonResources: Record<Lang, CommonStrings> = {
  'zh-CN': { ...zhCN, records: recordNames['zh-CN'] },
  en: { ...en, records: recordNames.en },
  ja: { ...ja, records: recordNames.ja },
  ko: { ...ko, records: recordNames.ko },
  de: { ...de, records: recordNames.de },
  fr: { ...fr, records: recordNames.fr },
  it: { ...it, records: recordNames.it },
  es: { ...es, records: recordNames.es },
  ar: { ...ar, records: recordNames.ar },
  'zh-TW': { ...zhTW, records: recordNames['zh-TW'] },
};
