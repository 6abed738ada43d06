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

export const plansNamespace = 'trading-plans';

/** The Plans area's own strings (a namespace of its own, so the area can change without touching trading's). */
export const plansResources: Record<Lang, typeof en> = {
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

export function usePlansT(): Translate {
  return useNamespace(plansNamespace, plansResources).t as unknown as Translate;
}
