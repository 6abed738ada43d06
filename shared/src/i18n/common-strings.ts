// The SDK's own strings (`common` namespace) in the nine languages other than English, each a chunk of
// 2–3 KB gzip fetched when needed (all ten bundled were ~21 KB gzip on every first visit). No runtime import
// of a shared library here: the shell's entry chunk imports this file directly to start fetching the
// visitor's language before the SDK itself has arrived.
import type en from './locales/en.json';
import type { Lang } from './languages';

export type CommonStrings = typeof en;

type Loaded = Promise<{ default: CommonStrings }>;

const loaders: Record<Exclude<Lang, 'en'>, () => Loaded> = {
  'zh-CN': () => import(/* webpackChunkName: "common-zh-CN" */ './locales/zh-CN.json'),
  ja: () => import(/* webpackChunkName: "common-ja" */ './locales/ja.json'),
  ko: () => import(/* webpackChunkName: "common-ko" */ './locales/ko.json'),
  de: () => import(/* webpackChunkName: "common-de" */ './locales/de.json'),
  fr: () => import(/* webpackChunkName: "common-fr" */ './locales/fr.json'),
  it: () => import(/* webpackChunkName: "common-it" */ './locales/it.json'),
  es: () => import(/* webpackChunkName: "common-es" */ './locales/es.json'),
  ar: () => import(/* webpackChunkName: "common-ar" */ './locales/ar.json'),
  'zh-TW': () => import(/* webpackChunkName: "common-zh-TW" */ './locales/zh-TW.json'),
};

/** Per-language loaders for `registerLazyNamespace` (webpack fetches each chunk once per page). */
export const commonStringLoaders: Record<Exclude<Lang, 'en'>, () => Loaded> = loaders;

/** Starts fetching `lang`'s common strings now (English ships with the SDK). */
export function prefetchCommonStrings(lang: Lang): void {
  if (lang === 'en') return;
  // A failure is reported where the strings are awaited; here it must not be unhandled.
  loaders[lang]().catch(() => undefined);
}
