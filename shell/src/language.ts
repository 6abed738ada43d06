import { reaction } from 'mobx';
import { dirFor, languageReady, type Lang } from '@swx/shared';
import type { FooterContentStore } from './chrome/footer-content';
import type { RootStore } from './shell-context';

/**
 * Keeps everything that depends on the language in step with `settings.language`: i18next (the settings
 * store already switches it; this covers a language set some other way), the
 * `<html lang dir>` attributes (Arabic is right-to-left) and the footer content list. Text and direction
 * change together, once the language's strings have arrived (they are fetched on first use).
 */
export function followLanguage(options: {
  root: RootStore;
  footer: FooterContentStore;
  documentElement?: HTMLElement;
}) {
  const { root, footer } = options;
  const html = options.documentElement ?? document.documentElement;
  return reaction(
    () => root.settings.language as Lang,
    (lang) => {
      void footer.load(lang);
      const apply = () => {
        if (root.settings.language !== lang) return; // a later choice came first
        if (root.i18n.language !== lang) void root.i18n.changeLanguage(lang);
        html.lang = lang;
        html.dir = dirFor(lang);
      };
      const ready = languageReady(root.i18n, lang);
      if (ready) void ready.then(apply);
      else apply();
    },
    { fireImmediately: true },
  );
}
