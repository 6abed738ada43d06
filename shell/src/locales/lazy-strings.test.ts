import { createRootStore, createI18n, languageReady, languages, registerLazyNamespace } from '@swx/shared';
import { MemoryStorage } from '../test-support/render-shell';
import { registerShellStrings, shellNamespace } from '.';
import { shellStringLoaders } from './fetch';
import { startupLanguage } from './startup-language';

function rootIn(language: string | null, browser: readonly string[] = ['en-US']) {
  const storage = new MemoryStorage();
  if (language) storage.setItem('language', language);
  Object.defineProperty(navigator, 'languages', { configurable: true, get: () => browser });
  const root = createRootStore({ storage, sessionStorage: new MemoryStorage() });
  return { root, storage };
}

afterEach(() => jest.restoreAllMocks());

describe("the shell's strings, loaded per language", () => {
  it('has English at once, with no fetch to wait for', () => {
    const { root } = rootIn('en');
    registerShellStrings(root.i18n);
    expect(languageReady(root.i18n, 'en')).toBeNull();
    expect(root.i18n.t('language.title', { ns: shellNamespace })).toBe('Choose a language');
  });

  it('has the active language before the first render once its strings are awaited', async () => {
    const { root } = rootIn('ja');
    registerShellStrings(root.i18n);
    expect(root.i18n.language).toBe('ja');
    const ready = languageReady(root.i18n, root.settings.language);
    expect(ready).not.toBeNull();
    await ready;
    expect(root.i18n.hasResourceBundle('ja', shellNamespace)).toBe(true);
    expect(root.i18n.t('language.title', { ns: shellNamespace })).toBe('言語を選択');
    expect(languageReady(root.i18n, 'ja')).toBeNull();
  });

  it('switches language only once the new strings are there', async () => {
    const { root, storage } = rootIn('en');
    registerShellStrings(root.i18n);
    const seen: string[] = [];
    root.i18n.on('languageChanged', (lang: string) =>
      seen.push(`${lang}:${root.i18n.t('language.title', { ns: shellNamespace })}`),
    );
    root.settings.setLanguage('ar');
    expect(storage.getItem('language')).toBe('ar');
    expect(root.i18n.language).toBe('en'); // still fetching Arabic
    await languageReady(root.i18n, 'ar');
    await Promise.resolve();
    expect(root.i18n.language).toBe('ar');
    expect(seen).toEqual(['ar:اختر لغة']);
  });

  it('lets the last of two quick choices win', async () => {
    const { root } = rootIn('en');
    registerShellStrings(root.i18n);
    root.settings.setLanguage('de');
    root.settings.setLanguage('ko');
    await Promise.all([languageReady(root.i18n, 'de'), languageReady(root.i18n, 'ko')]);
    await Promise.resolve();
    expect(root.i18n.language).toBe('ko');
    expect(root.i18n.t('language.title', { ns: shellNamespace })).toBe('언어 선택');
  });

  it('falls back to English when a language cannot be fetched, and tries again next time', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const i18n = createI18n('en');
    const english = { title: 'Markets' };
    const french = jest
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ default: { title: 'Marchés' } });
    const others = Object.fromEntries(
      languages.filter((lang) => lang !== 'en').map((lang) => [lang, lang === 'fr' ? french : jest.fn()]),
    ) as unknown as Parameters<typeof registerLazyNamespace>[3];
    registerLazyNamespace(i18n, 'probe', english, others);
    await languageReady(i18n, 'fr');
    await i18n.changeLanguage('fr');
    expect(i18n.t('title', { ns: 'probe' })).toBe('Markets');
    expect(warn).toHaveBeenCalled();
    await languageReady(i18n, 'fr');
    expect(i18n.t('title', { ns: 'probe' })).toBe('Marchés');
    expect(french).toHaveBeenCalledTimes(2);
  });

  it('fetches each language once however often it is asked for', async () => {
    const first = shellStringLoaders.es();
    expect(shellStringLoaders.es()).toBe(first);
    expect((await first).default.language.title).toBe('Elige un idioma');
  });
});

describe('startupLanguage (the entry chunk’s guess, for an early fetch)', () => {
  it.each([
    ['a stored choice', 'ar', ['en-US']],
    ['the browser’s language', null, ['fr-CA', 'en']],
    ['Traditional Chinese for Hong Kong', null, ['zh-HK']],
    ['English for an unsupported language', null, ['pt-BR']],
    ['the browser when the stored value is not a language', 'xx', ['ko-KR']],
  ])('agrees with the settings store for %s', (_case, stored, browser) => {
    const { root, storage } = rootIn(stored, browser);
    expect(startupLanguage(storage, browser)).toBe(root.settings.language);
  });

  it('survives a storage that refuses to be read', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
    };
    expect(startupLanguage(refusing, ['de-DE'])).toBe('de');
  });
});
