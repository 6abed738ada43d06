import type { i18n as I18n } from 'i18next';
import type { Lang } from './languages';

/**
 * Strings fetched per language instead of bundled. A namespace registered here ships English (the default
 * language and every language's fallback) and fetches each other language the first time it is needed;
 * `languageReady` is what the start-up awaits before the first render and what a language switch awaits
 * before the page changes language, so text never shows in the wrong language first.
 */

/** A language's strings for one namespace, as `import('./locales/xx.json')` gives them. */
export type StringsLoader = () => Promise<{ default: object }>;

/** Starts loading a language; answers null when it has nothing to load (already there, or English). */
type LanguageLoader = (lang: Lang) => Promise<void> | null;

const loadersOf = new WeakMap<I18n, Map<string, LanguageLoader>>();

/**
 * Registers namespace `ns` with its English strings now and the other languages on demand (the first
 * `languageReady` for a language starts its fetch). Registering a namespace again does nothing, so a module
 * may call this whenever it renders.
 */
export function registerLazyNamespace(
  i18n: I18n,
  ns: string,
  english: object,
  loaders: Record<Exclude<Lang, 'en'>, StringsLoader>,
): void {
  let registered = loadersOf.get(i18n);
  if (!registered) {
    registered = new Map();
    loadersOf.set(i18n, registered);
  }
  if (registered.has(ns)) return;
  i18n.addResourceBundle('en', ns, english, true, true);
  const inFlight = new Map<Lang, Promise<void>>();
  const loader: LanguageLoader = (lang) => {
    if (lang === 'en' || i18n.hasResourceBundle(lang, ns)) return null;
    let loading = inFlight.get(lang);
    if (!loading) {
      loading = loaders[lang]().then(
        (strings) => {
          i18n.addResourceBundle(lang, ns, strings.default, true, true);
        },
        (error: unknown) => {
          // Offline or a failed chunk: the page shows English (the fallback) rather than nothing; the next
          // switch to this language tries again.
          inFlight.delete(lang);
          console.warn(`[i18n] ${ns} strings for ${lang} did not load; showing English`, error);
        },
      );
      inFlight.set(lang, loading);
    }
    return loading;
  };
  registered.set(ns, loader);
}

/**
 * Resolves once every lazily registered namespace has its strings for `lang` (or has fallen back to
 * English); null when nothing needs loading, so callers can switch in the same tick. Never rejects.
 */
export function languageReady(i18n: I18n, lang: Lang): Promise<void> | null {
  const pending = [...(loadersOf.get(i18n)?.values() ?? [])]
    .map((load) => load(lang))
    .filter((loading): loading is Promise<void> => loading !== null);
  return pending.length === 0 ? null : Promise.all(pending).then(() => undefined);
}

/** Switches i18next to `lang` once its strings are there (at once when they already are). */
export function changeLanguageWhenReady(
  i18n: I18n,
  lang: Lang,
  stillWanted: () => boolean = () => true,
): void {
  const ready = languageReady(i18n, lang);
  if (!ready) {
    if (i18n.language !== lang) void i18n.changeLanguage(lang);
    return;
  }
  void ready.then(() => {
    if (stillWanted() && i18n.language !== lang) void i18n.changeLanguage(lang);
  });
}
