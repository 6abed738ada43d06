import { useNamespace, type Lang, type Translate } from '@swx/shared';
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

export const namespace = 'trading';

/**
 * Every language bundled (about 5 KB each): an order form must never switch language, or show English,
 * while the customer reads the terms. Typed loosely: plural keys have each language's own forms (English
 * `_one`/`_other`, Japanese `_other` only); the SDK's parity test holds every language to its forms.
 */
export const tradingResources: Record<Lang, object> = {
  'zh-CN': zhCN,
  en,
  ja,
  ko,
  de,
  fr,
  it,
  es,
  ar,
  'zh-TW': zhTW,
};

/** The module's `t`: the `trading` namespace, falling back to `common` (codes, validation messages). */
export function useTradingT(): Translate {
  return useNamespace(namespace, tradingResources).t as unknown as Translate;
}
