import {
  LOAN_AMOUNT_DP,
  LOAN_WITHDRAWAL_DAYS,
  errors,
  loanAprPercent,
  loanInterest,
  loanOverdueInterestPerDay,
  type Loan,
} from '@swx/shared/contract';
import { AppError } from '../http/errors';
import { Money, formatAmount } from '../ledger/accounts';
import type { ParamsService } from '../params/service';
import type { loans } from './tables';

export const DAY_MS = 86_400_000;
export const LOAN_CURRENCY = 'USDT';

/** The loan product as the parameters define it now. */
export interface LoanProductTerms {
  lender: string;
  minAmount: Money;
  maxAmount: Money;
  customerLimit: Money;
  terms: number[];
  dailyRate: string;
  interestFreeDays: number;
  overdueDailyRate: string;
  overdueReminderDays: number;
}

export function productTerms(params: ParamsService): LoanProductTerms {
  const dailyRate = params.getDecimal('loan_daily_rate');
  return {
    lender: params.get('loan_lender_name'),
    minAmount: new Money(params.get('loan_min_amount')),
    maxAmount: new Money(params.get('loan_max_amount')),
    customerLimit: new Money(params.get('loan_customer_limit')),
    terms: params
      .get('loan_terms')
      .split(',')
      .map(Number)
      .sort((a, b) => a - b),
    dailyRate: formatAmount(dailyRate.toFixed()),
    interestFreeDays: params.getInteger('loan_interest_free_days'),
    overdueDailyRate: formatAmount(dailyRate.mul(params.getDecimal('loan_overdue_multiplier')).toFixed()),
    overdueReminderDays: params.getInteger('loan_overdue_notice_days'),
  };
}

/** The signed terms of one loan: what a quote fixes and a loan copies. */
export interface SignedTerms {
  amount: string;
  term: number;
  dailyRate: string;
  interestFreeDays: number;
  overdueDailyRate: string;
  totalInterest: string;
  totalRepayment: string;
  aprPercent: string;
}

/** Terms for `amount` over `term` days; `10023` for a term not on offer, `11136` outside the amount range. */
export function termsFor(product: LoanProductTerms, amount: string, term: number): SignedTerms {
  if (!product.terms.includes(term)) throw new AppError(errors.loanPeriodWrong);
  const value = new Money(amount);
  if (value.decimalPlaces() > LOAN_AMOUNT_DP)
    throw new AppError(errors.amountIncorrect, 'Loan amounts have at most 2 decimal places');
  if (value.lt(product.minAmount) || value.gt(product.maxAmount))
    throw new AppError(
      errors.loanAmountOutOfRange,
      `Loan amount must be from ${formatAmount(product.minAmount)} to ${formatAmount(product.maxAmount)} USDT`,
    );
  const fixed = value.toFixed(LOAN_AMOUNT_DP);
  const totalInterest = loanInterest(fixed, product.dailyRate, term, product.interestFreeDays);
  const totalRepayment = value.add(totalInterest).toFixed(LOAN_AMOUNT_DP);
  return {
    amount: fixed,
    term,
    dailyRate: product.dailyRate,
    interestFreeDays: product.interestFreeDays,
    overdueDailyRate: product.overdueDailyRate,
    totalInterest,
    totalRepayment,
    aprPercent: loanAprPercent(fixed, totalRepayment, term),
  };
}

/** Whether two sets of terms are the same contract (amounts compared as numbers, not spellings). */
export function sameTerms(a: SignedTerms, b: SignedTerms): boolean {
  const money = ['amount', 'dailyRate', 'overdueDailyRate', 'totalInterest', 'totalRepayment'] as const;
  return (
    a.term === b.term &&
    a.interestFreeDays === b.interestFreeDays &&
    money.every((key) => new Money(a[key]).eq(b[key]))
  );
}

type LoanRow = typeof loans.$inferSelect;

/** `YYYY-MM-DD` of an instant, UTC. */
export const dayOf = (at: number): string => new Date(at).toISOString().slice(0, 10);

/** Overdue days by the clock: day 1 starts at maturity. */
export function overdueDaysAt(maturityAt: number, now: number): number {
  return now < maturityAt ? 0 : Math.floor((now - maturityAt) / DAY_MS) + 1;
}

/**
 * What a loan costs if settled at `now`: before maturity, principal plus interest for the days used (a started
 * day counts) beyond the free days; from maturity, the full term's interest plus overdue interest per overdue
 * day. Withdrawal within 14 days of signing costs the principal alone.
 */
export function figuresAt(row: LoanRow, now: number) {
  const approvedAt = row.approvedAt?.getTime();
  const maturityAt = row.maturityAt?.getTime();
  const open = row.status === 'repaying' || row.status === 'expired';
  let daysUsed = 0;
  let interest = '0';
  let overdueDays = 0;
  if (approvedAt !== undefined && maturityAt !== undefined) {
    const until = open ? now : (row.closedAt?.getTime() ?? now);
    daysUsed = Math.min(row.term, Math.max(1, Math.ceil((until - approvedAt) / DAY_MS)));
    overdueDays = overdueDaysAt(maturityAt, until);
    interest =
      overdueDays > 0
        ? row.totalInterest
        : loanInterest(row.amount, row.dailyRate, daysUsed, row.interestFreeDays);
  }
  const overdueInterest = new Money(loanOverdueInterestPerDay(row.amount, row.overdueDailyRate)).mul(
    overdueDays,
  );
  const withdrawalDeadline = row.createdAt.getTime() + LOAN_WITHDRAWAL_DAYS * DAY_MS;
  return {
    daysUsed,
    overdueDays,
    interest: new Money(interest).toFixed(LOAN_AMOUNT_DP),
    overdueInterest: overdueInterest.toFixed(LOAN_AMOUNT_DP),
    amountDue: new Money(row.amount).add(interest).add(overdueInterest).toFixed(LOAN_AMOUNT_DP),
    withdrawalDeadline,
    withdrawable: (open || row.status === 'pending') && now <= withdrawalDeadline,
  };
}

export function toLoan(row: LoanRow, now: number): Loan {
  const figures = figuresAt(row, now);
  const maturityAt = row.maturityAt?.getTime() ?? row.createdAt.getTime() + row.term * DAY_MS;
  const open = row.status === 'repaying' || row.status === 'expired';
  const money = (value: string) => formatAmount(new Money(value).toFixed(LOAN_AMOUNT_DP));
  return {
    id: String(row.id),
    currency: row.currency,
    amount: money(row.amount),
    term: row.term,
    dailyRate: formatAmount(row.dailyRate),
    aprPercent: new Money(row.aprPercent).toFixed(2),
    interestFreeDays: row.interestFreeDays,
    overdueDailyRate: formatAmount(row.overdueDailyRate),
    totalInterest: money(row.totalInterest),
    totalRepayment: money(row.totalRepayment),
    status: row.status,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    approvedAt: row.approvedAt?.toISOString() ?? null,
    repaymentDate: dayOf(maturityAt),
    withdrawalDeadline: new Date(figures.withdrawalDeadline).toISOString(),
    withdrawable: figures.withdrawable,
    daysUsed: figures.daysUsed,
    daysLeft: open ? Math.max(0, Math.ceil((maturityAt - now) / DAY_MS)) : 0,
    overdueDays: figures.overdueDays,
    overdueInterest: money(figures.overdueInterest),
    amountDueToday: open ? money(figures.amountDue) : '0',
    withdrawalAmount: money(row.amount),
    repaidAmount: row.repaidAmount === null ? null : money(row.repaidAmount),
    closedAt: row.closedAt?.toISOString() ?? null,
    schedule: [
      {
        date: dayOf(maturityAt),
        principal: money(row.amount),
        interest: money(row.totalInterest),
        total: money(row.totalRepayment),
      },
    ],
    contractLanguage: row.language as Loan['contractLanguage'],
    contractSha256: row.contractSha256,
  };
}
