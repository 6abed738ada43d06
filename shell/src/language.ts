import { reaction } from 'mobx';
import { dirFor, type Lang } from '@swx/shared';
import type { FooterContentStore } from './chrome/footer-content';
import type { RootStore } from './shell-context';

/**
 * Keeps everything that depends on the language in step with `settings.language`: i18next (the settings
 * store already switches it; this covers a language set some other way), the
 * `<html lang dir>` attributes (Arabic is right-to-left) and the footer content list.
 */
export function followLanguage(options: {
  root: RootStore;
  footer: FooterContentStore;
  documentElement?: HTMLElement;
}) {
  const html = options.documentElement ?? document.documentElement;
  return reaction(
    () => options.root.settings.language as Lang,
    (lang) => {
      if (options.root.i18n.language !== lang) void options.root.i18n.changeLanguage(lang);
      html.lang = lang;
      html.dir = dirFor(lang);
      void options.footer.load(lang);
    },
    { fireImmediately: true },
  );
}
