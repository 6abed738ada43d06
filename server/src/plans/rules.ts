import { Money } from '../ledger/accounts';

/**
 * Pure smart-plan arithmetic. Invariant: what the quote shows is exactly what is paid. Income and damages are
 * rounded DOWN to `PLAN_DECIMALS` once, at the quote, and every payout pays that stored daily income, so the
 * total paid is `dailyIncome × days` to the last digit and the customer is never charged a rounding remainder.
 */
export const PLAN_DECIMALS = 8;

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
): PlanFigures {
  const principal = new Money(amount);
  const dailyIncome = principal.times(dailyRate).toDecimalPlaces(PLAN_DECIMALS, Money.ROUND_DOWN);
  return {
    dailyIncome,
    totalIncome: dailyIncome.times(days),
    exitDamages: exitDamages(amount, damagesRate),
  };
}

export function exitDamages(amount: string, damagesRate: string): Money {
  return new Money(amount).times(damagesRate).toDecimalPlaces(PLAN_DECIMALS, Money.ROUND_DOWN);
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

/** Whether `amount` lies in the product's range (inclusive) and has at most `PLAN_DECIMALS` decimals. */
export function amountInRange(amount: string, min: string, max: string): boolean {
  const value = new Money(amount);
  return value.gte(min) && value.lte(max) && value.decimalPlaces() <= PLAN_DECIMALS && value.gt(0);
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
  const damages = completes ? new Money(0) : exitDamages(plan.amount, plan.exitDamagesRate);
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
