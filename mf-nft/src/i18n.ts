import { useTranslation } from 'react-i18next';
import { defineModuleStrings, type Lang } from '@swx/shared';
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

const strings = defineModuleStrings(namespace, en, loaders);

/** For tests and the harness: the given languages registered synchronously. */
export const registerNftStrings = strings.registerAll;

/** Whether the module's strings for the active language are ready (see `defineModuleStrings`). */
export const useNftStrings = strings.useReady;

/** The module's `t`, bound to its namespace (common keys with `{ ns: 'common' }`). */
export function useNftT() {
  return useTranslation(namespace);
}
