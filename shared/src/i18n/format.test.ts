import Decimal from 'decimal.js';
import { renderHook } from '@testing-library/react';
import { createI18n, registerNamespace, useNamespace } from './create-i18n';
import {
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatPercent,
  formatPrice,
  formatRateAsGiven,
  getFormatLanguage,
  prepareNumberFormats,
  setFormatLanguage,
} from './format';
import { languageReady } from './language-loading';
import { dirFor, languages, matchLanguage } from './languages';

afterEach(() => setFormatLanguage('en'));

describe('formatters', () => {
  it('prepares the number format a plain number uses, so the first number shown builds none', () => {
    const constructor = jest.spyOn(Intl, 'NumberFormat');
    try {
      // Japanese: no other test in this file formats in it, so nothing is cached for it yet.
      prepareNumberFormats('ja');
      expect(constructor).toHaveBeenCalledTimes(1);
      expect(formatNumber('1234.5', { lang: 'ja' })).toBe('1,234.5');
      expect(constructor).toHaveBeenCalledTimes(1);
    } finally {
      constructor.mockRestore();
    }
  });

  it('formats prices with the market decimals without losing digits of long decimals', () => {
    expect(formatPrice('67012.5', 2)).toBe('67,012.50');
    expect(formatPrice('1.084315', 5)).toBe('1.08432');
    expect(formatPrice('123456789012345678.123456789', 9)).toBe('123,456,789,012,345,678.123456789');
    expect(formatPrice('67012.5', 2, 'de')).toBe('67.012,50');
    expect(formatPrice('not a number', 2)).toBe('--');
    expect(formatPrice(Number.NaN, 2)).toBe('--');
    expect(formatPrice('0x1f', 2)).toBe('--');
    // An absurd exponent is refused rather than expanded into a billion digits.
    expect(formatPrice('1e999999999', 2)).toBe('--');
    expect(formatPrice('1.5e-7', 8)).toBe('0.00000015');
  });

  it('formats money as posted, crypto codes after the number; estimates rounded when asked', () => {
    expect(formatMoney('1234.567', 'USDT', { rounding: 'down' })).toBe('1,234.56\u00a0USDT');
    expect(formatMoney('0.123456789', 'BTC', { rounding: 'down' })).toBe('0.12345678\u00a0BTC');
    expect(formatMoney('2', 'ETH')).toBe('2.00000000\u00a0ETH');
    expect(formatMoney('1234.5', 'EUR', { lang: 'de' })).toBe('1.234,50\u00a0€');
    expect(formatMoney('1234.99', 'JPY', { lang: 'ja', rounding: 'down' })).toBe('￥1,234');
    expect(formatMoney(new Decimal('0.1').plus('0.2'), 'USDT')).toBe('0.30\u00a0USDT');
    expect(formatMoney('99999999999999999.99', 'USDT')).toBe('99,999,999,999,999,999.99\u00a0USDT');
  });

  it('formats zdf percentages with a sign', () => {
    expect(formatPercent('1.234')).toBe('+1.23%');
    expect(formatPercent('-0.5')).toBe('-0.50%');
    expect(formatPercent('0')).toBe('0.00%');
    // Exact: 0.125 % is not nudged by a binary division on its way to two decimals.
    expect(formatPercent('0.125')).toBe('+0.13%');
    expect(formatPercent('-0.125')).toBe('-0.13%');
    expect(formatPercent('1.5', { signed: false, lang: 'fr' })).toBe('1,50\u00a0%');
  });

  it('formats a contract rate with every digit it has, two at least and six at most', () => {
    expect(formatRateAsGiven('0.00025')).toBe('0.025%');
    expect(formatRateAsGiven('0.001')).toBe('0.10%');
    expect(formatRateAsGiven('0.0012345678')).toBe('0.123457%');
    expect(formatRateAsGiven('0.0005', 'de')).toBe('0,05\u00a0%');
    expect(formatRateAsGiven('not a rate')).toBe(formatPercent('not a rate'));
  });

  it('formats plain numbers and follows the active language', () => {
    expect(formatNumber('1234567.5')).toBe('1,234,567.5');
    expect(formatNumber(3, { minimumFractionDigits: 2 })).toBe('3.00');
    setFormatLanguage('de');
    expect(formatNumber('1234567.5')).toBe('1.234.567,5');
  });

  it('formats dates and times in the language order', () => {
    const when = Date.UTC(2026, 10, 22, 15, 4, 5);
    expect(formatDate(when, { timeZone: 'UTC' })).toBe('11/22/2026');
    expect(formatDate(when, { timeZone: 'UTC', lang: 'de' })).toBe('22.11.2026');
    expect(formatDateTime(when, { timeZone: 'UTC', lang: 'zh-CN' })).toBe('2026/11/22 15:04:05');
    expect(formatDate('garbage')).toBe('--');
  });

  it('follows i18n language changes', async () => {
    const i18n = createI18n('en');
    await i18n.changeLanguage('ko');
    expect(getFormatLanguage()).toBe('ko');
  });
});

describe('languages', () => {
  it('has ten languages, Arabic right-to-left', () => {
    expect(languages).toHaveLength(10);
    expect(languages.filter((lang) => dirFor(lang) === 'rtl')).toEqual(['ar']);
  });

  it('matches a browser preference', () => {
    expect(matchLanguage(['fr-CA', 'en'])).toBe('fr');
    expect(matchLanguage(['zh-HK'])).toBe('zh-TW');
    expect(matchLanguage(['zh'])).toBe('zh-CN');
    expect(matchLanguage(['pt-BR'])).toBe('en');
  });

  it('lets a module register its namespace in all languages', async () => {
    const i18n = createI18n('it');
    await languageReady(i18n, 'it');
    const resources = Object.fromEntries(
      languages.map((lang) => [lang, { title: `title-${lang}` }]),
    ) as Record<(typeof languages)[number], object>;
    registerNamespace(i18n, 'mf-demo', resources);
    expect(i18n.t('title', { ns: 'mf-demo' })).toBe('title-it');
    expect(i18n.t('mf-demo:title')).toBe('title-it');
    expect(i18n.t('copy.success')).toBe('Copiato');
  });
});

describe('useNamespace', () => {
  it('registers a module namespace once and translates in it, falling back to common', async () => {
    const i18n = createI18n('es');
    await languageReady(i18n, 'es');
    const resources = Object.fromEntries(
      languages.map((lang) => [lang, { heading: `heading-${lang}` }]),
    ) as Record<(typeof languages)[number], object>;
    const spy = jest.spyOn(i18n, 'addResourceBundle');
    const { result, rerender } = renderHook(() => useNamespace('mf-hook', resources));
    rerender();
    expect(result.current.t('heading')).toBe('heading-es');
    expect(result.current.t('copy.success')).toBe('Copiado');
    expect(spy).toHaveBeenCalledTimes(languages.length);
  });
});
