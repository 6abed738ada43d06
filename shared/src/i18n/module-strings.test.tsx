import { renderHook, waitFor, act } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { ReactNode } from 'react';
import { createI18n } from './create-i18n';
import { defineModuleStrings, type ModuleStringLoaders } from './module-strings';

const en = { hello: 'Hello' };
const loader = (hello: string) => () => Promise.resolve({ default: { hello } });
const loaders: ModuleStringLoaders<typeof en> = {
  'zh-CN': loader('你好'),
  'zh-TW': loader('你好'),
  ja: loader('こんにちは'),
  ko: loader('안녕하세요'),
  de: loader('Hallo'),
  fr: loader('Bonjour'),
  es: loader('Hola'),
  it: loader('Ciao'),
  ar: loader('مرحبا'),
};

test('a module is ready in English at once and in another language once its strings arrived', async () => {
  const i18n = createI18n('en');
  const strings = defineModuleStrings('greeting', en, loaders);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
  );
  const { result } = renderHook(() => strings.useReady(), { wrapper });
  expect(result.current).toBe(true);
  expect(i18n.t('hello', { ns: 'greeting' })).toBe('Hello');
  await act(() => i18n.changeLanguage('de'));
  await waitFor(() => expect(result.current).toBe(true));
  expect(i18n.hasResourceBundle('de', 'greeting')).toBe(true);
  expect(i18n.t('hello', { ns: 'greeting' })).toBe('Hallo');
});

test('registerAll adds the given languages synchronously', () => {
  const i18n = createI18n('en');
  const strings = defineModuleStrings('greeting2', en, loaders);
  strings.registerAll(i18n, { fr: { hello: 'Salut' } });
  expect(i18n.hasResourceBundle('fr', 'greeting2')).toBe(true);
  expect(i18n.hasResourceBundle('en', 'greeting2')).toBe(false);
});
