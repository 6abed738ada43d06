import { useTranslation } from 'react-i18next';
import type { I18n } from '@swx/shared';
import en from './locales/en.json';
import zhCN from './locales/zh-CN.json';

export const namespace = 'staff';

export type StaffStrings = typeof en;

/**
 * The back office speaks English and Simplified Chinese only: a staff team language choice (README.md of
 * this module). Opened in any other site language it switches the site to English (`routes.tsx`). Both ship
 * with the module: they are small, and a staff member switches between them.
 */
export const staffLanguages = ['en', 'zh-CN'] as const;
export type StaffLanguage = (typeof staffLanguages)[number];

const resources: Record<StaffLanguage, StaffStrings> = { en, 'zh-CN': zhCN };

/** Registers the module's strings once per i18next instance (the routes component does it on first render). */
export function registerStaffStrings(i18n: I18n): void {
  for (const lang of staffLanguages)
    if (!i18n.hasResourceBundle(lang, namespace))
      i18n.addResourceBundle(lang, namespace, resources[lang], true, true);
}

/** The module's `t`: namespace `staff`, falling back to the SDK's `common`. */
export function useStaffStrings() {
  return useTranslation([namespace, 'common']);
}
