import fc from 'fast-check';
import Big from 'big.js';
import {
  currencyPrecision,
  formatMoney,
  formatRate,
  formatRatio,
  formatPercent,
  hasDigitsBeyondPrecision,
} from './format';
import { languages } from './languages';
import { LEDGER_PRECISION } from '../contract/precision';

const nbsp = '\u00a0';

describe('money at the currency precision (docs/product.md, ledger precision)', () => {
  it('shows each currency at its ledger precision', () => {
    for (const [currency, places] of Object.entries(LEDGER_PRECISION))
      expect(currencyPrecision(currency)).toBe(places);
    expect(currencyPrecision('USDT')).toBe(2);
    expect(currencyPrecision('btc')).toBe(8);
    expect(currencyPrecision('JPY')).toBe(0);
    expect(currencyPrecision('KWD')).toBe(3);
    expect(currencyPrecision('DOGE')).toBe(8);
    expect(formatMoney('-4752.97', 'USDT', { lang: 'en' })).toBe(`-4,752.97${nbsp}USDT`);
    expect(formatMoney('0.5', 'BTC', { lang: 'en' })).toBe(`0.50000000${nbsp}BTC`);
  });

  it('never rounds a posted amount: an amount posted before the rule keeps its digits', () => {
    expect(formatMoney('1896.5083', 'USDT', { lang: 'en' })).toBe(`1,896.5083${nbsp}USDT`);
    expect(formatMoney('0.000000001', 'BTC', { lang: 'en' })).toBe(`0.000000001${nbsp}BTC`);
    expect(hasDigitsBeyondPrecision('1896.5083', 'USDT')).toBe(true);
    expect(hasDigitsBeyondPrecision('1896.50', 'USDT')).toBe(false);
  });

  it('rounds estimates only when asked: towards zero or to the nearest, signed when asked', () => {
    expect(formatMoney('1.999', 'USDT', { lang: 'en', rounding: 'down' })).toBe(`1.99${nbsp}USDT`);
    expect(formatMoney('1.995', 'USDT', { lang: 'en', rounding: 'halfUp' })).toBe(`2.00${nbsp}USDT`);
    expect(formatMoney('-1.995', 'USDT', { lang: 'en', rounding: 'halfUp' })).toBe(`-2.00${nbsp}USDT`);
    expect(formatMoney('150', 'USDT', { lang: 'en', signed: true })).toBe(`+150.00${nbsp}USDT`);
    expect(formatMoney('-150', 'USDT', { lang: 'en', signed: true })).toBe(`-150.00${nbsp}USDT`);
    expect(formatMoney('0', 'USDT', { lang: 'en', signed: true })).toBe(`0.00${nbsp}USDT`);
    expect(formatMoney('1027', 'USDT', { lang: 'de', code: false })).toBe('1.027,00');
  });

  it('writes numbers the language’s way, Arabic included, without losing the amount', () => {
    expect(formatMoney('-4752.97', 'USDT', { lang: 'de' })).toBe(`-4.752,97${nbsp}USDT`);
    const arabic = formatMoney('-4752.97', 'USDT', { lang: 'ar' });
    expect(arabic).toMatch(/USDT$/);
    // Whatever digits Arabic uses, the amount is there and is not zero.
    const western = arabic.replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x660));
    expect(western.replace(/[^\d]/g, '')).toBe('475297');
    expect(western).toMatch(/-|\u2212|\u061c-/);
  });

  it('keeps every digit of huge and tiny amounts (no float on the way)', () => {
    expect(formatMoney('123456789012345678.12', 'USDT', { lang: 'en' })).toBe(
      `123,456,789,012,345,678.12${nbsp}USDT`,
    );
    expect(formatMoney('0.00000001', 'BTC', { lang: 'en' })).toBe(`0.00000001${nbsp}BTC`);
    expect(formatMoney('0.1', 'USDT', { lang: 'en', decimals: 20 })).toBe(
      `0.10000000000000000000${nbsp}USDT`,
    );
    expect(formatMoney('not a number', 'USDT')).toBe('--');
  });

  it('writes an amount that fits the precision with exactly the precision, in every language', () => {
    const cents = fc
      .bigInt({ min: -(10n ** 15n), max: 10n ** 15n })
      .map((n) => new Big(n.toString()).div(100));
    fc.assert(
      fc.property(cents, fc.constantFrom(...languages), (amount, lang) => {
        const shown = formatMoney(amount.toFixed(), 'USDT', { lang, code: false });
        const digits = shown.replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x660));
        // The written digits are the amount's cents, whatever the separators and the sign's form.
        expect(digits.replace(/[^\d]/g, '').replace(/^0+(?=\d)/, '')).toBe(
          amount
            .abs()
            .times(100)
            .toFixed(0)
            .replace(/^0+(?=\d)/, ''),
        );
      }),
    );
  });
});

describe('ratios and rates have their own formats', () => {
  it('writes a ratio with ×, never overstated', () => {
    expect(formatRatio('238.0952', 'en')).toBe('238×');
    expect(formatRatio('12.3456', 'en')).toBe('12.3×');
    expect(formatRatio('1.999', 'de')).toBe('1,99×');
    expect(formatRatio('x', 'en')).toBe('--');
  });

  it('writes a fraction rate as a percentage the language’s way', () => {
    expect(formatRate('0.001', { lang: 'en' })).toBe('0.10%');
    expect(formatRate('0.001', { lang: 'de' })).toBe(`0,10${nbsp}%`);
    expect(formatRate('0.001', { lang: 'fr' })).toBe(`0,10${nbsp}%`);
    expect(formatRate('0.003', { lang: 'en', decimals: 1 })).toBe('0.3%');
    expect(formatPercent('0.3', { signed: false, lang: 'en' })).toBe(formatRate('0.003', { lang: 'en' }));
  });
});
