import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLang, languageReady, registerLazyNamespace, type I18n, type Lang } from '@swx/shared';
import en from './locales/en.json';

export const namespace = 'loan';

export type LoanStrings = typeof en;

/**
 * English ships with the module (it is also every language's fallback); the other nine are fetched when a
 * customer uses them: the loan pages carry long legal texts, and most visitors never open them.
 */
const loaders: Record<Exclude<Lang, 'en'>, () => Promise<{ default: LoanStrings }>> = {
  'zh-CN': () => import(/* webpackChunkName: "loan-zh-CN" */ './locales/zh-CN.json'),
  ja: () => import(/* webpackChunkName: "loan-ja" */ './locales/ja.json'),
  ko: () => import(/* webpackChunkName: "loan-ko" */ './locales/ko.json'),
  de: () => import(/* webpackChunkName: "loan-de" */ './locales/de.json'),
  fr: () => import(/* webpackChunkName: "loan-fr" */ './locales/fr.json'),
  it: () => import(/* webpackChunkName: "loan-it" */ './locales/it.json'),
  es: () => import(/* webpackChunkName: "loan-es" */ './locales/es.json'),
  ar: () => import(/* webpackChunkName: "loan-ar" */ './locales/ar.json'),
  'zh-TW': () => import(/* webpackChunkName: "loan-zh-TW" */ './locales/zh-TW.json'),
};

function register(i18n: I18n): void {
  registerLazyNamespace(i18n, namespace, en, loaders);
}

/** For tests: the given languages registered synchronously. */
export function registerLoanStrings(i18n: I18n, all: Partial<Record<Lang, LoanStrings>> = { en }): void {
  for (const [lang, strings] of Object.entries(all))
    i18n.addResourceBundle(lang, namespace, strings, true, true);
}

/**
 * Whether the module's strings for the active language are ready; until then the module shows its loading
 * state rather than English text that would switch language under the customer's eyes.
 */
export function useLoanStringsReady(): boolean {
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
  return readyFor === lang || !isLang(lang) || i18n.hasResourceBundle(lang, namespace);
}

/** The module's `t`: namespace `loan`, falling back to the SDK's `common`. */
export function useLoanStrings() {
  return useTranslation([namespace, 'common']);
}
