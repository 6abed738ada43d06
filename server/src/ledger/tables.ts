import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The double-entry ledger (docs/product.md promise 3). Postings and journal entries are append-only: the
 * `ledger_immutable` migration installs triggers that refuse UPDATE, DELETE and TRUNCATE on them.
 *
 * Every account has a mode: demo money and real money never meet, so the platform keeps a demo twin of each
 * of its accounts and "postings per currency sum to zero" holds per mode.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The customer's user id; null for the platform's own accounts. */
    ownerUserId: bigint('owner_user_id', { mode: 'bigint' }),
    mode: text('mode').$type<'real' | 'demo'>().notNull(),
    /** `customer_available`, `customer_held` or one of the `platform_*` kinds in ledger/accounts.ts. */
    kind: text('kind').notNull(),
    currency: text('currency').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // NULLS NOT DISTINCT (PostgreSQL 15+): one platform account per mode, kind and currency, owner being null.
    unique('ledger_accounts_owner_mode_kind_currency')
      .on(t.ownerUserId, t.mode, t.kind, t.currency)
      .nullsNotDistinct(),
    check('ledger_accounts_mode', sql`${t.mode} in ('real', 'demo')`),
    check(
      'ledger_accounts_owner_matches_kind',
      sql`(${t.ownerUserId} is null) = (${t.kind} not in ('customer_available', 'customer_held'))`,
    ),
  ],
);

export const ledgerJournalEntries = pgTable(
  'ledger_journal_entries',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    /** What happened, e.g. `deposit`, `withdrawal_hold`, `trade_fee`, `demo_grant`, `correction`. */
    type: text('type').notNull(),
    /** The business record behind the entry (e.g. `deposit` + its id), so a receipt can list its entries. */
    referenceType: text('reference_type'),
    referenceId: text('reference_id'),
    /** Shown to the customer in their records; a staff correction must carry its reason here. */
    memo: text('memo'),
    /** Null when the system made the entry; otherwise the staff member who did. */
    createdByStaffId: bigint('created_by_staff_id', { mode: 'bigint' }),
    /**
     * Optional caller key that makes an entry happen at most once (a plan payout for one day, the demo grant
     * of one user): a second transfer with the same key posts nothing.
     */
    onceKey: text('once_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_journal_entries_once_key').on(t.onceKey),
    index('ledger_journal_entries_reference').on(t.referenceType, t.referenceId),
  ],
);

export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    journalId: bigint('journal_id', { mode: 'bigint' })
      .notNull()
      .references(() => ledgerJournalEntries.id),
    accountId: bigint('account_id', { mode: 'bigint' })
      .notNull()
      .references(() => ledgerAccounts.id),
    /** Signed: positive increases the account. The postings of one journal sum to zero per currency. */
    amount: numeric('amount', { precision: 36, scale: 18 }).notNull(),
  },
  (t) => [
    index('ledger_postings_account').on(t.accountId, t.id),
    index('ledger_postings_journal').on(t.journalId),
    check('ledger_postings_amount_not_zero', sql`${t.amount} <> 0`),
  ],
);

/**
 * Running balances of customer accounts only, updated in the transaction that posts. Platform accounts have
 * no row here: every trade touches them, and one row updated by every transaction would serialise the whole
 * platform, so their balance is the sum of their postings.
 */
export const ledgerBalances = pgTable(
  'ledger_balances',
  {
    accountId: bigint('account_id', { mode: 'bigint' })
      .primaryKey()
      .references(() => ledgerAccounts.id),
    balance: numeric('balance', { precision: 36, scale: 18 }).notNull().default('0'),
  },
  // The last line of defence behind the service's own refusal: a customer never owes the platform.
  (t) => [check('ledger_balances_not_negative', sql`${t.balance} >= 0`)],
);
