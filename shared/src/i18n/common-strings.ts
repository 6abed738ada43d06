// The SDK's own strings (`common` namespace) in the nine languages other than English, each a chunk of
// 2–3 KB gzip fetched when needed (all ten bundled were ~21 KB gzip on every first visit). No runtime import
// of a shared library here: the shell's entry chunk imports this file directly to start fetching the
// visitor's language before the SDK itself has arrived.
import type en from './locales/en.json';
import type { RecordNames } from '../contract/record-names';
import type { Lang } from './languages';

/**
 * The SDK's strings, with the record names the server shares (`records.*`, contract/record-names) and the
 * market names in this language (`marketNames.*`, market-names.ts; English needs none).
 */
/** One language's local market names by market code (market-names.ts says which names are there). */
export type MarketNames = Partial<Record<string, string>>;

export type CommonStrings = typeof en & { records: RecordNames; marketNames?: MarketNames };

type Loaded = Promise<{ default: CommonStrings }>;

/** One language's chunk: its common strings, record names and market names, fetched side by side. */
function withSharedNames(
  strings: Promise<{ default: typeof en }>,
  records: Promise<{ default: RecordNames }>,
  markets: Promise<{ default: MarketNames }>,
): Loaded {
  return Promise.all([strings, records, markets]).then(([s, r, m]) => ({
    default: { ...s.default, records: r.default, marketNames: m.default },
  }));
}

const loaders: Record<Exclude<Lang, 'en'>, () => Loaded> = {
  'zh-CN': () =>
    withSharedNames(
      import(/* webpackChunkName: "common-zh-CN" */ './locales/zh-CN.json'),
      import(/* webpackChunkName: "common-zh-CN" */ '../contract/record-names/zh-CN.json'),
      import(/* webpackChunkName: "common-zh-CN" */ './market-names/zh-CN.json'),
    ),
  ja: () =>
    withSharedNames(
      import(/* webpackChunkName: "common-ja" */ './locales/ja.json'),
      import(/* webpackChunkName: "common-ja" */ '../contract/record-names/ja.json'),
      import(/* webpackChunkName: "common-ja" */ './market-names/ja.json'),
    ),
  ko: () =>
    withSharedNames(
      import(/* webpackChunkName: "common-ko" */ './locales/ko.json'),
      import(/* webpackChunkName: "common-ko" */ '../contract/record-names/ko.json'),
      import(/* webpackChunkName: "common-ko" */ './market-names/ko.json'),
    ),
  de: () =>
    withSharedNames(
      import(/* webpackChunkName: "common-de" */ './locales/de.json'),
      import(/* webpackChunkName: "common-de" */ '../contract/record-names/de.json'),
      import(/* webpackChunkName: "common-de" */ './market-names/de.json'),
    ),
  fr: () =>
    withSharedNames(
      import(/* webpackChunkName: "common-fr" */ './locales/fr.json'),
      import(/* webpackChunkName: "common-fr" */ '../contract/record-names/fr.json'),
      import(/* webpackChunkName: "common-fr" */ './market-names/fr.json'),
    ),
  it: () =>
    withSharedNames(
      import(/* webpackChunkName: "common-it" */ './locales/it.json'),
      import(/* webpackChunkName: "common-it" */ '../contract/record-names/it.json'),
      import(/* webpackChunkName: "common-it" */ './market-names/it.json'),
    ),
  es: () =>
    withSharedNames(
      import(/* webpackChunkName: "common-es" */ './locales/es.json'),
      import(/* webpackChunkName: "common-es" */ '../contract/record-names/es.json'),
      import(/* webpackChunkName: "common-es" */ './market-names/es.json'),
    ),
  ar: () =>
    withSharedNames(
      import(/* webpackChunkName: "common-ar" */ './locales/ar.json'),
      import(/* webpackChunkName: "common-ar" */ '../contract/record-names/ar.json'),
      import(/* webpackChunkName: "common-ar" */ './market-names/ar.json'),
    ),
  'zh-TW': () =>
    withSharedNames(
      import(/* webpackChunkName: "common-zh-TW" */ './locales/zh-TW.json'),
      import(/* webpackChunkName: "common-zh-TW" */ '../contract/record-names/zh-TW.json'),
      import(/* webpackChunkName: "common-zh-TW" */ './market-names/zh-TW.json'),
    ),
};

/** Per-language loaders for `registerLazyNamespace` (webpack fetches each chunk once per page). */
export const commonStringLoaders: Record<Exclude<Lang, 'en'>, () => Loaded> = loaders;

/** Starts fetching `lang`'s common strings now (English ships with the SDK). */
export function prefetchCommonStrings(lang: Lang): void {
  if (lang === 'en') return;
  // A failure is reported where the strings are awaited; here it must not be unhandled.
  loaders[lang]().catch(() => undefined);
}
