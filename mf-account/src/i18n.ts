import { useNamespace, type Lang } from '@swx/shared';
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

export const namespace = 'account';

/** Every language's strings, bundled: the account pages are small, and text must not wait for a request. */
export const accountResources: Record<Lang, typeof en> = {
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

/** The module's `t` (namespace `account`, falling back to the SDK's `common`). */
export function useAccountStrings() {
  return useNamespace(namespace, accountResources);
}
