import { Type, type Static } from '@sinclair/typebox';
import { Amount, Id } from './common';

/** A customer's funds in one currency: available to use, and held (frozen) by a pending operation. */
export const CurrencyBalance = Type.Object({ available: Amount, held: Amount });
export type CurrencyBalance = Static<typeof CurrencyBalance>;

/** Balances per currency code, e.g. `{ USDT: { available: "100000", held: "0" } }`. */
export const LedgerBalances = Type.Record(Type.String(), CurrencyBalance);
export type LedgerBalances = Static<typeof LedgerBalances>;

/** One posting on a customer's account, as their records show it. */
export const LedgerEntry = Type.Object({
  id: Id,
  journalId: Id,
  /** What happened: `deposit`, `withdrawal_hold`, `trade_fee`, `demo_grant`, `correction`, ... */
  type: Type.String(),
  referenceType: Type.Union([Type.String(), Type.Null()]),
  referenceId: Type.Union([Type.String(), Type.Null()]),
  memo: Type.Union([Type.String(), Type.Null()]),
  currency: Type.String(),
  account: Type.Union([Type.Literal('available'), Type.Literal('held')]),
  /** Signed decimal string: positive credits the account. */
  amount: Type.String({ description: 'Signed decimal string, e.g. "-12.5"' }),
  createdAt: Type.String({ format: 'date-time' }),
});
export type LedgerEntry = Static<typeof LedgerEntry>;

export const LedgerEntryPage = Type.Object({
  entries: Type.Array(LedgerEntry),
  /** Pass as `before` to get the next (older) page; null on the last page. */
  nextBefore: Type.Union([Id, Type.Null()]),
});
export type LedgerEntryPage = Static<typeof LedgerEntryPage>;

/** `GET /swx/admin/ledger/check`: the ledger's invariants and what breaks them. */
export const LedgerCheck = Type.Object({
  ok: Type.Boolean(),
  problems: Type.Array(Type.String()),
});
export type LedgerCheck = Static<typeof LedgerCheck>;
