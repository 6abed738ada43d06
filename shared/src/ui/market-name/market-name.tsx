import { useTranslation } from 'react-i18next';
import { commonNamespace } from '../../i18n/create-i18n';
import { shownMarketName } from '../../i18n/market-names';

export interface MarketNameProps {
  /** Market code (`XAUUSD`), the key of the local names. */
  code: string;
  /** The catalogue's name (`appName` on the wire), shown where the language has no name of its own. */
  name: string;
  className?: string;
  testId?: string;
}

/**
 * A market's name in the page's language. Where the language has no local name the catalogue's English
 * proper name is shown, marked `lang="en"` (read and hyphenated as English) and `translate="no"`, so browser
 * translators and our English-text check leave "Bitcoin" or "Visa" alone.
 */
export function MarketName({ code, name, className, testId }: MarketNameProps) {
  const { i18n } = useTranslation(commonNamespace);
  const shown = shownMarketName(i18n, code, name);
  return shown.fallback ? (
    <span className={className} data-testid={testId} lang="en" translate="no">
      {shown.text}
    </span>
  ) : (
    <span className={className} data-testid={testId}>
      {shown.text}
    </span>
  );
}
