import Decimal from 'decimal.js';
import { Type, type Static } from '@sinclair/typebox';
import { Amount, Body, Id } from './common';
import { Signature } from './kyc';
import { languages } from '../i18n/languages';
import { errors } from './error-names';

/**
 * Loans (docs/product.md, Loans): unsecured USDT loans for verified real-account customers. The customer
 * reads a pre-contract summary (`POST /user/quoteLoan`), signs on that quote (`POST /user/loan`), staff
 * approve (principal credited from the platform's lending capital), and the customer repays principal plus
 * interest by the end of the due date, or withdraws within 14 days (and before that date) by repaying the
 * principal plus the interest accrued per day since payout. At maturity what is due is collected from the
 * available balance (once, partially if need be); the rest is overdue, with capped overdue interest.
 */

const Time = Type.String({ format: 'date-time' });
const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);
/** A calendar day, `YYYY-MM-DD` (UTC). */
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

/**
 * Days after signing within which the customer may withdraw (and only before maturity), by repaying the
 * principal plus the interest accrued per day from payout to repayment, with no fee (EU consumer credit).
 */
export const LOAN_WITHDRAWAL_DAYS = 14;
/** Overdue reminders: on the due date and every this many days after, until repaid. */
export const LOAN_OVERDUE_REMINDER_DAYS = 7;
/** The APR's year (the assumption stated with it). */
export const LOAN_DAYS_IN_YEAR = 365;
/** A loan is due until the end of its due date, at this local time, in the loan's stated time zone. */
export const LOAN_DUE_TIME = '23:59:59';

export const LoanStatus = Type.Union([
  /** Signed, waiting for staff. */
  Type.Literal('pending'),
  Type.Literal('rejected'),
  /** Approved and credited; running. */
  Type.Literal('repaying'),
  /** Past its repayment date and not repaid: overdue interest accrues daily. */
  Type.Literal('expired'),
  Type.Literal('repaid'),
  /** Withdrawn within 14 days: principal returned with the interest accrued since payout. */
  Type.Literal('withdrawn'),
  /** Overdue and given up by staff (four eyes): what was still owed is recorded as a loss. */
  Type.Literal('written_off'),
]);
export type LoanStatus = Static<typeof LoanStatus>;

export const ContractLanguage = Type.Union(languages.map((l) => Type.Literal(l)));

// ---- product and quote -----------------------------------------------------------------------------------------

/** `GET /user/loanProduct` (our addition): the terms on offer now, from the parameters. */
export const LoanProduct = Type.Object({
  currency: Type.Literal('USDT'),
  /** Who lends: the platform's legal name, as printed in the contract. */
  lender: Type.String(),
  minAmount: Amount,
  maxAmount: Amount,
  /** Most a customer may owe in principal over all their open loans (pending, repaying, expired). */
  customerLimit: Amount,
  /** Principal the customer owes or has pending now. */
  outstanding: Amount,
  /**
   * What is left of the limit: `customerLimit − outstanding`, never below 0. The one figure the customer's
   * loan page and the back office's loan record both show as "left of the limit".
   */
  limitLeft: Amount,
  /** The most the next loan may be: `limitLeft`, capped by `maxAmount` (a single loan's ceiling). */
  available: Amount,
  /** Term choices in days. */
  terms: Type.Array(Type.Integer()),
  /** Interest per day as a fraction (`"0.001"` = 0.1 % a day). */
  dailyRate: Amount,
  interestFreeDays: Type.Integer(),
  /** Overdue interest per day as a fraction (1.5 × the daily rate by default). */
  overdueDailyRate: Amount,
  withdrawalDays: Type.Integer(),
  overdueReminderDays: Type.Integer(),
  /** Overdue interest never exceeds this share of the principal (`"1"` = 100 %). */
  overdueInterestCapRate: Amount,
  /** The IANA time zone whose calendar days the due dates follow (`UTC` unless configured). */
  timeZone: Type.String(),
  /** False while the customer may not borrow at all: an overdue loan (`11401`). */
  mayBorrow: Type.Boolean(),
});
export type LoanProduct = Static<typeof LoanProduct>;

/** `POST /user/quoteLoan` (our addition). A term not on offer answers `10023`. */
export const LoanQuoteBody = Body({
  amount: { ...Amount, 'x-code': errors.amountIncorrect },
  term: Type.Integer({ minimum: 1, maximum: 3650, 'x-code': errors.loanPeriodWrong }),
});
export type LoanQuoteBody = Static<typeof LoanQuoteBody>;

/**
 * The pre-contract credit summary: everything the customer must see before signing, laid out as a standard
 * pre-contract summary (lender, credit type, total amount, duration, borrowing rate, APR with assumptions,
 * total payable, late-payment costs, right of withdrawal, early repayment). Valid for `expiresAt`.
 */
export const LoanQuote = Type.Object({
  quoteId: Type.String({ pattern: '^[0-9a-f]{32}$' }),
  lender: Type.String(),
  /** Always `unsecured_fixed_term`: one repayment of principal and interest at maturity. */
  creditType: Type.Literal('unsecured_fixed_term'),
  currency: Type.Literal('USDT'),
  amount: Amount,
  term: Type.Integer(),
  dailyRate: Amount,
  /** The daily rate × 365, as a percentage (`"36.5"`). */
  annualRatePercent: Amount,
  /** Annual percentage rate, as a percentage with 2 decimals, from `loanApr`. */
  aprPercent: Amount,
  aprAssumptions: Type.Object({
    /** The loan is drawn on the day it is approved, for the full amount. */
    drawdown: Type.Literal('full_on_approval'),
    /** Repaid in one payment of `totalRepayment` on the repayment date. */
    repayment: Type.Literal('single_at_maturity'),
    daysInYear: Type.Integer(),
    /** No fees or charges other than interest. */
    otherCharges: Amount,
  }),
  interestFreeDays: Type.Integer(),
  /** amount × daily rate × max(0, term − interest-free days), rounded up to the cent. */
  totalInterest: Amount,
  totalRepayment: Amount,
  /** If approved today: term days from today. The running loan's date counts from approval. */
  repaymentDate: Day,
  /** The loan is due until this local time of the repayment date (`23:59:59`) ... */
  dueTime: Type.String(),
  /** ... in this time zone. */
  timeZone: Type.String(),
  overdueDailyRate: Amount,
  /** Overdue interest for one day late, on this amount. */
  overdueInterestPerDay: Amount,
  /** The most overdue interest can ever add: the cap rate × the amount. */
  overdueInterestCap: Amount,
  overdueInterestCapRate: Amount,
  overdueReminderDays: Type.Integer(),
  withdrawalDays: Type.Integer(),
  /** Interest accrued per day from payout if the customer withdraws (exact: amount × daily rate). */
  withdrawalInterestPerDay: Amount,
  /** Today's figure: what withdrawing costs if the loan is paid out and withdrawn today. */
  withdrawalAmountToday: Amount,
  expiresAt: Time,
});
export type LoanQuote = Static<typeof LoanQuote>;

// ---- signing and the loan ---------------------------------------------------------------------------------------

/**
 * `POST /user/loan`: signs the quoted terms. `amount` and `term` must be those of the quote; a quote that is
 * missing, expired, used, or whose terms moved answers `11007` (quote again). Needs verified KYC (`10022`) and a
 * real account (`11006`); an empty signature answers `11133`. The contract PDF is made in `language`.
 * Answers the loan, message `20001`.
 */
export const LoanApplyBody = Body({
  quoteId: Type.String({ pattern: '^[0-9a-f]{32}$', 'x-code': errors.termsChanged }),
  amount: { ...Amount, 'x-code': errors.amountIncorrect },
  term: Type.Integer({ minimum: 1, maximum: 3650, 'x-code': errors.loanPeriodWrong }),
  signature: Signature,
  language: ContractLanguage,
});
export type LoanApplyBody = Static<typeof LoanApplyBody>;

export const LoanScheduleItem = Type.Object({
  date: Day,
  principal: Amount,
  interest: Amount,
  total: Amount,
});

/**
 * Money that went towards a loan, one ledger entry each (its number is the receipt): a repayment, the
 * collection at maturity, a withdrawal, or a write-off (no money: what was given up; its entry moves the
 * unpaid principal to the platform's losses).
 */
export const LoanPayment = Type.Object({
  kind: Type.Union([
    Type.Literal('repayment'),
    Type.Literal('collection'),
    Type.Literal('withdrawal'),
    Type.Literal('write_off'),
  ]),
  amount: Amount,
  principal: Amount,
  interest: Amount,
  /** The ledger entry (null for a collection that found no available balance, or a write-off of interest only). */
  journalId: Nullable(Type.String()),
  at: Time,
});
export type LoanPayment = Static<typeof LoanPayment>;

/** A loan as the customer sees it; the figures "today" are computed when answered. */
export const Loan = Type.Object({
  id: Id,
  currency: Type.String(),
  amount: Amount,
  term: Type.Integer(),
  dailyRate: Amount,
  aprPercent: Amount,
  interestFreeDays: Type.Integer(),
  overdueDailyRate: Amount,
  /** As quoted and signed: interest and repayment at maturity. */
  totalInterest: Amount,
  totalRepayment: Amount,
  status: LoanStatus,
  /** Why staff rejected it; null otherwise. */
  reason: Nullable(Type.String()),
  createdAt: Time,
  approvedAt: Nullable(Time),
  /** The due date (approval day + term, in `timeZone`); before approval, as quoted. */
  repaymentDate: Day,
  /** The last moment of the due date (`23:59:59` local): overdue from the next second. */
  dueAt: Time,
  timeZone: Type.String(),
  /** Last moment of the 14-day right of withdrawal (from signing). */
  withdrawalDeadline: Time,
  /** True while the loan may still be withdrawn from (pending: cancelled, nothing to pay). */
  withdrawable: Type.Boolean(),
  /** Days elapsed since approval (a started day counts), capped at the term. */
  daysUsed: Type.Integer(),
  /** Days until the repayment date (0 on it and after). */
  daysLeft: Type.Integer(),
  overdueDays: Type.Integer(),
  /** Overdue interest accrued so far. */
  overdueInterest: Amount,
  /** The most overdue interest can add (fixed at signing). */
  overdueInterestCap: Amount,
  /**
   * What repaying today costs: principal + interest for the days used beyond the free days (the full term's
   * from maturity) + overdue interest, less what was already paid (the collection at maturity).
   */
  amountDueToday: Amount,
  /** Interest accrued per day from payout if withdrawn (exact: amount × daily rate). */
  withdrawalInterestPerDay: Amount,
  /** What withdrawing today costs: the principal plus the interest accrued since payout (0 while pending). */
  withdrawalAmount: Amount,
  /** The interest part of `withdrawalAmount`. */
  withdrawalInterest: Amount,
  /** Paid towards the loan so far (principal and interest), and what staff wrote off. */
  paidAmount: Amount,
  writtenOffAmount: Amount,
  payments: Type.Array(LoanPayment),
  /** What was paid back, when repaid or withdrawn. */
  repaidAmount: Nullable(Amount),
  closedAt: Nullable(Time),
  schedule: Type.Array(LoanScheduleItem),
  contractLanguage: ContractLanguage,
  /** SHA-256 (hex) of the contract PDF as generated at signing; the download must hash to this. */
  contractSha256: Type.String(),
});
export type Loan = Static<typeof Loan>;
export const LoanList = Type.Array(Loan);

export const ListLoanQuery = Type.Object({
  status: Type.Optional(Type.Array(LoanStatus)),
});

export const LoanIdPath = Type.Object({ id: Id });

/**
 * `POST /user/repayLoan`: repays from the available USDT balance (`10011` without funds). `amount` is the
 * `amountDueToday` the customer saw; when given and different (a day passed) the answer is `11007`.
 */
export const RepayLoanBody = Body({
  id: { ...Id, 'x-code': errors.notFound },
  amount: Type.Optional({ ...Amount, 'x-code': errors.termsChanged }),
});
export type RepayLoanBody = Static<typeof RepayLoanBody>;

/**
 * `POST /user/withdrawLoan` (our addition): within 14 days of signing and before maturity. A pending loan is
 * cancelled (nothing to pay); a running one is closed by repaying the principal plus the interest accrued per
 * day since payout. `amount`, when sent, must be the `withdrawalAmount` the customer saw (`11007` otherwise).
 */
export const WithdrawLoanBody = Body({
  id: { ...Id, 'x-code': errors.notFound },
  amount: Type.Optional({ ...Amount, 'x-code': errors.termsChanged }),
});
export type WithdrawLoanBody = Static<typeof WithdrawLoanBody>;

// ---- the rules, once for client and server -----------------------------------------------------------------------

/**
 * Interest and repayments are in USDT at its ledger precision (cents, `LEDGER_PRECISION` in precision.ts; a test
 * holds the two together); what the customer pays is rounded up to the cent.
 */
export const LOAN_AMOUNT_DP = 2;
const D = Decimal.clone({ precision: 60 });

/**
 * Interest for `days` days used: amount × daily rate × max(0, days − free days), rounded up to the cent. The
 * quote uses days = term; an early repayment uses the days used so far.
 */
export function loanInterest(amount: string, dailyRate: string, days: number, freeDays: number): string {
  const chargeable = Math.max(0, days - freeDays);
  return new D(amount)
    .mul(dailyRate)
    .mul(chargeable)
    .toDecimalPlaces(LOAN_AMOUNT_DP, Decimal.ROUND_UP)
    .toFixed(LOAN_AMOUNT_DP);
}

/**
 * Annual percentage rate of one drawdown repaid in one payment after `term` days, from the standard
 * equation amount = repayment × (1 + APR)^(−term / 365): APR = (repayment / amount)^(365 / term) − 1, as a
 * percentage rounded up to 2 decimals, so a cost is never shown smaller than it is (any interest shows at
 * least 0.01 %). Zero interest gives 0.
 */
export function loanAprPercent(amount: string, totalRepayment: string, term: number): string {
  const ratio = new D(totalRepayment).div(amount);
  if (ratio.lte(1)) return '0.00';
  return ratio
    .pow(new D(LOAN_DAYS_IN_YEAR).div(term))
    .minus(1)
    .mul(100)
    .toDecimalPlaces(2, Decimal.ROUND_UP)
    .toFixed(2);
}

/** Interest accrued in one day: amount × daily rate, exact (shown as the per-day figure). */
export function loanInterestPerDay(amount: string, dailyRate: string): string {
  return new D(amount).mul(dailyRate).toFixed();
}

/** Overdue interest for one day: amount × overdue daily rate, rounded up to the cent. */
export function loanOverdueInterestPerDay(amount: string, overdueDailyRate: string): string {
  return new D(amount)
    .mul(overdueDailyRate)
    .toDecimalPlaces(LOAN_AMOUNT_DP, Decimal.ROUND_UP)
    .toFixed(LOAN_AMOUNT_DP);
}
