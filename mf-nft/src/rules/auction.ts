import Decimal from 'decimal.js';
import { parseAmount } from '@swx/shared';

/**
 * What the page derives from the server's answers for display and for the form's first check. The rules
 * themselves (increment, extension, holds) are decided by the server, which sends `nextMinimumBid`,
 * `endsAt` and the parameters: nothing here re-implements them, so a changed parameter needs no release.
 */

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Whole days, hours, minutes and seconds left; zero once the time has passed. */
export function countdownParts(remainingMs: number): CountdownParts {
  const total = Math.max(0, Math.floor(remainingMs / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

export type BidProblem = 'notAmount' | 'tooLow' | 'insufficient';

/**
 * Why a typed bid cannot be sent, or null. `alreadyHeld` is what the customer holds on this NFT as its
 * highest bidder: a raise holds only the difference, so only the difference must be available.
 */
export function bidProblem(
  text: string,
  nextMinimumBid: string,
  available: string | null,
  alreadyHeld = '0',
): BidProblem | null {
  const amount = parseAmount(text);
  if (!amount || amount.isZero()) return 'notAmount';
  if (amount.lessThan(nextMinimumBid)) return 'tooLow';
  if (available !== null && holdNeeded(amount, alreadyHeld).greaterThan(available)) return 'insufficient';
  return null;
}

/** What a bid of `amount` adds to the customer's holds: all of it, or the raise over their own held bid. */
export function holdNeeded(amount: Decimal.Value, alreadyHeld: Decimal.Value = '0'): Decimal {
  const needed = new Decimal(amount).minus(alreadyHeld);
  return needed.isNegative() ? new Decimal(0) : needed;
}

/** Whether a bid placed now would fall inside the late-bid window (the server then moves the end). */
export function inExtensionWindow(remainingMs: number, windowSeconds: number): boolean {
  return remainingMs > 0 && remainingMs <= windowSeconds * 1000;
}

/** A duration in the largest whole unit (300 → 5 minutes, 3600 → 1 hour), for the rule's plain words. */
export function durationUnit(seconds: number): { value: number; unit: 'hour' | 'minute' | 'second' } {
  if (seconds >= 3600 && seconds % 3600 === 0) return { value: seconds / 3600, unit: 'hour' };
  if (seconds >= 60 && seconds % 60 === 0) return { value: seconds / 60, unit: 'minute' };
  return { value: seconds, unit: 'second' };
}

/** "5 minutes", "5 Minuten", "٥ دقائق": Intl's unit formatting in the page's language. */
export function formatDuration(seconds: number, lang: string): string {
  const { value, unit } = durationUnit(seconds);
  try {
    return new Intl.NumberFormat(lang, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
  } catch {
    return `${value} ${unit}`;
  }
}
