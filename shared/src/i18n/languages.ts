/** The ten interface languages (docs/product.md, languages), in the order the language picker lists them. */
export const languages = ['zh-CN', 'en', 'ja', 'ko', 'de', 'fr', 'it', 'es', 'ar', 'zh-TW'] as const;

export type Lang = (typeof languages)[number];

/** Each language named in itself, so a customer finds theirs whatever language is active. */
export const languageNames: Record<Lang, string> = {
  'zh-CN': '简体中文',
  en: 'English',
  ja: '日本語',
  ko: '한국어',
  de: 'Deutsch',
  fr: 'Français',
  it: 'Italiano',
  es: 'Español',
  ar: 'العربية',
  'zh-TW': '繁體中文',
};

export const defaultLanguage: Lang = 'en';

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** Arabic is the only right-to-left language we offer. */
export function dirFor(lang: Lang): 'ltr' | 'rtl' {
  return lang === 'ar' ? 'rtl' : 'ltr';
}

/**
 * The best interface language for a browser's preference list (`navigator.languages`): an exact match
 * first, then Traditional Chinese for zh-Hant/HK/MO, Simplified for other Chinese, then the base language.
 */
export function matchLanguage(preferred: readonly string[]): Lang {
  for (const tag of preferred) {
    if (isLang(tag)) return tag;
    const lower = tag.toLowerCase();
    if (lower.startsWith('zh')) {
      return /hant|-tw|-hk|-mo/.test(lower) ? 'zh-TW' : 'zh-CN';
    }
    const base = lower.split('-')[0];
    const found = languages.find((lang) => lang === base);
    if (found) return found;
  }
  return defaultLanguage;
}
