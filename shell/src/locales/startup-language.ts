// Runs in the entry chunk (no shared library may be imported there, only plain modules): the SDK's language
// list and browser matching come from their own file, outside the shared SDK module.
import { isLang, matchLanguage, type Lang } from '@swx/shared/i18n/languages.ts';

/** The seed's localStorage key for the chosen language (the SDK's `localKeys.language`). */
const storedLanguageKey = 'language';

/**
 * The language the root store will start in: the customer's stored choice, else the browser's preference.
 * Only a head start for fetching that language's strings: bootstrap awaits the language the settings store
 * actually chose (a test checks the two agree).
 */
export function startupLanguage(
  storage: Pick<Storage, 'getItem'> | undefined = window.localStorage,
  preferred: readonly string[] = navigator.languages ?? [navigator.language],
): Lang {
  let stored: string | null = null;
  try {
    stored = storage?.getItem(storedLanguageKey) ?? null;
  } catch {
    // Storage refused (private browsing): the store falls back to the browser's language as well.
  }
  return isLang(stored) ? stored : matchLanguage(preferred);
}
