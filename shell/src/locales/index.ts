import type { Lang } from '@swx/shared';
import ar from './ar.json';
import de from './de.json';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';
import it from './it.json';
import ja from './ja.json';
import ko from './ko.json';
import zhCN from './zh-CN.json';
import zhTW from './zh-TW.json';

/** The shell's strings (i18next namespace `shell`) in every interface language. */
export const shellResources: Record<Lang, typeof en> = {
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
