import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { MarketNames } from './common-strings';
import { commonNamespace, type I18n } from './create-i18n';

/**
 * Market names in the customer's language (`market-names/<lang>.json`, keyed by market code), as a broker
 * in that language writes them: metals, commodities and currency pairs always; crypto, companies and index
 * products only where a local name is in common use, otherwise the entry is left out and the catalogue's
 * proper name is shown. `en.json` holds the catalogue's own names, for reference and for the test that keeps
 * the codes in step with the server's catalogue: an English page shows what the catalogue says.
 *
 * Each language's names ride along with its common strings (`common-strings.ts`, key `marketNames`), so a
 * page never downloads another language's names and English adds nothing to the first load.
 */
export type { MarketNames };

/** Where a language's names sit in the `common` namespace. */
export const marketNamesKey = 'marketNames';

/** The name to show, and whether it is the catalogue's English name standing in for a missing local one. */
export interface ShownMarketName {
  text: string;
  fallback: boolean;
}

function namesIn(i18n: I18n, lang: string): MarketNames | undefined {
  const names: unknown = i18n.getResource(lang, commonNamespace, marketNamesKey);
  return typeof names === 'object' && names !== null ? (names as MarketNames) : undefined;
}

/**
 * The market's name in `lang` (the page's language by default). English shows the catalogue's name as it
 * is; another language without a local name for the code (a proper name, a product the table does not
 * know, or strings that failed to load) falls back to the catalogue's name, flagged as a fallback.
 */
export function shownMarketName(
  i18n: I18n,
  code: string,
  catalogueName: string,
  lang: string = i18n.language,
): ShownMarketName {
  if (lang === 'en') return { text: catalogueName, fallback: false };
  const local = namesIn(i18n, lang)?.[code]?.trim();
  return local ? { text: local, fallback: false } : { text: catalogueName, fallback: true };
}

/** The market's name as text in `lang` (the page's language by default), for labels, titles and search. */
export function marketName(
  i18n: I18n,
  code: string,
  catalogueName: string,
  lang: string = i18n.language,
): string {
  return shownMarketName(i18n, code, catalogueName, lang).text;
}

/**
 * `marketName` for the page's language, following a language switch (the switch happens once the new
 * language's strings, names included, are there).
 */
export function useMarketName(): (code: string, catalogueName: string) => string {
  const { i18n } = useTranslation(commonNamespace);
  const lang = i18n.language;
  return useCallback(
    (code: string, catalogueName: string) => marketName(i18n, code, catalogueName, lang),
    [i18n, lang],
  );
}
