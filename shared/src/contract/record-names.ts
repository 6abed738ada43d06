import ar from './record-names/ar.json';
import de from './record-names/de.json';
import en from './record-names/en.json';
import es from './record-names/es.json';
import fr from './record-names/fr.json';
import it from './record-names/it.json';
import ja from './record-names/ja.json';
import ko from './record-names/ko.json';
import zhCN from './record-names/zh-CN.json';
import zhTW from './record-names/zh-TW.json';

/**
 * The names of ledger entry types, of the records they refer to and of the records export's columns, in the
 * ten languages: shared by the server (the CSV export is written in the customer's language) and the SDK's
 * `common` strings (`records.*`), so both say the same. Not part of the contract index: a page loads its own
 * language's names with the common strings, never all ten.
 */
export type RecordNames = typeof en;

export const recordNames: Record<
  'zh-CN' | 'en' | 'ja' | 'ko' | 'de' | 'fr' | 'it' | 'es' | 'ar' | 'zh-TW',
  RecordNames
> = {
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
