import {
  amountProblem,
  cardNumberProblem,
  confirmPasswordProblem,
  newPasswordProblem,
  txHashProblem,
} from '../rules';

describe('amount', () => {
  test('is required, a positive decimal, and at least the minimum naming the coin', () => {
    expect(amountProblem('')).toEqual({ key: 'validation.amountRequired' });
    expect(amountProblem('', { requiredKey: 'validation.withdrawalAmountRequired' })).toEqual({
      key: 'validation.withdrawalAmountRequired',
    });
    expect(amountProblem('abc')).toEqual({ key: 'validation.amountIncorrect' });
    expect(amountProblem('1e3')).toEqual({ key: 'validation.amountIncorrect' });
    expect(amountProblem('0')).toEqual({ key: 'validation.amountIncorrect' });
    expect(amountProblem('-5')).toEqual({ key: 'validation.amountIncorrect' });
    expect(amountProblem('119.99', { minimum: '120', coin: 'USDT' })).toEqual({
      key: 'validation.depositBelowMinimum',
      params: { coin: 'USDT', minimum: '120' },
    });
    expect(amountProblem('120', { minimum: '120', coin: 'USDT' })).toBeNull();
    // Compared as decimals, not floats.
    expect(amountProblem('0.0149999999999999999', { minimum: '0.015', coin: 'BTC' })).not.toBeNull();
    expect(amountProblem('0.015', { minimum: '0.015', coin: 'BTC' })).toBeNull();
  });
});

describe('transaction hash', () => {
  const hex = 'ab'.repeat(32);
  test('has the shape of the network', () => {
    expect(txHashProblem('', 'TRC20')).toEqual({ key: 'account:deposit.txHashRequired' });
    expect(txHashProblem(hex, 'TRC20')).toBeNull();
    expect(txHashProblem(hex, 'BTC')).toBeNull();
    expect(txHashProblem(hex, 'ERC20')).toEqual({ key: 'codes.11082' });
    expect(txHashProblem(`0x${hex}`, 'ERC20')).toBeNull();
    expect(txHashProblem(`0x${hex}`, 'ETH')).toBeNull();
    expect(txHashProblem(`0x${hex}`, 'TRC20')).toEqual({ key: 'codes.11082' });
  });
});

describe('card number', () => {
  test('takes 12 to 19 digits, spaces allowed', () => {
    expect(cardNumberProblem('')).toEqual({ key: 'validation.completeAllInformation' });
    expect(cardNumberProblem('4111 1111 1111 1111')).toBeNull();
    expect(cardNumberProblem('12345')).toEqual({ key: 'codes.11085' });
    expect(cardNumberProblem('4111-1111-1111-1111')).toEqual({ key: 'codes.11085' });
  });
});

describe('passwords', () => {
  test('a new password has 8–64 characters with letters and digits, and the confirmation matches', () => {
    expect(newPasswordProblem('')).toEqual({ key: 'validation.passwordRequired' });
    expect(newPasswordProblem('short1')).toEqual({ key: 'codes.11004' });
    expect(newPasswordProblem('lettersonly')).toEqual({ key: 'codes.11004' });
    expect(newPasswordProblem('12345678')).toEqual({ key: 'codes.11004' });
    expect(newPasswordProblem('good pass 1')).toBeNull();
    expect(confirmPasswordProblem('', 'abc')).toEqual({ key: 'validation.confirmPasswordRequired' });
    expect(confirmPasswordProblem('abd', 'abc')).toEqual({ key: 'validation.passwordsInconsistent' });
    expect(confirmPasswordProblem('abc', 'abc')).toBeNull();
  });
});
