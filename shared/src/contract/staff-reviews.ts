import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { ReviewApproval, ReviewClaim } from './admin';
import { Deposit, Withdrawal } from './cashier';
import { Amount } from './common';
import { KycDetail, kycFields, kycPersonalFields } from './kyc';
import { Loan } from './loans';
import { TransactionRecord } from './records';

/**
 * What each review kind's list (`GET /swx/admin/reviews?kind=...`) answers per record: everything staff need
 * to decide without further calls. The wire schema stays `ReviewList` (kinds may plug in later); these are
 * the shapes of today's four kinds, checked against the server's answers by its tests.
 */

const Time = Type.String({ format: 'date-time' });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** The customer a record belongs to. */
export const ReviewCustomer = Type.Object({
  userId: Type.String(),
  username: Type.String(),
  email: Nullable(Type.String()),
});
export type ReviewCustomer = Static<typeof ReviewCustomer>;

/** Fields every kind's item carries: the kind adds `customer` and the queue age, the registry the rest. */
export const ReviewItemCommon = Type.Object({
  id: Type.String(),
  customer: ReviewCustomer,
  /** When the record entered the queue (submission). */
  queuedAt: Time,
  /** Seconds since `queuedAt` when the list was answered. */
  ageSeconds: Type.Integer({ minimum: 0 }),
  /** Who works on it now; null when nobody holds a live claim. */
  claim: Nullable(ReviewClaim),
  /** Approvals recorded so far (four eyes: "1 of 2"). */
  approvals: Type.Array(ReviewApproval),
  /** How many approvals by different staff the record needs: 1, or 2 under four eyes. */
  approvalsRequired: Type.Integer({ minimum: 1 }),
});
export type ReviewItemCommon = Static<typeof ReviewItemCommon>;

/** A deposit waiting for staff: the proof image is `GET /swx/admin/uploads/{proofImage}`. */
export const DepositReview = Type.Composite([
  Deposit,
  ReviewItemCommon,
  Type.Object({
    userId: Type.String(),
    /** `/swx/admin/uploads/{proofImage}`: the proof image in full. */
    proofImageUrl: Type.String(),
    /** The customer's latest other deposits, newest first (at most 10). */
    recentDeposits: Type.Array(Deposit),
  }),
]);
export type DepositReview = Static<typeof DepositReview>;

/** A withdrawal waiting for staff; the card number is shown in full (staff pay to it). */
export const WithdrawalReview = Type.Composite([
  Withdrawal,
  ReviewItemCommon,
  Type.Object({
    userId: Type.String(),
    /** What arrives at the destination: the amount (the fee is charged on top). */
    amountReceived: Amount,
    /** The amount valued in USDT at list time; null when no price is known. Four eyes compare this. */
    valueUsdt: Nullable(Amount),
    /** The review target (`withdrawal_review_hours`, 24 h by default) and whether it has passed. */
    targetHours: Type.Integer(),
    overdue: Type.Boolean(),
    /** The customer's latest deposits, newest first (at most 10). */
    recentDeposits: Type.Array(Deposit),
    /** The customer's latest trading events from the ledger, newest first (at most 10). */
    recentTrades: Type.Array(TransactionRecord),
  }),
]);
export type WithdrawalReview = Static<typeof WithdrawalReview>;

/**
 * An identity check as the queue lists it: where it stands, which photos and fields there are, no personal
 * data. The data itself (masked where sensitive) is `admin.kycIdentity`, the photos `admin.kycImage`, each
 * read audited; per-field rejection with `fields` on reject.
 */
export const KycReview = Type.Composite([
  Type.Omit(KycDetail, kycPersonalFields),
  ReviewItemCommon,
  Type.Object({
    userId: Type.String(),
    submissions: Type.Integer(),
    /** `admin.kycImage` URLs of the photos on file, null where none. */
    imageUrls: Type.Object({
      frontImage: Nullable(Type.String()),
      backImage: Nullable(Type.String()),
      handImage: Nullable(Type.String()),
    }),
    /** The names a rejection's `fields` may use for this submission. */
    rejectableFields: Type.Array(Type.Union(kycFields.map((field) => Type.Literal(field)))),
  }),
]);
export type KycReview = Static<typeof KycReview>;

/** A signed loan waiting for approval, with the customer's limit and earlier loans. */
export const LoanReview = Type.Composite([
  Loan,
  ReviewItemCommon,
  Type.Object({
    userId: Type.String(),
    /** `admin.loanContract`: the signed contract PDF. */
    contractUrl: Type.String(),
    /**
     * The customer's loan limit, what they owe or have pending (this application included) and what is left
     * of the limit, in USDT: the figures of the customer's own loan page (`LoanProduct`), from the same
     * server function.
     */
    limit: Amount,
    outstanding: Amount,
    limitLeft: Amount,
    /** The customer's other loans, newest first (at most 20). */
    loanHistory: Type.Array(Loan),
  }),
]);
export type LoanReview = Static<typeof LoanReview>;

/** Each review kind's item schema, by kind. */
export const reviewItemSchemas = {
  deposit: DepositReview,
  withdrawal: WithdrawalReview,
  kyc: KycReview,
  loan: LoanReview,
} as const;
export type ReviewItemByKind = {
  [K in keyof typeof reviewItemSchemas]: Static<(typeof reviewItemSchemas)[K]>;
};
