import { staffLanguages, useStaffStrings, type StaffLanguage } from '../../i18n';

/** The back office's language for names and figures: the site's when it is one of the two, else English. */
export function staffLanguageOf(language: string | undefined): StaffLanguage {
  return (staffLanguages as readonly string[]).includes(language ?? '') ? (language as StaffLanguage) : 'en';
}

/**
 * A country as staff read it: its name in their language with the ISO code beside it ("Germany (DE)",
 * "德国 (DE)"), the code alone when it is not one (an old record's free text) — never dropped.
 */
export function countryName(code: string | null | undefined, language: string): string {
  if (!code) return '—';
  const trimmed = code.trim();
  if (!/^[A-Za-z]{2}$/.test(trimmed)) return trimmed;
  const upper = trimmed.toUpperCase();
  try {
    const name = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' }).of(upper);
    return name && name !== upper ? `${name} (${upper})` : upper;
  } catch {
    return upper;
  }
}

/**
 * Words for the codes records carry (countries, withdrawal methods), in the member's language. Statuses
 * have `Status`; record types, kinds and ledger accounts their own keys.
 */
export function useLabels() {
  const { t, i18n } = useStaffStrings();
  const language = staffLanguageOf(i18n.language);
  return {
    language,
    country: (code: string | null | undefined) => countryName(code, language),
    method: (method: string) => t(`labels.methods.${method}`, { defaultValue: method }),
  };
}
