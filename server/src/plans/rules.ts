import { fitsLedgerPrecision, roundPaid, roundReceived } from '@swx/shared/contract';
import { Money } from '../ledger/accounts';

/**
 * Pure smart-plan arithmetic. Invariant: what the quote shows is exactly what is paid. The daily income is
 * rounded once, at the quote, to the currency's ledger precision (down: the customer receives it) and every
 * payout pays that stored daily income, so the total paid is `dailyIncome × days` to the last digit; exit
 * damages are rounded up (the customer pays them), by the one rule of docs/product.md (ledger precision).
 */

export interface PlanFigures {
  dailyIncome: Money;
  totalIncome: Money;
  exitDamages: Money;
}

export function planFigures(
  amount: string,
  dailyRate: string,
  days: number,
  damagesRate: string,
  currency: string,
): PlanFigures {
  const dailyIncome = new Money(roundReceived(new Money(amount).times(dailyRate), currency));
  return {
    dailyIncome,
    totalIncome: dailyIncome.times(days),
    exitDamages: exitDamages(amount, damagesRate, currency),
  };
}

/**
 * A plan bought before ledger precision stored its daily income with up to 8 decimals, which the ledger no
 * longer posts: each payout pays it rounded up to the currency's precision (the platform bears the remainder,
 * so the customer never receives less than quoted). A newer plan's income already fits and is unchanged.
 */
export function postableIncome<Row extends { dailyIncome: string; currency: string }>(row: Row): Row {
  if (fitsLedgerPrecision(row.dailyIncome, row.currency)) return row;
  return { ...row, dailyIncome: roundPaid(row.dailyIncome, row.currency).toFixed() };
}

export function exitDamages(amount: string, damagesRate: string, currency: string): Money {
  return new Money(roundPaid(new Money(amount).times(damagesRate), currency));
}

/** Time of earning cycle `cycle` (1-based) of a plan started at `startedAt`. */
export function earningTime(startedAt: number, intervalSeconds: number, cycle: number): number {
  return startedAt + cycle * intervalSeconds * 1000;
}

/** How many cycles have fallen due by `now`, never more than the term. */
export function cyclesDue(startedAt: number, intervalSeconds: number, days: number, now: number): number {
  if (now < startedAt) return 0;
  return Math.min(days, Math.floor((now - startedAt) / (intervalSeconds * 1000)));
}

/** Income still owed to a running plan: the cycles not yet paid. */
export function remainingIncome(dailyIncome: string, days: number, cyclesPaid: number): Money {
  return new Money(dailyIncome).times(Math.max(0, days - cyclesPaid));
}

/** balance ÷ obligations to 4 decimals (rounded down: coverage is never overstated); null when nothing is owed. */
export function coverageRatio(balance: Money, obligations: Money): string | null {
  if (obligations.isZero()) return null;
  return balance.dividedBy(obligations).toDecimalPlaces(4, Money.ROUND_DOWN).toFixed(4);
}

/** Whether `amount` lies in the product's range (inclusive) and is positive. */
export function amountInRange(amount: string, min: string, max: string): boolean {
  const value = new Money(amount);
  return value.gte(min) && value.lte(max) && value.gt(0);
}

/**
 * What an early exit at `now` pays, to the digit: the cycles already due and not yet paid (they were earned,
 * and the exit pays them first), then the principal less the damages fixed at purchase. A plan whose last
 * cycle is due completes instead: no damages, the whole principal back. The exit quote shows exactly this and
 * the exit pays exactly this (a property test holds them together).
 */
export function exitFigures(
  plan: {
    amount: string;
    currency: string;
    dailyIncome: string;
    days: number;
    cyclesPaid: number;
    exitDamagesRate: string;
    startedAt: number;
    earningIntervalSeconds: number;
  },
  now: number,
) {
  const due = Math.max(
    plan.cyclesPaid,
    cyclesDue(plan.startedAt, plan.earningIntervalSeconds, plan.days, now),
  );
  const income = new Money(plan.dailyIncome);
  const completes = due >= plan.days;
  const damages = completes ? new Money(0) : exitDamages(plan.amount, plan.exitDamagesRate, plan.currency);
  const returned = new Money(plan.amount).minus(damages);
  const incomeDueNow = income.times(due - plan.cyclesPaid);
  return {
    cyclesDueNow: due - plan.cyclesPaid,
    incomeDueNow,
    incomeForgone: income.times(plan.days - due),
    damages,
    returned,
    totalPaidNow: incomeDueNow.plus(returned),
    completes,
  };
}

/** The check a configured plan product passes (the back office's maker-checker asks it before a change waits). */
export { checkProduct } from './products';
