import fc from 'fast-check';
import { currencyPrecision, formatExactMoney, formatMoney, isRoundedForDisplay, roundToSum } from './format';
import Big from 'big.js';

const nbsp = '\u00a0';

describe('money at the currency precision', () => {
  it('shows each currency at its own precision', () => {
    expect(currencyPrecision('USDT')).toBe(2);
    expect(currencyPrecision('btc')).toBe(8);
    expect(currencyPrecision('ETH')).toBe(8);
    expect(currencyPrecision('JPY')).toBe(0);
    expect(currencyPrecision('KWD')).toBe(3);
    expect(currencyPrecision('DOGE')).toBe(8);
    expect(formatMoney('-4752.9777295', 'USDT', { lang: 'en' })).toBe(`-4,752.97${nbsp}USDT`);
    expect(formatMoney('0.5', 'BTC', { lang: 'en' })).toBe(`0.50000000${nbsp}BTC`);
  });

  it('rounds balances towards zero and movements to the nearest, signed when asked', () => {
    expect(formatMoney('1.999', 'USDT', { lang: 'en' })).toBe(`1.99${nbsp}USDT`);
    expect(formatMoney('1.995', 'USDT', { lang: 'en', rounding: 'halfUp' })).toBe(`2.00${nbsp}USDT`);
    expect(formatMoney('-1.995', 'USDT', { lang: 'en', rounding: 'halfUp' })).toBe(`-2.00${nbsp}USDT`);
    expect(formatMoney('150', 'USDT', { lang: 'en', signed: true })).toBe(`+150.00${nbsp}USDT`);
    expect(formatMoney('-150', 'USDT', { lang: 'en', signed: true })).toBe(`-150.00${nbsp}USDT`);
    expect(formatMoney('0', 'USDT', { lang: 'en', signed: true })).toBe(`0.00${nbsp}USDT`);
  });

  it('writes numbers the language’s way, Arabic included, without losing the amount', () => {
    expect(formatMoney('-4752.9777295', 'USDT', { lang: 'de' })).toBe(`-4.752,97${nbsp}USDT`);
    const arabic = formatMoney('-4752.9777295', 'USDT', { lang: 'ar' });
    expect(arabic).toMatch(/USDT$/);
    // Whatever digits Arabic uses, the amount is there and is not zero.
    const western = arabic.replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x660));
    expect(western.replace(/[^\d]/g, '')).toBe('475297');
    expect(western).toMatch(/-|\u2212|\u061c-/);
  });

  it('keeps every digit of huge and tiny amounts (no float on the way)', () => {
    expect(formatMoney('123456789012345678.129', 'USDT', { lang: 'en' })).toBe(
      `123,456,789,012,345,678.12${nbsp}USDT`,
    );
    expect(formatMoney('0.00000001', 'BTC', { lang: 'en' })).toBe(`0.00000001${nbsp}BTC`);
    expect(formatMoney('0.1', 'USDT', { lang: 'en', decimals: 20 })).toBe(
      `0.10000000000000000000${nbsp}USDT`,
    );
    expect(formatMoney('not a number', 'USDT')).toBe('--');
  });

  it('gives the exact amount where rounding hides digits', () => {
    expect(isRoundedForDisplay('-4752.9777295', 'USDT')).toBe(true);
    expect(isRoundedForDisplay('-4752.97', 'USDT')).toBe(false);
    expect(isRoundedForDisplay('150', 'USDT')).toBe(false);
    expect(formatExactMoney('-4752.9777295', 'USDT', { lang: 'en' })).toBe(`-4,752.9777295${nbsp}USDT`);
    expect(formatExactMoney('150', 'USDT', { lang: 'en' })).toBe(`150.00${nbsp}USDT`);
    expect(formatExactMoney('0.000000001', 'BTC', { lang: 'en' })).toBe(`0.000000001${nbsp}BTC`);
  });
});

describe('roundToSum', () => {
  it('makes a receipt’s lines add up to their rounded total', () => {
    // Rounded one by one these show 4.74 + 4,748.24 against -4,752.98.
    const lines = roundToSum(['4.7430', '4748.2347', '-4752.9777'], 2);
    expect(lines).toEqual(['4.74', '4748.24', '-4752.98']);
    expect(lines.reduce((sum, line) => sum.plus(line), new Big(0)).toFixed(2)).toBe('0.00');
    expect(roundToSum(['0.335', '0.335', '0.33'], 2)).toEqual(['0.34', '0.33', '0.33']);
    expect(roundToSum(['10', '-10'], 2)).toEqual(['10.00', '-10.00']);
  });

  it('always sums to the rounded total and moves no amount by a whole unit', () => {
    const amount = fc
      .tuple(fc.bigInt({ min: -1_000_000_000_000n, max: 1_000_000_000_000n }), fc.integer({ min: 0, max: 7 }))
      .map(([units, scale]) => new Big(units.toString()).div(new Big(10).pow(scale)).toFixed());
    fc.assert(
      fc.property(
        fc.array(amount, { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 8 }),
        (amounts, d) => {
          const rounded = roundToSum(amounts, d);
          const total = amounts.reduce((sum, a) => sum.plus(a), new Big(0)).round(d, Big.roundHalfUp);
          expect(rounded.reduce((sum, a) => sum.plus(a), new Big(0)).eq(total)).toBe(true);
          const unit = new Big(1).div(new Big(10).pow(d));
          rounded.forEach((value, i) => expect(new Big(value).minus(amounts[i]!).abs().lt(unit)).toBe(true));
        },
      ),
    );
  });
});
