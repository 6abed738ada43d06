import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { LoanStatus } from '@swx/shared/contract';
import { bytea } from '../db/columns';

const amount = (name: string) => numeric(name, { precision: 36, scale: 18 });
const time = (name: string) => timestamp(name, { withTimezone: true });

/** A pre-contract quote: the customer signs exactly these terms, once, before `expires_at`. */
export const loanQuotes = pgTable(
  'loan_quotes',
  {
    id: text('id').primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    amount: amount('amount').notNull(),
    term: integer('term').notNull(),
    dailyRate: amount('daily_rate').notNull(),
    interestFreeDays: integer('interest_free_days').notNull(),
    overdueDailyRate: amount('overdue_daily_rate').notNull(),
    totalInterest: amount('total_interest').notNull(),
    totalRepayment: amount('total_repayment').notNull(),
    aprPercent: amount('apr_percent').notNull(),
    createdAt: time('created_at').notNull(),
    expiresAt: time('expires_at').notNull(),
    usedAt: time('used_at'),
  },
  (t) => [index('loan_quotes_expiry_idx').on(t.expiresAt)],
);

/**
 * A signed loan. The terms are copied from the quote the customer signed; the figures of a running loan
 * (interest for the days used, overdue interest) are computed from them and the clock. `next_event_at` is
 * when the daily pass next has something to do for it (the due-tomorrow notice, then each overdue day).
 */
export const loans = pgTable(
  'loans',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    quoteId: text('quote_id').notNull().unique(),
    currency: text('currency').notNull(),
    amount: amount('amount').notNull(),
    term: integer('term').notNull(),
    dailyRate: amount('daily_rate').notNull(),
    interestFreeDays: integer('interest_free_days').notNull(),
    overdueDailyRate: amount('overdue_daily_rate').notNull(),
    totalInterest: amount('total_interest').notNull(),
    totalRepayment: amount('total_repayment').notNull(),
    aprPercent: amount('apr_percent').notNull(),
    status: text('status').$type<LoanStatus>().notNull().default('pending'),
    reason: text('reason'),
    language: text('language').notNull(),
    /** The signature strokes, sealed (kind `loan.signature`, the quote id as record); null once purged. */
    signatureSealed: bytea('signature_sealed'),
    contractSha256: text('contract_sha256').notNull(),
    createdAt: time('created_at').notNull(),
    approvedAt: time('approved_at'),
    maturityAt: time('maturity_at'),
    nextEventAt: time('next_event_at'),
    closedAt: time('closed_at'),
    repaidAmount: amount('repaid_amount'),
    interestPaid: amount('interest_paid'),
    decidedByStaffId: bigint('decided_by_staff_id', { mode: 'bigint' }),
  },
  (t) => [
    index('loans_user_idx').on(t.userId, t.id),
    index('loans_status_idx').on(t.status, t.id),
    index('loans_next_event_idx')
      .on(t.nextEventAt)
      .where(sql`${t.status} in ('repaying', 'expired')`),
    check(
      'loans_status',
      sql`${t.status} in ('pending', 'rejected', 'repaying', 'expired', 'repaid', 'withdrawn')`,
    ),
    check('loans_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * The contract PDF exactly as generated at signing, sealed (kind `loan.contract`, the loan id as record, the
 * borrower as owner); its SHA-256 (of the PDF) is also on the loan, which outlives this row when retention
 * purges a closed account's contracts.
 */
export const loanContracts = pgTable('loan_contracts', {
  loanId: bigint('loan_id', { mode: 'bigint' })
    .primaryKey()
    .references(() => loans.id),
  userId: bigint('user_id', { mode: 'bigint' }).notNull(),
  pdf: bytea('pdf').notNull(),
  sha256: text('sha256').notNull(),
});

/** Overdue interest, one row per loan and overdue day (day 1 starts at maturity): accrued exactly once. */
export const loanOverdueDays = pgTable(
  'loan_overdue_days',
  {
    loanId: bigint('loan_id', { mode: 'bigint' })
      .notNull()
      .references(() => loans.id),
    day: integer('day').notNull(),
    interest: amount('interest').notNull(),
    accruedAt: time('accrued_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.loanId, t.day] })],
);

/** Reminders sent, one row per loan, kind and day: a reminder goes out exactly once. */
export const loanNotices = pgTable(
  'loan_notices',
  {
    loanId: bigint('loan_id', { mode: 'bigint' })
      .notNull()
      .references(() => loans.id),
    kind: text('kind').$type<'due_tomorrow' | 'overdue'>().notNull(),
    day: integer('day').notNull(),
    sentAt: time('sent_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.loanId, t.kind, t.day] })],
);
