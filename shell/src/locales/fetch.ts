// The shell's strings in the nine languages other than English, each its own ~1 KB chunk fetched when
// needed. No runtime import of a shared library here: the entry chunk (index.ts) uses this before the async
// boundary to start fetching the visitor's language while the rest of the start-up files download.
import type { Lang } from '@swx/shared';
import type en from './en.json';

export type ShellStrings = typeof en;

type Loaded = Promise<{ default: ShellStrings }>;

const loaders: Record<Exclude<Lang, 'en'>, () => Loaded> = {
  'zh-CN': () => import(/* webpackChunkName: "shell-zh-CN" */ './zh-CN.json'),
  ja: () => import(/* webpackChunkName: "shell-ja" */ './ja.json'),
  ko: () => import(/* webpackChunkName: "shell-ko" */ './ko.json'),
  de: () => import(/* webpackChunkName: "shell-de" */ './de.json'),
  fr: () => import(/* webpackChunkName: "shell-fr" */ './fr.json'),
  it: () => import(/* webpackChunkName: "shell-it" */ './it.json'),
  es: () => import(/* webpackChunkName: "shell-es" */ './es.json'),
  ar: () => import(/* webpackChunkName: "shell-ar" */ './ar.json'),
  'zh-TW': () => import(/* webpackChunkName: "shell-zh-TW" */ './zh-TW.json'),
};

const fetched = new Map<string, Loaded>();

/** One fetch per language for the page's lifetime (a failed one is tried again next time). */
function fetchShellStrings(lang: Exclude<Lang, 'en'>): Loaded {
  let loading = fetched.get(lang);
  if (!loading) {
    loading = loaders[lang]();
    fetched.set(lang, loading);
    loading.catch(() => fetched.delete(lang));
  }
  return loading;
}

/** Per-language loaders for `registerLazyNamespace`, sharing the fetches started early. */
export const shellStringLoaders = Object.fromEntries(
  Object.keys(loaders).map((lang) => [lang, () => fetchShellStrings(lang as Exclude<Lang, 'en'>)]),
) as Record<Exclude<Lang, 'en'>, () => Loaded>;

/** Starts fetching `lang`'s strings now (nothing to fetch for English, which ships with the shell). */
export function prefetchShellStrings(lang: Lang): void {
  if (lang === 'en') return;
  // A failure is reported when the strings are awaited (bootstrap); here it must not be unhandled.
  fetchShellStrings(lang).catch(() => undefined);
}
