import fc from 'fast-check';
import { parseAmount } from '@swx/shared';
import {
  amountForWire,
  amountProblem,
  cardNumberProblem,
  confirmPasswordProblem,
  newPasswordProblem,
  txHashProblem,
} from '../rules';

describe('amount', () => {
  test('is required, a positive decimal, and at least the minimum naming the coin', () => {
    expect(amountProblem('')).toEqual({ key: 'common:validation.amountRequired' });
    expect(amountProblem('', { requiredKey: 'common:validation.withdrawalAmountRequired' })).toEqual({
      key: 'common:validation.withdrawalAmountRequired',
    });
    expect(amountProblem('abc')).toEqual({ key: 'common:validation.amountIncorrect' });
    expect(amountProblem('1e3')).toEqual({ key: 'common:validation.amountIncorrect' });
    expect(amountProblem('0')).toEqual({ key: 'common:validation.amountIncorrect' });
    expect(amountProblem('-5')).toEqual({ key: 'common:validation.amountIncorrect' });
    expect(amountProblem('119.99', { minimum: '120', coin: 'USDT' })).toEqual({
      key: 'common:validation.depositBelowMinimum',
      values: { coin: 'USDT', minimum: '120' },
    });
    expect(amountProblem('120', { minimum: '120', coin: 'USDT' })).toBeNull();
    // Compared as decimals, not floats.
    expect(amountProblem('0.0149999999999999999', { minimum: '0.015', coin: 'BTC' })).not.toBeNull();
    expect(amountProblem('0.015', { minimum: '0.015', coin: 'BTC' })).toBeNull();
  });
});

describe('amount on the wire', () => {
  test('is the SDK’s decimal form, within 18 digits each side of the point', () => {
    expect(amountForWire(' .5 ')).toBe('0.5');
    expect(amountForWire('120.250')).toBe('120.25');
    expect(amountForWire('1,5')).toBe('1,5'); // not an amount: sent as typed, refused by the rules first
    expect(amountProblem('.5')).toBeNull();
    expect(amountProblem('9'.repeat(18))).toBeNull();
    expect(amountProblem('9'.repeat(19))).toEqual({ key: 'common:validation.amountIncorrect' });
    expect(amountProblem(`0.${'1'.repeat(18)}`)).toBeNull();
    expect(amountProblem(`0.${'1'.repeat(19)}`)).toEqual({ key: 'common:validation.amountIncorrect' });
  });

  test('whatever the rules accept, the wire form is a plain positive decimal of the same value', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789. e,-'), maxLength: 24 }), (text) => {
        if (amountProblem(text)) return;
        const wire = amountForWire(text);
        expect(wire).toMatch(/^(0|[1-9][0-9]*)(\.[0-9]*[1-9])?$/);
        expect(parseAmount(wire)!.eq(parseAmount(text)!)).toBe(true);
      }),
    );
  });
});

describe('transaction hash', () => {
  const hex = 'ab'.repeat(32);
  test('has the shape of the network', () => {
    expect(txHashProblem('', 'TRC20')).toEqual({ key: 'deposit.txHashRequired' });
    expect(txHashProblem(hex, 'TRC20')).toBeNull();
    expect(txHashProblem(hex, 'BTC')).toBeNull();
    expect(txHashProblem(hex, 'ERC20')).toEqual({ key: 'common:codes.11082' });
    expect(txHashProblem(`0x${hex}`, 'ERC20')).toBeNull();
    expect(txHashProblem(`0x${hex}`, 'ETH')).toBeNull();
    expect(txHashProblem(`0x${hex}`, 'TRC20')).toEqual({ key: 'common:codes.11082' });
  });
});

describe('card number', () => {
  test('takes 12 to 19 digits, spaces allowed', () => {
    expect(cardNumberProblem('')).toEqual({ key: 'common:validation.completeAllInformation' });
    expect(cardNumberProblem('4111 1111 1111 1111')).toBeNull();
    expect(cardNumberProblem('12345')).toEqual({ key: 'common:codes.11085' });
    expect(cardNumberProblem('4111-1111-1111-1111')).toEqual({ key: 'common:codes.11085' });
  });
});

describe('passwords', () => {
  test('a new password has 8–64 characters with letters and digits, and the confirmation matches', () => {
    expect(newPasswordProblem('')).toEqual({ key: 'common:validation.passwordRequired' });
    expect(newPasswordProblem('short1')).toEqual({ key: 'common:codes.11004' });
    expect(newPasswordProblem('lettersonly')).toEqual({ key: 'common:codes.11004' });
    expect(newPasswordProblem('12345678')).toEqual({ key: 'common:codes.11004' });
    expect(newPasswordProblem('good pass 1')).toBeNull();
    expect(confirmPasswordProblem('', 'abc')).toEqual({ key: 'common:validation.confirmPasswordRequired' });
    expect(confirmPasswordProblem('abd', 'abc')).toEqual({ key: 'common:validation.passwordsInconsistent' });
    expect(confirmPasswordProblem('abc', 'abc')).toBeNull();
  });
});
