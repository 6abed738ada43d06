import Decimal from 'decimal.js';
import fc from 'fast-check';
import {
  bidProblem,
  countdownParts,
  durationUnit,
  formatDuration,
  holdNeeded,
  inExtensionWindow,
} from './auction';

test('countdown parts split the remaining time and stop at zero', () => {
  expect(countdownParts(90_061_000)).toEqual({ days: 1, hours: 1, minutes: 1, seconds: 1 });
  expect(countdownParts(59_999)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 59 });
  expect(countdownParts(-5000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 10 ** 10 }), (ms) => {
      const p = countdownParts(ms);
      return (
        p.days * 86_400 + p.hours * 3600 + p.minutes * 60 + p.seconds === Math.floor(ms / 1000) &&
        p.hours < 24 &&
        p.minutes < 60 &&
        p.seconds < 60
      );
    }),
  );
});

test('a typed bid is refused when it is not an amount, below the minimum, or beyond what is available', () => {
  expect(bidProblem('', '126', '500')).toBe('notAmount');
  expect(bidProblem('1e3', '126', '500')).toBe('notAmount');
  expect(bidProblem('0', '126', '500')).toBe('notAmount');
  expect(bidProblem('125.99', '126', '500')).toBe('tooLow');
  expect(bidProblem('126', '126', '500')).toBeNull();
  expect(bidProblem('501', '126', '500')).toBe('insufficient');
  // Unknown balance: the server decides.
  expect(bidProblem('501', '126', null)).toBeNull();
  // The leader raising from 300 to 700 needs 400 more, not 700.
  expect(bidProblem('700', '315', '400', '300')).toBeNull();
  expect(bidProblem('700.01', '315', '400', '300')).toBe('insufficient');
});

const cents = fc.integer({ min: 1, max: 10 ** 9 }).map((n) => new Decimal(n).dividedBy(100));

test('property: a bid passes exactly when it reaches the minimum and its extra hold fits the balance', () => {
  fc.assert(
    fc.property(cents, cents, cents, cents, (amount, minimum, available, held) => {
      const problem = bidProblem(amount.toFixed(), minimum.toFixed(), available.toFixed(), held.toFixed());
      const fits = amount.minus(held).lessThanOrEqualTo(available) || amount.lessThanOrEqualTo(held);
      const expected = amount.lessThan(minimum) ? 'tooLow' : fits ? null : 'insufficient';
      return problem === expected;
    }),
  );
});

test('property: the hold a bid adds is never negative and never more than the bid', () => {
  fc.assert(
    fc.property(cents, cents, (amount, held) => {
      const needed = holdNeeded(amount, held);
      return (
        !needed.isNegative() &&
        needed.lessThanOrEqualTo(amount) &&
        needed.plus(held).greaterThanOrEqualTo(amount)
      );
    }),
  );
});

test('the late-bid window and durations in plain words', () => {
  expect(inExtensionWindow(299_000, 300)).toBe(true);
  expect(inExtensionWindow(300_001, 300)).toBe(false);
  expect(inExtensionWindow(0, 300)).toBe(false);
  expect(durationUnit(300)).toEqual({ value: 5, unit: 'minute' });
  expect(durationUnit(7200)).toEqual({ value: 2, unit: 'hour' });
  expect(durationUnit(90)).toEqual({ value: 90, unit: 'second' });
  expect(formatDuration(300, 'en')).toBe('5 minutes');
  expect(formatDuration(3600, 'de')).toBe('1 Stunde');
});
