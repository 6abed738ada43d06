import { useTranslation } from 'react-i18next';
import { defineModuleStrings, type Lang } from '@swx/shared';
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

const strings = defineModuleStrings(namespace, en, loaders);

/** For tests and the harness: the given languages registered synchronously. */
export const registerLoanStrings = strings.registerAll;

/** Whether the module's strings for the active language are ready (see `defineModuleStrings`). */
export const useLoanStringsReady = strings.useReady;

/** The module's `t`: namespace `loan`, falling back to the SDK's `common`. */
export function useLoanStrings() {
  return useTranslation([namespace, 'common']);
}
