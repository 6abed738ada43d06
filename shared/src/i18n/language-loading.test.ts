import { createI18n } from './create-i18n';
import { changeLanguageWhenReady, languageReady, registerLazyNamespace } from './language-loading';

describe('registerLazyNamespace', () => {
  it('ships English at once, fetches another language once, and registering again changes nothing', async () => {
    const i18n = createI18n('en');
    const fetches: string[] = [];
    const loaders = Object.fromEntries(
      ['zh-CN', 'ja', 'ko', 'de', 'fr', 'it', 'es', 'ar', 'zh-TW'].map((lang) => [
        lang,
        async () => {
          fetches.push(lang);
          return { default: { title: `title-${lang}` } };
        },
      ]),
    ) as Parameters<typeof registerLazyNamespace>[3];
    registerLazyNamespace(i18n, 'demo', { title: 'title-en' }, loaders);
    registerLazyNamespace(i18n, 'demo', { title: 'other' }, loaders);
    expect(i18n.getResource('en', 'demo', 'title')).toBe('title-en');

    await Promise.all([languageReady(i18n, 'ja'), languageReady(i18n, 'ja')]);
    expect(fetches).toEqual(['ja']);
    expect(i18n.getResource('ja', 'demo', 'title')).toBe('title-ja');
    expect(languageReady(i18n, 'en')).toBeNull();
  });

  it('switches language only once the strings are there, and a failed fetch falls back to English', async () => {
    const i18n = createI18n('en');
    await languageReady(i18n, 'de');
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const loaders = Object.fromEntries(
      ['zh-CN', 'ja', 'ko', 'de', 'fr', 'it', 'es', 'ar', 'zh-TW'].map((lang) => [
        lang,
        () =>
          lang === 'de'
            ? Promise.reject(new Error('offline'))
            : Promise.resolve({ default: { title: lang } }),
      ]),
    ) as Parameters<typeof registerLazyNamespace>[3];
    registerLazyNamespace(i18n, 'demo2', { title: 'english' }, loaders);

    changeLanguageWhenReady(i18n, 'fr');
    expect(i18n.language).toBe('en');
    await languageReady(i18n, 'fr');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(i18n.language).toBe('fr');
    expect(i18n.t('title', { ns: 'demo2' })).toBe('fr');

    await languageReady(i18n, 'de');
    expect(warn).toHaveBeenCalled();
    await i18n.changeLanguage('de');
    expect(i18n.t('title', { ns: 'demo2' })).toBe('english');
    warn.mockRestore();
  });
});
