import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLang, languageReady, registerLazyNamespace, type I18n, type Lang } from '@swx/shared';
import en from './locales/en.json';

export const namespace = 'nft';

export type NftStrings = typeof en;

/**
 * English ships with the module (it is also every language's fallback); the other nine are fetched when a
 * customer uses them, about 4 KB each, instead of adding 36 KB to every first visit.
 */
const loaders: Record<Exclude<Lang, 'en'>, () => Promise<{ default: NftStrings }>> = {
  'zh-CN': () => import(/* webpackChunkName: "nft-zh-CN" */ './locales/zh-CN.json'),
  ja: () => import(/* webpackChunkName: "nft-ja" */ './locales/ja.json'),
  ko: () => import(/* webpackChunkName: "nft-ko" */ './locales/ko.json'),
  de: () => import(/* webpackChunkName: "nft-de" */ './locales/de.json'),
  fr: () => import(/* webpackChunkName: "nft-fr" */ './locales/fr.json'),
  it: () => import(/* webpackChunkName: "nft-it" */ './locales/it.json'),
  es: () => import(/* webpackChunkName: "nft-es" */ './locales/es.json'),
  ar: () => import(/* webpackChunkName: "nft-ar" */ './locales/ar.json'),
  'zh-TW': () => import(/* webpackChunkName: "nft-zh-TW" */ './locales/zh-TW.json'),
};

/**
 * Registers the module's strings with the SDK's per-language loading (English at once, the others fetched
 * when first needed). From then on a language switch waits for this module's strings as well as the shell's.
 */
function register(i18n: I18n): void {
  registerLazyNamespace(i18n, namespace, en, loaders);
}

/** For tests and the harness: every language registered synchronously. */
export function registerNftStrings(i18n: I18n, all: Partial<Record<Lang, NftStrings>> = { en }): void {
  for (const [lang, strings] of Object.entries(all))
    i18n.addResourceBundle(lang, namespace, strings, true, true);
}

/**
 * Whether the module's strings for the active language are ready. Until they are, the module shows its
 * loading state rather than English text that would switch language under the customer's eyes.
 */
export function useNftStrings(): boolean {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const [readyFor, setReadyFor] = useState<string | null>(() => {
    register(i18n);
    return !isLang(lang) || i18n.hasResourceBundle(lang, namespace) ? lang : null;
  });
  useEffect(() => {
    let current = true;
    register(i18n);
    // Never rejects: a language whose strings fail to load shows English (the fallback).
    void ((isLang(lang) ? languageReady(i18n, lang) : null) ?? Promise.resolve()).then(
      () => current && setReadyFor(lang),
    );
    return () => {
      current = false;
    };
  }, [i18n, lang]);
  // A switch made through the settings store waits for these strings, so they are usually there already.
  return readyFor === lang || !isLang(lang) || i18n.hasResourceBundle(lang, namespace);
}

/** The module's `t`, bound to its namespace (common keys with `{ ns: 'common' }`). */
export function useNftT() {
  return useTranslation(namespace);
}
