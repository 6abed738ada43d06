import type Decimal from 'decimal.js';
import { LOAN_AMOUNT_DP, loanInterest, loanOverdueInterestPerDay } from '@swx/shared/contract';
import { Money } from '../ledger/accounts';

/**
 * Pure loan arithmetic in USDT cents (docs/product.md, Loans). Invariants, held by the property tests:
 * - what a loan costs is principal + contract interest (days used before maturity, the full term's from it)
 *   + overdue interest, and overdue interest never exceeds the cap fixed at signing;
 * - a payment goes to interest first, then principal, and never pays more than is owed, so the payments
 *   plus a write-off add up to exactly principal + interest accrued, and nothing is ever negative;
 * - every figure is rounded once, to the cent, where it is computed (interest up, the cap down).
 */

export const DAY_MS = 86_400_000;

const cents = (value: Decimal.Value) => new Money(value).toDecimalPlaces(LOAN_AMOUNT_DP, Money.ROUND_HALF_UP);

/** Days of the loan used at `now` (a started day counts), at least 1, at most the term. */
export function daysUsedAt(approvedAt: number, now: number, term: number): number {
  return Math.min(term, Math.max(1, Math.ceil((now - approvedAt) / DAY_MS)));
}

/** The most overdue interest may add: cap rate × principal, rounded down to the cent. */
export function overdueInterestCapOf(amount: string, capRate: string): string {
  return new Money(amount).times(capRate).toDecimalPlaces(LOAN_AMOUNT_DP, Money.ROUND_DOWN).toFixed(2);
}

/** The fixed terms and running totals a loan's figures are computed from. */
export interface LoanBalance {
  amount: string;
  term: number;
  dailyRate: string;
  interestFreeDays: number;
  totalInterest: string;
  overdueDailyRate: string;
  /** Null: signed before overdue interest was capped. */
  overdueInterestCap: string | null;
  paidPrincipal: string;
  paidInterest: string;
  /** Overdue interest accrued so far. */
  overdueInterest: string;
}

/**
 * Contract interest owed at `now`: for the days used beyond the free days before maturity (an early
 * repayment or a withdrawal), the full term's from maturity.
 */
export function contractInterestAt(loan: LoanBalance, approvedAt: number, maturityAt: number, now: number) {
  if (now >= maturityAt) return cents(loan.totalInterest);
  return cents(
    loanInterest(loan.amount, loan.dailyRate, daysUsedAt(approvedAt, now, loan.term), loan.interestFreeDays),
  );
}

/** What is still owed: principal left, interest left (contract + overdue − paid), and their sum. */
export function owed(loan: LoanBalance, contractInterest: Decimal.Value) {
  const principal = Money.max(0, new Money(loan.amount).minus(loan.paidPrincipal));
  const interest = Money.max(
    0,
    new Money(contractInterest).plus(loan.overdueInterest).minus(loan.paidInterest),
  );
  return { principal: cents(principal), interest: cents(interest), total: cents(principal.plus(interest)) };
}

/** A payment split as the law and the contract have it: interest first, then principal; never more than owed. */
export function allocate(payment: Decimal.Value, owing: { principal: Money; interest: Money }) {
  // Down to the cent: a payment never takes a fraction of a cent more than was offered.
  const offered = Money.max(0, payment).toDecimalPlaces(LOAN_AMOUNT_DP, Money.ROUND_DOWN);
  const paid = Money.min(offered, owing.principal.plus(owing.interest));
  const interest = Money.min(paid, owing.interest);
  return { amount: cents(paid), interest: cents(interest), principal: cents(paid.minus(interest)) };
}

/**
 * One overdue day's interest on the principal still unpaid, up to what is left of the cap (0 once reached).
 */
export function overdueDayInterest(loan: LoanBalance): Money {
  const principalLeft = Money.max(0, new Money(loan.amount).minus(loan.paidPrincipal));
  if (principalLeft.isZero()) return new Money(0);
  const day = new Money(loanOverdueInterestPerDay(principalLeft.toFixed(2), loan.overdueDailyRate));
  if (loan.overdueInterestCap === null) return day;
  return Money.max(0, Money.min(day, new Money(loan.overdueInterestCap).minus(loan.overdueInterest)));
}

/**
 * Withdrawal within 14 days of signing and before maturity: the principal plus the interest accrued per day
 * from payout to repayment, by the contract's rate and free days (a started day counts), with no fee.
 */
export function withdrawalFigures(loan: LoanBalance, approvedAt: number, now: number) {
  const interest = cents(
    loanInterest(loan.amount, loan.dailyRate, daysUsedAt(approvedAt, now, loan.term), loan.interestFreeDays),
  );
  return { interest, amount: cents(new Money(loan.amount).plus(interest)) };
}
