import { registerLazyNamespace, type I18n } from '@swx/shared';
import en from './en.json';
import { shellStringLoaders } from './fetch';

export const shellNamespace = 'shell';

export type { ShellStrings } from './fetch';

/**
 * Adds the shell's strings (namespace `shell`) to the site's i18next instance: English now (it ships with the
 * shell and is every language's fallback), the others fetched when used. Start-up awaits the active
 * language (`languageReady`) before the first render; a language switch waits for its strings.
 */
export function registerShellStrings(i18n: I18n): void {
  registerLazyNamespace(i18n, shellNamespace, en, shellStringLoaders);
}
