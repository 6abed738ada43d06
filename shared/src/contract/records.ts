import { Type, type Static } from '@sinclair/typebox';
import { Amount, Id } from './common';

/** Transaction records (docs/product.md (business rules) Accounts): the customer's money events in the active mode. */

export const RecordsQuery = Type.Object({
  /** Event types, repeat the key: `?type=deposit&type=withdrawal_hold`. */
  type: Type.Optional(Type.Array(Type.String({ pattern: '^[a-z][a-z0-9_]{0,63}$' }), { maxItems: 20 })),
  currency: Type.Optional(Type.String({ pattern: '^[A-Z0-9]{2,12}$' })),
  from: Type.Optional(Type.String({ format: 'date-time' })),
  to: Type.Optional(Type.String({ format: 'date-time' })),
  page: Type.Integer({ minimum: 1, maximum: 100000, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 200, default: 20 }),
});
export type RecordsQuery = Static<typeof RecordsQuery>;

export const CsvRecordsQuery = Type.Composite([
  Type.Omit(RecordsQuery, ['page', 'pageSize']),
  Type.Object({
    /** The language of the header and the type names; without it, the request's `Accept-Language`. */
    lang: Type.Optional(Type.String({ pattern: '^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$' })),
  }),
]);
export type CsvRecordsQuery = Static<typeof CsvRecordsQuery>;

const Signed = Type.String({ pattern: '^-?(0|[1-9][0-9]*)(\\.[0-9]+)?$' });

/** What one business event did to one currency of the customer: available and held funds side by side. */
export const RecordMovement = Type.Object({
  currency: Type.String(),
  /** Signed change of available funds (0 when they did not move). */
  available: Signed,
  /** Signed change of held (frozen) funds. */
  held: Signed,
  /** available + held: what the event gained or cost the customer; 0 for a hold or its release. */
  net: Signed,
  /** Balances right after the event. */
  availableAfter: Amount,
  heldAfter: Amount,
});
export type RecordMovement = Static<typeof RecordMovement>;

/**
 * One business event (one journal entry of the ledger), however many postings it made on the customer's
 * accounts: a spot order hold is one row (available −x, held +x), not two.
 */
export const TransactionRecord = Type.Object({
  /** The journal entry's id. */
  id: Id,
  /** What happened, one of `ledgerEntryTypes`: `deposit`, `withdrawal_hold`, `margin_close`, ... */
  type: Type.String(),
  /** One per currency the event moved, in currency order (a spot trade moves USDT and BTC). */
  movements: Type.Array(RecordMovement, { minItems: 1 }),
  /** The business record behind it (one of `recordReferenceTypes`), which the records screen links to. */
  referenceType: Type.Union([Type.String(), Type.Null()]),
  referenceId: Type.Union([Type.String(), Type.Null()]),
  memo: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
});
export type TransactionRecord = Static<typeof TransactionRecord>;

export const TransactionRecordPage = Type.Object({
  items: Type.Array(TransactionRecord),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  hasMore: Type.Boolean(),
});
export type TransactionRecordPage = Static<typeof TransactionRecordPage>;

/** The CSV export's body (not an envelope). */
export const RecordsCsv = Type.String();
