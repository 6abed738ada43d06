import { Type, type Static } from '@sinclair/typebox';
import { AccountMode, Body, Id, TextBlock, TextLine } from './common';
import { LedgerBalances } from './ledger';
import { TransactionRecord } from './records';
import { OptionContract, Position, SpotOrder } from './trading';

/**
 * The back office's view of customers (issue 19, item 4): search, profile, sessions, notes, disabling, and
 * correction entries (PRODUCT.md rule 3) with four eyes. Staff routes under `/swx/admin/customers` and
 * `/swx/admin/corrections`.
 */

const Time = Type.String({ format: 'date-time' });
const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

/** A staff reason: one to 500 characters of clean text with something other than spaces. */
export const StaffReason = TextBlock({ minLength: 1, maxLength: 500, pattern: '\\S' });

export const CustomerStatus = Type.Union([Type.Literal('active'), Type.Literal('disabled')]);
export type CustomerStatus = Static<typeof CustomerStatus>;
export const CustomerKycStatus = Type.Union([
  Type.Literal('unverified'),
  Type.Literal('pending'),
  Type.Literal('verified'),
  Type.Literal('failed'),
]);

/**
 * `GET /customers?q=`: one text matched against the customer id (exact), the username and e-mail (contains,
 * either case) and linked wallet addresses (exact, either case). Without `q`, the newest customers.
 */
export const CustomerSearchQuery = Type.Object({
  q: Type.Optional(TextLine({ minLength: 1, maxLength: 200 })),
  page: Type.Integer({ minimum: 1, maximum: 100000, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
});
export type CustomerSearchQuery = Static<typeof CustomerSearchQuery>;

export const CustomerSummary = Type.Object({
  id: Id,
  username: Type.String(),
  email: Nullable(Type.String()),
  status: CustomerStatus,
  kycStatus: CustomerKycStatus,
  accountMode: AccountMode,
  createdAt: Time,
  /** Linked wallet addresses, lower-case. */
  wallets: Type.Array(Type.String()),
});
export type CustomerSummary = Static<typeof CustomerSummary>;

export const CustomerPage = Type.Object({
  items: Type.Array(CustomerSummary),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
});
export type CustomerPage = Static<typeof CustomerPage>;

export const CustomerIdPath = Type.Object({ id: Id });
export type CustomerIdPath = Static<typeof CustomerIdPath>;

/**
 * A sign-in session as staff see it. `id` is an opaque handle (a prefix of the stored token hash), never the
 * token; `userAgent` is the browser that last used it (bounded, cleaned).
 */
export const CustomerSession = Type.Object({
  id: Type.String({ pattern: '^[0-9a-f]{16}$' }),
  createdAt: Time,
  lastSeenAt: Time,
  userAgent: Nullable(Type.String()),
  /** Null while the session works. */
  revokedAt: Nullable(Time),
});
export type CustomerSession = Static<typeof CustomerSession>;

export const CustomerSessionPath = Type.Object({
  id: Id,
  sessionId: Type.String({ pattern: '^[0-9a-f]{16}$' }),
});
export type CustomerSessionPath = Static<typeof CustomerSessionPath>;

export const CustomerSessionList = Type.Array(CustomerSession);

/** A staff note on a customer: internal, never shown to the customer. */
export const CustomerNote = Type.Object({
  id: Id,
  text: Type.String(),
  staffId: Nullable(Type.String()),
  staffUsername: Nullable(Type.String()),
  createdAt: Time,
});
export type CustomerNote = Static<typeof CustomerNote>;
export const CustomerNoteList = Type.Array(CustomerNote);

/** `POST /customers/{id}/notes`: at most 2,000 characters of clean text. */
export const AddCustomerNoteBody = Body({
  text: TextBlock({ minLength: 1, maxLength: 2000, pattern: '\\S' }),
});
export type AddCustomerNoteBody = Static<typeof AddCustomerNoteBody>;

/** `POST /customers/{id}/disable` and `/enable`: why (audited). */
export const CustomerStatusBody = Body({ reason: StaffReason });
export type CustomerStatusBody = Static<typeof CustomerStatusBody>;

/** What one account set (real or demo) of a customer holds and has open. */
export const CustomerBook = Type.Object({
  balances: LedgerBalances,
  /** The newest records, as the customer sees them (the records page of that mode). */
  recentRecords: Type.Array(TransactionRecord),
  openPositions: Type.Array(Position),
  pendingSpotOrders: Type.Array(SpotOrder),
  openOptions: Type.Array(OptionContract),
});
export type CustomerBook = Static<typeof CustomerBook>;

/** `GET /customers/{id}`: the customer's account facts and both account sets. */
export const CustomerProfile = Type.Object({
  account: Type.Composite([
    CustomerSummary,
    Type.Object({
      inviteCode: Type.String(),
      invitedBy: Nullable(Type.String()),
      /** Whether the customer can sign in with a password (others use a wallet or a provider). */
      hasPassword: Type.Boolean(),
    }),
  ]),
  real: CustomerBook,
  demo: CustomerBook,
  sessions: CustomerSessionList,
});
export type CustomerProfile = Static<typeof CustomerProfile>;

/** `GET /customers/{id}/records`: the customer's records page in one mode, as they see it. */
export const CustomerRecordsQuery = Type.Object({
  mode: AccountMode,
  page: Type.Integer({ minimum: 1, maximum: 100000, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 200, default: 20 }),
});
export type CustomerRecordsQuery = Static<typeof CustomerRecordsQuery>;

// ---- correction entries (finance, four eyes) ----

/** A signed decimal amount, not zero: positive credits the customer, negative debits them. */
export const SignedAmount = Type.String({
  pattern: '^-?(0|[1-9][0-9]{0,17})(\\.[0-9]{1,18})?$',
  maxLength: 40,
  description: 'Signed decimal string, e.g. "-12.5"',
});

export const CorrectionStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('approved'),
  Type.Literal('rejected'),
]);
export type CorrectionStatus = Static<typeof CorrectionStatus>;

/**
 * `POST /corrections`: a reasoned entry on a customer's available funds. `reason` is shown to the customer
 * in their records once approved, so it is written for them.
 */
export const RequestCorrectionBody = Body({
  userId: Id,
  mode: AccountMode,
  currency: Type.String({ pattern: '^[A-Z0-9]{2,12}$' }),
  amount: SignedAmount,
  reason: StaffReason,
});
export type RequestCorrectionBody = Static<typeof RequestCorrectionBody>;

export const Correction = Type.Object({
  id: Id,
  userId: Id,
  username: Nullable(Type.String()),
  mode: AccountMode,
  currency: Type.String(),
  amount: Type.String(),
  reason: Type.String(),
  status: CorrectionStatus,
  requestedBy: Type.String(),
  requestedByUsername: Nullable(Type.String()),
  requestedAt: Time,
  decidedBy: Nullable(Type.String()),
  decidedByUsername: Nullable(Type.String()),
  decidedAt: Nullable(Time),
  /** Why a correction was turned down (staff only). */
  rejectReason: Nullable(Type.String()),
  /** The ledger entry an approval posted. */
  journalId: Nullable(Type.String()),
});
export type Correction = Static<typeof Correction>;
export const CorrectionList = Type.Array(Correction);

export const CorrectionListQuery = Type.Object({
  status: Type.Optional(CorrectionStatus),
  userId: Type.Optional(Id),
});
export type CorrectionListQuery = Static<typeof CorrectionListQuery>;

export const CorrectionIdPath = Type.Object({ id: Id });
export const RejectCorrectionBody = Body({ reason: StaffReason });
export type RejectCorrectionBody = Static<typeof RejectCorrectionBody>;

/** A platform account's balance (sum of its postings); negative is normal for custody and trading. */
export const PlatformAccountBalance = Type.Object({
  kind: Type.String(),
  mode: AccountMode,
  currency: Type.String(),
  balance: Type.String({ description: 'Signed decimal string' }),
});
export type PlatformAccountBalance = Static<typeof PlatformAccountBalance>;
export const PlatformBalanceList = Type.Array(PlatformAccountBalance);
