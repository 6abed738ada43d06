import i18next, { type i18n as I18n } from 'i18next';
import { useState } from 'react';
import { initReactI18next, useTranslation, type UseTranslationResponse } from 'react-i18next';
import englishStrings from './locales/en.json';
import englishRecordNames from '../contract/record-names/en.json';
import { commonStringLoaders } from './common-strings';
import { registerLazyNamespace } from './language-loading';
import { setFormatLanguage } from './format';
import { defaultLanguage, isLang, languages, type Lang } from './languages';

export type { I18n };

export const commonNamespace = 'common';

/** English ships with the SDK, record names included (contract/record-names, shared with the server). */
const english = { ...englishStrings, records: englishRecordNames };

/**
 * One i18next instance for the whole site (shared as a singleton between the shell and the modules).
 * Initialisation is synchronous with English (the fallback) bundled; the SDK's strings in the other languages
 * are fetched on demand: whoever renders first awaits `languageReady(i18n, lang)` (the shell's bootstrap), and
 * `settings.setLanguage` switches once they are there.
 */
export function createI18n(lang: Lang = defaultLanguage): I18n {
  const instance = i18next.createInstance();
  instance.use(initReactI18next);
  void instance.init({
    lng: lang,
    fallbackLng: defaultLanguage,
    supportedLngs: [...languages],
    ns: [commonNamespace],
    defaultNS: commonNamespace,
    fallbackNS: commonNamespace,
    resources: { [defaultLanguage]: { [commonNamespace]: english } },
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes already
    returnNull: false,
  });
  registerLazyNamespace(instance, commonNamespace, english, commonStringLoaders);
  setFormatLanguage(lang);
  instance.on('languageChanged', (next) => {
    if (isLang(next)) setFormatLanguage(next);
  });
  return instance;
}

/**
 * A module adds its own namespace (its `src/locales/<lang>.json`) when it loads. Requiring every
 * language in the type keeps a module from shipping with one missing.
 */
export function registerNamespace(i18n: I18n, ns: string, resources: Record<Lang, object>): void {
  for (const lang of languages) {
    i18n.addResourceBundle(lang, ns, resources[lang], true, true);
  }
}

/**
 * A module's `t`: adds the module's strings to the site's i18next instance before its first render (once
 * per instance), then translates in that namespace, falling back to `common`.
 */
export function useNamespace<N extends string>(
  ns: N,
  resources: Record<Lang, object>,
): UseTranslationResponse<N, undefined> {
  const { i18n } = useTranslation();
  useState(() => {
    if (!i18n.hasResourceBundle(defaultLanguage, ns)) registerNamespace(i18n, ns, resources);
  });
  return useTranslation(ns);
}
