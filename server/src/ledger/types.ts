import type { PgTable } from 'drizzle-orm/pg-core';
import type { AccountMode } from '@swx/shared/contract';
import type { Db, Tx } from '../db/client';
import type { AccountRef } from './accounts';

/** Anything queries can run on: the database, or a caller's transaction to read its own writes. */
export type Reader = Db | Tx;

export interface Leg {
  account: AccountRef;
  /** Signed decimal string: positive credits the account, negative debits it. */
  amount: string;
}

export interface EntryDescription {
  /** What happened, e.g. `deposit`, `withdrawal_hold`, `trade_fee`, `plan_payout`, `correction`. */
  type: string;
  /** The business record behind the entry, e.g. `{ type: 'deposit', id: '42' }`. */
  reference?: { type: string; id: string };
  /** Shown in the customer's records. Required when staff make the entry: a correction carries its reason. */
  memo?: string;
  /** The staff member making the entry; absent for the system. */
  createdByStaffId?: string;
  /** Makes the entry happen at most once: a later transfer with the same key posts nothing. */
  once?: string;
}

export interface TransferRequest extends EntryDescription {
  legs: Leg[];
}

/**
 * Runs once the entries of a `transferMany` are decided, before they are written, with the indexes of the
 * accepted requests: the caller writes the records the entries refer to (in the same transaction) and sets
 * their `reference`, only for the entries that will be posted.
 */
export type BeforeWrite = (accepted: number[]) => Promise<void>;

/**
 * Rows the caller wants written with the entries, in the entries' own statement (one round trip, not two):
 * the ledger's public contract for "store these receipt rows with the journal ids of my entries". Each row
 * names its request; the ledger fills `journalIdColumn` with that request's journal id (`as: 'array'`: a JSON
 * array holding the id as text, the shape of a receipt's `journal_ids`). A request refused, or not written
 * because its `once` key was taken, gets no row. The ledger never reads these rows back.
 */
export interface Attachment<T extends PgTable = PgTable> {
  table: T;
  journalIdColumn: keyof T['$inferInsert'] & string;
  as: 'array' | 'scalar';
  /** Called after `beforeWrite`, with the same accepted indexes. Every row must set the same columns. */
  rows(accepted: number[]): { request: number; values: Partial<T['$inferInsert']> }[];
}

export interface TransferManyOptions<T extends PgTable = PgTable> {
  beforeWrite?: BeforeWrite;
  attach?: Attachment<T>;
}

export interface TransferResult {
  journalId: string;
  /** True when `once` matched an earlier entry and nothing was posted. */
  duplicate: boolean;
}

export interface HeldFundsRequest extends EntryDescription {
  userId: string;
  mode: AccountMode;
  currency: string;
  amount: string;
}

export interface SettleHeldRequest extends EntryDescription {
  userId: string;
  mode: AccountMode;
  currency: string;
  /** Where the held money goes; each amount positive and in the held currency. Their sum leaves `held`. */
  to: Leg[];
}

export interface EntryFilters {
  currency?: string;
  types?: string[];
  /** Only entries of one business record, e.g. the entries a fill produced, for its receipt. */
  reference?: { type: string; id: string };
  /** Posting id cursor from a previous page: only older postings. */
  before?: string;
  /** Page size, 1–200, default 50. */
  limit?: number;
}

export interface LedgerOptions {
  /** USDT credited to a new demo account: the `demo_initial_balance` parameter. */
  demoInitialBalance: () => string;
}

/** One posting of a journal entry, as receipts show it. */
export interface JournalPosting {
  journalId: string;
  /** The entry's type, e.g. `margin_open`. */
  type: string;
  currency: string;
  /** The account's kind: `customer_available`, `customer_held` or a platform kind. */
  kind: string;
  ownerUserId: string | null;
  /** As stored (numeric text): the caller formats it. */
  amount: string;
}

/** What one journal entry did to one currency of a customer's funds (transaction records). */
export interface EventMovement {
  journalId: string;
  type: string;
  currency: string;
  /** Signed changes of the available and held accounts ("0" when one did not move). */
  available: string;
  held: string;
  /** Both balances right after the entry. */
  availableAfter: string;
  heldAfter: string;
  referenceType: string | null;
  referenceId: string | null;
  memo: string | null;
  createdAt: string;
}

export interface PostingFilters {
  types?: string[];
  currency?: string;
  /** ISO times, inclusive. */
  from?: string;
  to?: string;
}
