import { defineModuleStrings, type Lang } from '@swx/shared';
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

const strings = defineModuleStrings(namespace, en, loaders);

/** For tests and the harness: the given languages registered synchronously. */
export const registerMarketsStrings = strings.registerAll;

/** Whether the module's strings for the active language are ready (see `defineModuleStrings`). */
export const useMarketsStrings = strings.useReady;
