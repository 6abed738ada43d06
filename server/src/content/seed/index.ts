import type { ContentLanguage } from '../languages';
import zhCN from './zh-CN.json';
import en from './en.json';
import ja from './ja.json';
import ko from './ko.json';
import de from './de.json';
import fr from './fr.json';
import it from './it.json';
import es from './es.json';
import ar from './ar.json';
import zhTW from './zh-TW.json';

/** One seeded page in one language; the same slug in every language is the same page translated. */
export interface SeedItem {
  type: number;
  slug: string;
  sort: number;
  title: string;
  body: string;
}

/** The content inserted at start-up where missing, per language (bundled into the server build). */
export const contentSeed: Record<ContentLanguage, SeedItem[]> = {
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
