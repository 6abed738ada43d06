import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLang, type I18n, type Lang } from '@swx/shared';
import en from './locales/en.json';

export const namespace = 'markets';

export type MarketsStrings = typeof en;

/**
 * English ships with the module (it is also every language's fallback); the other nine are fetched when a
 * customer uses them, about 1.5 KB each, instead of adding 9 KB to every first visit.
 */
const loaders: Record<Exclude<Lang, 'en'>, () => Promise<{ default: MarketsStrings }>> = {
  'zh-CN': () => import(/* webpackChunkName: "markets-zh-CN" */ './locales/zh-CN.json'),
  ja: () => import(/* webpackChunkName: "markets-ja" */ './locales/ja.json'),
  ko: () => import(/* webpackChunkName: "markets-ko" */ './locales/ko.json'),
  de: () => import(/* webpackChunkName: "markets-de" */ './locales/de.json'),
  fr: () => import(/* webpackChunkName: "markets-fr" */ './locales/fr.json'),
  it: () => import(/* webpackChunkName: "markets-it" */ './locales/it.json'),
  es: () => import(/* webpackChunkName: "markets-es" */ './locales/es.json'),
  ar: () => import(/* webpackChunkName: "markets-ar" */ './locales/ar.json'),
  'zh-TW': () => import(/* webpackChunkName: "markets-zh-TW" */ './locales/zh-TW.json'),
};

function hasStrings(i18n: I18n, lang: string): boolean {
  return i18n.hasResourceBundle(lang, namespace);
}

/** Adds a language's strings to the site's i18next instance (English at once, others fetched). */
export async function loadMarketsStrings(i18n: I18n, lang: string): Promise<void> {
  if (!hasStrings(i18n, 'en')) i18n.addResourceBundle('en', namespace, en, true, true);
  if (!isLang(lang) || lang === 'en' || hasStrings(i18n, lang)) return;
  const strings = (await loaders[lang]()).default;
  i18n.addResourceBundle(lang, namespace, strings, true, true);
}

/** For tests and the harness: every language registered synchronously. */
export function registerMarketsStrings(
  i18n: I18n,
  all: Partial<Record<Lang, MarketsStrings>> = { en },
): void {
  for (const [lang, strings] of Object.entries(all))
    i18n.addResourceBundle(lang, namespace, strings, true, true);
}

/**
 * Whether the module's strings for the active language are ready. Until they are, the module shows its
 * loading state rather than English text that would switch language under the customer's eyes.
 */
export function useMarketsStrings(): boolean {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const [readyFor, setReadyFor] = useState<string | null>(() => {
    if (!hasStrings(i18n, 'en')) i18n.addResourceBundle('en', namespace, en, true, true);
    return !isLang(lang) || hasStrings(i18n, lang) ? lang : null;
  });
  useEffect(() => {
    let current = true;
    loadMarketsStrings(i18n, lang).then(
      () => current && setReadyFor(lang),
      // Offline or a failed chunk: English (the fallback) is better than no screen.
      () => current && setReadyFor(lang),
    );
    return () => {
      current = false;
    };
  }, [i18n, lang]);
  return readyFor === lang;
}
