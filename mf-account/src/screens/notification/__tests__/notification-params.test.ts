import fc from 'fast-check';
import { setFormatLanguage } from '@swx/shared';
import { shownParams } from '../notification-params';

afterEach(() => setFormatLanguage('en'));

test('writes amounts at their currency precision and prices in the language, leaving other params alone', () => {
  setFormatLanguage('de');
  expect(
    shownParams({
      amount: '0.015',
      coin: 'BTC',
      value: '9910',
      fee: '9.91',
      price: '94977.26',
      quantity: '0.1',
      loanId: '1027',
      leverage: 10,
      reason: null,
      title: '1.5',
    }),
  ).toEqual({
    amount: '0,01500000',
    coin: 'BTC',
    value: '9.910,00',
    fee: '9,91',
    price: '94.977,26',
    quantity: '0,1',
    loanId: '1027',
    leverage: 10,
    reason: '',
    title: '1.5',
  });
});

test('never changes the digits of a posted USDT amount', () => {
  fc.assert(
    fc.property(fc.bigInt({ min: -(10n ** 14n), max: 10n ** 14n }), (cents) => {
      const sign = cents < 0n ? '-' : '';
      const abs = cents < 0n ? -cents : cents;
      const amount = `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
      const shown = String(shownParams({ amount, currency: 'USDT' }).amount);
      expect(shown.replace(/[^\d-]/g, '')).toBe(`${sign}${abs / 100n}${String(abs % 100n).padStart(2, '0')}`);
    }),
  );
});
