import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { registerNamespace, type I18n, type Lang } from '@swx/shared';
import ar from './locales/ar.json';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import it from './locales/it.json';
import ja from './locales/ja.json';
import ko from './locales/ko.json';
import zhCN from './locales/zh-CN.json';
import zhTW from './locales/zh-TW.json';

export const namespace = 'pass';

/** Every language's strings, bundled: the sign-in pages must not wait for a second request to show text. */
export const passResources: Record<Lang, typeof en> = {
  'zh-CN': zhCN,
  en,
  ja,
  ko,
  de,
  fr,
  it,
  es,
  ar,
  'zh-TW': zhTW,
};

const registered = new WeakSet<object>();

export function registerPassStrings(i18n: I18n): void {
  if (registered.has(i18n)) return;
  registerNamespace(i18n, namespace, passResources);
  registered.add(i18n);
}

/** Adds the module's namespace to the site's i18next instance before the module's first render. */
export function usePassStrings(): void {
  const { i18n } = useTranslation();
  useState(() => registerPassStrings(i18n));
}
