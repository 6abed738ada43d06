import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { I18n } from './create-i18n';
import { registerLazyNamespace, languageReady } from './language-loading';
import { isLang, type Lang } from './languages';

/** A module's non-English strings, each fetched on first use; the module keeps the `import()`s so webpack names its chunks. */
export type ModuleStringLoaders<S> = Record<Exclude<Lang, 'en'>, () => Promise<{ default: S }>>;

export interface ModuleStrings<S> {
  namespace: string;
  /** Registers English now and the other languages on demand; registering again does nothing. */
  register: (i18n: I18n) => void;
  /** For tests and the harness: the given languages registered synchronously. */
  registerAll: (i18n: I18n, all?: Partial<Record<Lang, S>>) => void;
  /**
   * Whether the module's strings for the active language are ready. Until they are, the module shows its
   * loading state rather than English text that would switch language under the customer's eyes.
   */
  useReady: () => boolean;
}

/** The per-module string loading every lazily translated module needs, bound to its namespace. */
export function defineModuleStrings<S extends object>(
  namespace: string,
  en: S,
  loaders: ModuleStringLoaders<S>,
): ModuleStrings<S> {
  const register = (i18n: I18n) => registerLazyNamespace(i18n, namespace, en, loaders);
  const registerAll = (i18n: I18n, all: Partial<Record<Lang, S>> = { en } as Partial<Record<Lang, S>>) => {
    for (const [lang, strings] of Object.entries(all))
      i18n.addResourceBundle(lang, namespace, strings, true, true);
  };
  function useReady(): boolean {
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
  return { namespace, register, registerAll, useReady };
}
