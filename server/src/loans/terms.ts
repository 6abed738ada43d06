import type Decimal from 'decimal.js';
import {
  LOAN_AMOUNT_DP,
  LOAN_WITHDRAWAL_DAYS,
  errors,
  loanAprPercent,
  loanInterest,
  loanInterestPerDay,
  type Loan,
  type LoanPayment,
} from '@swx/shared/contract';
import { AppError } from '../http/errors';
import { Money, formatAmount } from '../ledger/accounts';
import { requirePostable } from '../ledger/precision';
import type { ParamsService } from '../params/service';
import { dayIn, dueDateOf } from './calendar';
import { contractInterestAt, overdueInterestCapOf, owed, withdrawalFigures, DAY_MS } from './rules';
import type { loanPayments, loans } from './tables';

export { DAY_MS };
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
  /** Overdue interest never exceeds this share of the principal. */
  overdueCapRate: string;
  timeZone: string;
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
    overdueCapRate: formatAmount(params.getDecimal('loan_overdue_cap_rate').toFixed()),
    timeZone: params.get('loan_time_zone'),
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
  overdueInterestCap: string;
  timeZone: string;
}

/** Terms for `amount` over `term` days; `10023` for a term not on offer, `11136` outside the amount range. */
export function termsFor(product: LoanProductTerms, amount: string, term: number): SignedTerms {
  if (!product.terms.includes(term)) throw new AppError(errors.loanPeriodWrong);
  const value = new Money(amount);
  requirePostable(amount, LOAN_CURRENCY);
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
    overdueInterestCap: overdueInterestCapOf(fixed, product.overdueCapRate),
    timeZone: product.timeZone,
  };
}

/** Whether two sets of terms are the same contract (amounts compared as numbers, not spellings). */
export function sameTerms(
  a: Omit<SignedTerms, 'overdueInterestCap'> & { overdueInterestCap: string | null },
  b: SignedTerms,
): boolean {
  const money = ['amount', 'dailyRate', 'overdueDailyRate', 'totalInterest', 'totalRepayment'] as const;
  return (
    a.term === b.term &&
    a.interestFreeDays === b.interestFreeDays &&
    a.timeZone === b.timeZone &&
    a.overdueInterestCap !== null &&
    new Money(a.overdueInterestCap).eq(b.overdueInterestCap) &&
    money.every((key) => new Money(a[key]).eq(b[key]))
  );
}

type LoanRow = typeof loans.$inferSelect;
type PaymentRow = typeof loanPayments.$inferSelect;

/** Overdue days by the clock: day 1 starts at maturity. */
export function overdueDaysAt(maturityAt: number, now: number): number {
  return now < maturityAt ? 0 : Math.floor((now - maturityAt) / DAY_MS) + 1;
}

/** The due date and the instant it ends, as quoted (if approved at `at`) or as approved. */
export function dueOf(row: Pick<LoanRow, 'term' | 'timeZone' | 'dueDate' | 'maturityAt'>, at: number) {
  if (row.dueDate && row.maturityAt) return { dueDate: row.dueDate, overdueAt: row.maturityAt.getTime() };
  return dueDateOf(at, row.term, row.timeZone);
}

/**
 * What a loan costs at `now` (or at its closing, once closed): contract interest (days used before maturity,
 * the full term's from it), overdue interest accrued, what was paid, what is owed, and what withdrawing costs.
 */
export function figuresAt(row: LoanRow, now: number) {
  const approvedAt = row.approvedAt?.getTime();
  const maturityAt = row.maturityAt?.getTime();
  const open = row.status === 'repaying' || row.status === 'expired';
  const until = open ? now : (row.closedAt?.getTime() ?? now);
  const withdrawalDeadline = row.createdAt.getTime() + LOAN_WITHDRAWAL_DAYS * DAY_MS;
  if (approvedAt === undefined || maturityAt === undefined) {
    return {
      daysUsed: 0,
      overdueDays: 0,
      contractInterest: '0',
      owed: { principal: new Money(0), interest: new Money(0), total: new Money(0) },
      withdrawal: { interest: new Money(0), amount: new Money(0) },
      withdrawalDeadline,
      withdrawable: row.status === 'pending' && now <= withdrawalDeadline,
    };
  }
  const contractInterest = contractInterestAt(row, approvedAt, maturityAt, until);
  return {
    daysUsed: Math.min(row.term, Math.max(1, Math.ceil((until - approvedAt) / DAY_MS))),
    overdueDays: overdueDaysAt(maturityAt, until),
    contractInterest: contractInterest.toFixed(2),
    owed: owed(row, contractInterest),
    withdrawal: withdrawalFigures(row, approvedAt, until),
    withdrawalDeadline,
    // Within 14 days of signing, and only before maturity.
    withdrawable: row.status === 'repaying' && now <= withdrawalDeadline && now < maturityAt,
  };
}

export function toPayment(row: PaymentRow): LoanPayment {
  return {
    kind: row.kind,
    amount: formatAmount(new Money(row.amount).toFixed(LOAN_AMOUNT_DP)),
    principal: formatAmount(new Money(row.principal).toFixed(LOAN_AMOUNT_DP)),
    interest: formatAmount(new Money(row.interest).toFixed(LOAN_AMOUNT_DP)),
    journalId: row.journalId === null ? null : String(row.journalId),
    at: row.createdAt.toISOString(),
  };
}

export function toLoan(row: LoanRow, now: number, payments: readonly PaymentRow[] = []): Loan {
  const figures = figuresAt(row, now);
  const due = dueOf(row, row.approvedAt?.getTime() ?? row.createdAt.getTime());
  const open = row.status === 'repaying' || row.status === 'expired';
  const money = (value: Decimal.Value) => formatAmount(new Money(value).toFixed(LOAN_AMOUNT_DP));
  const paid = new Money(row.paidPrincipal).plus(row.paidInterest);
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
    repaymentDate: due.dueDate,
    dueAt: new Date(due.overdueAt - 1000).toISOString(),
    timeZone: row.timeZone,
    withdrawalDeadline: new Date(figures.withdrawalDeadline).toISOString(),
    withdrawable: figures.withdrawable,
    daysUsed: figures.daysUsed,
    daysLeft: open ? Math.max(0, calendarDaysBetween(dayIn(now, row.timeZone), due.dueDate)) : 0,
    overdueDays: figures.overdueDays,
    overdueInterest: money(row.overdueInterest),
    overdueInterestCap: money(row.overdueInterestCap ?? '0'),
    amountDueToday: open ? money(figures.owed.total) : '0',
    withdrawalInterestPerDay: formatAmount(loanInterestPerDay(row.amount, row.dailyRate)),
    withdrawalAmount: figures.withdrawable ? money(figures.withdrawal.amount) : '0',
    withdrawalInterest: figures.withdrawable ? money(figures.withdrawal.interest) : '0',
    paidAmount: money(paid),
    writtenOffAmount: money(row.writtenOffAmount ?? '0'),
    payments: payments.map(toPayment),
    repaidAmount: row.repaidAmount === null ? null : money(row.repaidAmount),
    closedAt: row.closedAt?.toISOString() ?? null,
    schedule: [
      {
        date: due.dueDate,
        principal: money(row.amount),
        interest: money(row.totalInterest),
        total: money(row.totalRepayment),
      },
    ],
    contractLanguage: row.language as Loan['contractLanguage'],
    contractSha256: row.contractSha256,
  };
}

/** Whole calendar days from one `YYYY-MM-DD` to another. */
function calendarDaysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}
