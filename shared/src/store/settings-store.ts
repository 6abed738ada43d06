import { makeAutoObservable } from 'mobx';
import type { AccountMode } from '../contract/common';
import type { I18n } from '../i18n/create-i18n';
import { dirFor, isLang, type Lang } from '../i18n/languages';
import { changeLanguageWhenReady } from '../i18n/language-loading';
import type { KeyStore } from './local-keys';
import { localKeys, sessionKeys } from './local-keys';

/** `system` follows the device's light/dark setting (`prefers-color-scheme`). */
export type ThemeChoice = 'system' | 'light' | 'dark';

export interface SettingsStoreOptions {
  storage: KeyStore;
  sessionStorage: KeyStore;
  i18n: I18n;
  initialLanguage: Lang;
  isLoggedIn: () => boolean;
  /** Tells the server the customer's default mode; every call carries the mode in `virtually` anyway. */
  saveAccountMode: (mode: AccountMode) => Promise<unknown>;
}

export class SettingsStore {
  language: Lang;
  accountMode: AccountMode;
  /** The K-line chart choice the seed keeps under `klinedatamark` (e.g. the interval). */
  klineMark: string | null;
  /** The onboarding board shows once per browser session (seed §2). */
  showBoard: boolean;
  theme: ThemeChoice;

  constructor(private readonly options: SettingsStoreOptions) {
    const { storage, sessionStorage } = options;
    const storedLanguage = storage.get(localKeys.language);
    this.language = isLang(storedLanguage) ? storedLanguage : options.initialLanguage;
    // Seed: '1' means demo, anything else real.
    this.accountMode = storage.get(localKeys.virtualStatus) === '1' ? 'demo' : 'real';
    this.klineMark = storage.get(localKeys.klineMark);
    this.showBoard = sessionStorage.get(sessionKeys.showBoard) !== 'false';
    const storedTheme = storage.get(localKeys.theme);
    this.theme = storedTheme === 'light' || storedTheme === 'dark' ? storedTheme : 'system';
    makeAutoObservable<SettingsStore, 'options'>(this, { options: false }, { autoBind: true });
    if (options.i18n.language !== this.language) void options.i18n.changeLanguage(this.language);
  }

  get dir(): 'ltr' | 'rtl' {
    return dirFor(this.language);
  }

  get isDemo(): boolean {
    return this.accountMode === 'demo';
  }

  setLanguage(lang: Lang): void {
    this.language = lang;
    this.options.storage.set(localKeys.language, lang);
    // Strings fetched on demand (registerLazyNamespace) arrive first; with none pending this is immediate.
    changeLanguageWhenReady(this.options.i18n, lang, () => this.language === lang);
  }

  /**
   * Switches at once (the next call already carries the new `virtually`), then records the choice on the
   * server when signed in. The returned promise rejects if that save fails, so the switch control can say so.
   */
  async setAccountMode(mode: AccountMode): Promise<void> {
    this.accountMode = mode;
    this.options.storage.set(localKeys.virtualStatus, mode === 'demo' ? '1' : '0');
    if (this.options.isLoggedIn()) await this.options.saveAccountMode(mode);
  }

  /** The mode the server has stored for the customer (at login): taken over without saving it back. */
  adoptAccountMode(mode: AccountMode): void {
    this.accountMode = mode;
    this.options.storage.set(localKeys.virtualStatus, mode === 'demo' ? '1' : '0');
  }

  setKlineMark(mark: string): void {
    this.klineMark = mark;
    this.options.storage.set(localKeys.klineMark, mark);
  }

  /** The customer's theme; `system` forgets the choice and follows the device again. */
  setTheme(theme: ThemeChoice): void {
    this.theme = theme;
    if (theme === 'system') this.options.storage.remove(localKeys.theme);
    else this.options.storage.set(localKeys.theme, theme);
  }

  hideBoard(): void {
    this.showBoard = false;
    this.options.sessionStorage.set(sessionKeys.showBoard, 'false');
  }
}
