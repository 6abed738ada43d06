import { reaction } from 'mobx';
import type { RootStore } from '../shell-context';

/** The system's preference, the default until the customer picks a theme. */
export const DARK_QUERY = '(prefers-color-scheme: dark)';

/**
 * Writes the customer's theme to `<html data-theme>` (the tokens in the SDK's theme.css read it); without a
 * choice the attribute is absent and the system's setting applies.
 */
export function followTheme(root: RootStore, html: HTMLElement = document.documentElement) {
  return reaction(
    () => root.settings.theme,
    (theme) => {
      if (theme === 'system') delete html.dataset.theme;
      else html.dataset.theme = theme;
    },
    { fireImmediately: true },
  );
}
