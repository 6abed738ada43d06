import { Type, type Static } from '@sinclair/typebox';
import { Amount, Id } from './common';

/** Transaction records (docs/product.md (business rules) Accounts): the customer's ledger entries in the active mode. */

export const RecordsQuery = Type.Object({
  /** Entry types, repeat the key: `?type=deposit&type=withdrawal_hold`. */
  type: Type.Optional(Type.Array(Type.String({ pattern: '^[a-z][a-z0-9_]{0,63}$' }), { maxItems: 20 })),
  currency: Type.Optional(Type.String({ pattern: '^[A-Z0-9]{2,12}$' })),
  from: Type.Optional(Type.String({ format: 'date-time' })),
  to: Type.Optional(Type.String({ format: 'date-time' })),
  page: Type.Integer({ minimum: 1, maximum: 100000, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 200, default: 20 }),
});
export type RecordsQuery = Static<typeof RecordsQuery>;

export const CsvRecordsQuery = Type.Omit(RecordsQuery, ['page', 'pageSize']);
export type CsvRecordsQuery = Static<typeof CsvRecordsQuery>;

export const TransactionRecord = Type.Object({
  id: Id,
  /** What happened: `deposit`, `withdrawal_hold`, `trade_fee`, `invite_reward`, ... */
  type: Type.String(),
  currency: Type.String(),
  /** `available` or `held` funds. */
  account: Type.Union([Type.Literal('available'), Type.Literal('held')]),
  /** Signed decimal string: positive credits the account. */
  amount: Type.String(),
  /** The account's balance right after this entry. */
  balanceAfter: Amount,
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
