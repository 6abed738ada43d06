import { Type, type Static } from '@sinclair/typebox';
import { Amount, Body, Id, TextLine } from './common';
import { ReviewCustomer } from './staff-reviews';
import { StaffReason } from './staff-customers';
import { errors } from './error-names';

/**
 * The back office's money books (issue 28): the lending book behind loans (capital funded by staff, what is
 * lent out, overdue, written off), loan write-offs and charity payouts. Write-offs and payouts take two
 * different finance members: the request is the first pair of eyes, the approval the second.
 */

const Time = Type.String({ format: 'date-time' });
const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);
const Ratio = Nullable(Type.String({ description: 'Decimal fraction, 4 places' }));

// ---- the lending book -----------------------------------------------------------------------------------------

/** `GET /swx/admin/loans/book`: the lending capital and what it is lent on, in USDT. */
export const LendingBook = Type.Object({
  currency: Type.Literal('USDT'),
  /** Capital staff put into lending, all time (the funding entries). */
  capitalFunded: Amount,
  /** What can be lent now: capital, less principal out with borrowers and written off, plus interest earned. */
  available: Amount,
  /** Principal of signed loans waiting for approval (the next disbursements). */
  pendingPrincipal: Amount,
  /** Unpaid principal of running and overdue loans. */
  outstandingPrincipal: Amount,
  /** What overdue borrowers owe now (principal, interest and overdue interest, less what was collected). */
  overdueAmount: Amount,
  overdueLoans: Type.Integer(),
  /** Principal written off (the losses account). */
  writtenOff: Amount,
  /** Interest received on repayments, collections and withdrawals. */
  interestEarned: Amount,
  /** outstanding ÷ (available + outstanding): how much of the book is lent out; null with no capital. */
  utilisation: Ratio,
  /** overdue principal ÷ outstanding principal; null when nothing is lent. */
  overdueRatio: Ratio,
  /** The most one customer may owe as a share of the book (`loan_exposure_share`). */
  exposureShare: Amount,
  /** That share in USDT now. */
  exposureLimit: Amount,
  /** The absolute per-customer limit (`loan_customer_limit`). */
  customerLimit: Amount,
});
export type LendingBook = Static<typeof LendingBook>;

/**
 * `POST /swx/admin/loans/capital`: asks to put owners' capital into lending, a reasoned ledger entry made when a
 * second finance member approves the pending change (maker-checker, like the plan reserve).
 */
export const FundLendingCapitalBody = Body({
  amount: { ...Amount, 'x-code': errors.amountIncorrect },
  reason: TextLine({ minLength: 3, maxLength: 300 }),
});
export type FundLendingCapitalBody = Static<typeof FundLendingCapitalBody>;

// ---- write-offs ------------------------------------------------------------------------------------------------

export const WriteOffStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('approved'),
  Type.Literal('rejected'),
]);
export type WriteOffStatus = Static<typeof WriteOffStatus>;

export const LoanWriteOff = Type.Object({
  loanId: Id,
  status: WriteOffStatus,
  reason: Type.String(),
  requestedBy: Type.String(),
  requestedByUsername: Nullable(Type.String()),
  requestedAt: Time,
  decidedBy: Nullable(Type.String()),
  decidedByUsername: Nullable(Type.String()),
  decidedAt: Nullable(Time),
  rejectReason: Nullable(Type.String()),
  /** What was given up when approved: unpaid principal and interest. */
  principal: Nullable(Amount),
  interest: Nullable(Amount),
  /** The ledger entry moving the unpaid principal to the losses account. */
  journalId: Nullable(Type.String()),
});
export type LoanWriteOff = Static<typeof LoanWriteOff>;

/** An overdue loan as finance sees it: who owes what since when, and any write-off request. */
export const OverdueLoan = Type.Object({
  loanId: Id,
  customer: ReviewCustomer,
  amount: Amount,
  repaymentDate: Type.String(),
  overdueDays: Type.Integer(),
  amountDue: Amount,
  paidAmount: Amount,
  overdueInterest: Amount,
  writeOff: Type.Union([LoanWriteOff, Type.Null()]),
});
export type OverdueLoan = Static<typeof OverdueLoan>;
export const OverdueLoanList = Type.Array(OverdueLoan);

/** `GET /swx/admin/loans/writeOffs`: past write-offs, newest first, a page at a time. */
export const WriteOffHistoryQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 100000, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
});
export type WriteOffHistoryQuery = Static<typeof WriteOffHistoryQuery>;

/** An approved write-off as the books keep it: what was given up on which loan, by whose two decisions. */
export const PastWriteOff = Type.Object({
  loanId: Id,
  customer: ReviewCustomer,
  /** The loan's principal as lent. */
  amount: Amount,
  /** Unpaid principal and interest given up at approval. */
  principal: Amount,
  interest: Amount,
  reason: Type.String(),
  requestedBy: Type.String(),
  requestedByUsername: Nullable(Type.String()),
  requestedAt: Time,
  approvedBy: Type.String(),
  approvedByUsername: Nullable(Type.String()),
  approvedAt: Time,
  /** The ledger entry that moved the unpaid principal to the losses account (none when nothing was unpaid). */
  journalId: Nullable(Type.String()),
});
export type PastWriteOff = Static<typeof PastWriteOff>;

export const PastWriteOffPage = Type.Object({
  items: Type.Array(PastWriteOff),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
});
export type PastWriteOffPage = Static<typeof PastWriteOffPage>;

export const LoanWriteOffPath = Type.Object({ id: { ...Id, 'x-code': errors.notFound } });
export const RequestWriteOffBody = Body({ reason: StaffReason });
export type RequestWriteOffBody = Static<typeof RequestWriteOffBody>;
export const RejectMoneyRequestBody = Body({ reason: StaffReason });
export type RejectMoneyRequestBody = Static<typeof RejectMoneyRequestBody>;

// ---- charity payouts --------------------------------------------------------------------------------------------

export const CharityPayoutStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('approved'),
  Type.Literal('rejected'),
]);

/** A payout of donations to the charity: recorded by one finance member, approved (posted) by another. */
export const CharityPayout = Type.Object({
  id: Id,
  currency: Type.String(),
  amount: Amount,
  /** The payment's own reference: a bank transfer or a chain transaction. */
  reference: Type.String(),
  /** Who received it (the charity named on the listings, or as staff recorded it). */
  recipient: Type.String(),
  status: CharityPayoutStatus,
  requestedBy: Type.String(),
  requestedByUsername: Nullable(Type.String()),
  requestedAt: Time,
  decidedBy: Nullable(Type.String()),
  decidedByUsername: Nullable(Type.String()),
  decidedAt: Nullable(Time),
  rejectReason: Nullable(Type.String()),
  /** The ledger entry from `platform_charity` to the charity's external account, once approved. */
  journalId: Nullable(Type.String()),
});
export type CharityPayout = Static<typeof CharityPayout>;

/** `GET /swx/admin/charity/payouts`: the charity account's figures and every payout request. */
export const CharityBook = Type.Object({
  currency: Type.String(),
  raised: Amount,
  paidOut: Amount,
  held: Amount,
  payouts: Type.Array(CharityPayout),
});
export type CharityBook = Static<typeof CharityBook>;

export const RequestCharityPayoutBody = Body({
  amount: { ...Amount, 'x-code': errors.amountIncorrect },
  reference: TextLine({ minLength: 3, maxLength: 120 }),
  recipient: TextLine({ minLength: 2, maxLength: 120 }),
});
export type RequestCharityPayoutBody = Static<typeof RequestCharityPayoutBody>;

export const CharityPayoutPath = Type.Object({ id: { ...Id, 'x-code': errors.notFound } });
