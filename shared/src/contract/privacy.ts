import { Type, type Static } from '@sinclair/typebox';
import { errors } from './error-names';
import { Body, TextLine } from './common';

/**
 * The customer's own data (issue 27, item 4): a download of everything kept about them, prepared in the
 * background, and closing the account.
 */

/** `preparing` until the background job has built it; `ready` for 24 hours; then `expired` (file deleted). */
export const DataExportStatus = Type.Union([
  Type.Literal('preparing'),
  Type.Literal('ready'),
  Type.Literal('failed'),
  Type.Literal('expired'),
]);
export type DataExportStatus = Static<typeof DataExportStatus>;

export const DataExport = Type.Object({
  /** Opaque (32 hex characters): the download path names it. */
  id: Type.String(),
  status: DataExportStatus,
  requestedAt: Type.String({ format: 'date-time' }),
  readyAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  /** Until when the download works (24 hours after it was ready); null until ready. */
  expiresAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  /** Size of the ZIP in bytes; null until ready. */
  sizeBytes: Type.Union([Type.Integer(), Type.Null()]),
});
export type DataExport = Static<typeof DataExport>;

/** What stops the account from being closed now; each names the catalogue code the refusal answers. */
export const ClosureBlocker = Type.Union([
  Type.Literal('cashier'),
  Type.Literal('trading'),
  Type.Literal('plans'),
  Type.Literal('loans'),
  Type.Literal('bids'),
  Type.Literal('balance'),
]);
export type ClosureBlocker = Static<typeof ClosureBlocker>;

/** Blockers in the order the refusal reports them (the most specific first: a hold explains a balance). */
export const closureBlockerCodes = {
  cashier: errors.closureCashierPending,
  trading: errors.closureOpenTrading,
  plans: errors.closureRunningPlan,
  loans: errors.closureOpenLoan,
  bids: errors.closureLiveBid,
  balance: errors.closureBalance,
} as const satisfies Record<ClosureBlocker, string>;

/** `GET /user/privacy`: the customer's exports (newest first, the last 5) and whether closing is possible. */
export const PrivacyOverview = Type.Object({
  exports: Type.Array(DataExport),
  closure: Type.Object({
    blockers: Type.Array(ClosureBlocker),
    /** The currencies with a non-zero real balance (available or held), for the `balance` blocker. */
    balances: Type.Array(Type.Object({ currency: Type.String(), amount: Type.String() })),
  }),
  /** How long the download link works, in hours. */
  exportHours: Type.Integer(),
  /** What closing asks the customer to type. */
  username: Type.String(),
});
export type PrivacyOverview = Static<typeof PrivacyOverview>;

export const ExportIdPath = Type.Object({
  id: Type.String({ pattern: '^[0-9a-f]{32}$', 'x-code': errors.dataExportNotFound }),
});

/** Closing is confirmed by typing the username exactly as shown. */
export const CloseAccountBody = Body({
  confirmUsername: TextLine({ minLength: 1, maxLength: 64, 'x-code': errors.closureConfirmation }),
});
export type CloseAccountBody = Static<typeof CloseAccountBody>;

export const AccountClosed = Type.Object({ closedAt: Type.String({ format: 'date-time' }) });
export type AccountClosed = Static<typeof AccountClosed>;
