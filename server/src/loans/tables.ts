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
  uniqueIndex,
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
    /** The most overdue interest can add (cap rate × amount, to the cent, rounded down). */
    overdueInterestCap: amount('overdue_interest_cap'),
    /** The zone whose calendar days the due date follows, fixed with the terms. */
    timeZone: text('time_zone').notNull().default('UTC'),
    createdAt: time('created_at').notNull(),
    expiresAt: time('expires_at').notNull(),
    usedAt: time('used_at'),
  },
  (t) => [index('loan_quotes_expiry_idx').on(t.expiresAt)],
);

/**
 * A signed loan. The terms are copied from the quote the customer signed; the figures of a running loan
 * (interest for the days used, overdue interest) are computed from them and the clock. `maturity_at` is the
 * first instant the loan is overdue: the start of the day after its due date (`due_date`) in `time_zone`.
 * `next_event_at` is when the daily pass next has something to do for it (the due-tomorrow notice, the
 * collection at maturity, then each overdue day). `paid_*` and `overdue_interest` are running totals kept in
 * the transactions that write `loan_payments` and `loan_overdue_days` (the rows are the record).
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
    /** Null for loans signed before overdue interest was capped. */
    overdueInterestCap: amount('overdue_interest_cap'),
    timeZone: text('time_zone').notNull().default('UTC'),
    /** `YYYY-MM-DD` in `time_zone`, set on approval. */
    dueDate: text('due_date'),
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
    paidPrincipal: amount('paid_principal').notNull().default('0'),
    paidInterest: amount('paid_interest').notNull().default('0'),
    overdueInterest: amount('overdue_interest').notNull().default('0'),
    writtenOffAmount: amount('written_off_amount'),
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
      sql`${t.status} in ('pending', 'rejected', 'repaying', 'expired', 'repaid', 'withdrawn', 'written_off')`,
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

/**
 * Money towards a loan, one row per ledger entry: the repayment, the collection at maturity (at most one,
 * even when it found nothing to take), the withdrawal, the write-off. Unique per loan and kind: each happens
 * once. `principal + interest = amount`.
 */
export const loanPayments = pgTable(
  'loan_payments',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    loanId: bigint('loan_id', { mode: 'bigint' })
      .notNull()
      .references(() => loans.id),
    kind: text('kind').$type<'repayment' | 'collection' | 'withdrawal' | 'write_off'>().notNull(),
    amount: amount('amount').notNull(),
    principal: amount('principal').notNull(),
    interest: amount('interest').notNull(),
    journalId: bigint('journal_id', { mode: 'bigint' }),
    createdAt: time('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('loan_payments_once').on(t.loanId, t.kind),
    check('loan_payments_kind', sql`${t.kind} in ('repayment', 'collection', 'withdrawal', 'write_off')`),
    check('loan_payments_parts', sql`${t.principal} >= 0 and ${t.interest} >= 0`),
  ],
);

/**
 * Write-off requests: a finance member asks (the first pair of eyes), a different one approves (the second),
 * which closes the overdue loan as `written_off` and moves its unpaid principal to the losses account. One
 * open or approved request per loan; a rejected one may be asked again.
 */
export const loanWriteOffs = pgTable(
  'loan_write_offs',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    loanId: bigint('loan_id', { mode: 'bigint' })
      .notNull()
      .references(() => loans.id),
    status: text('status').$type<'pending' | 'approved' | 'rejected'>().notNull().default('pending'),
    reason: text('reason').notNull(),
    requestedBy: bigint('requested_by', { mode: 'bigint' }).notNull(),
    requestedAt: time('requested_at').notNull(),
    decidedBy: bigint('decided_by', { mode: 'bigint' }),
    decidedAt: time('decided_at'),
    rejectReason: text('reject_reason'),
    principal: amount('principal'),
    interest: amount('interest'),
    journalId: bigint('journal_id', { mode: 'bigint' }),
  },
  (t) => [
    uniqueIndex('loan_write_offs_open')
      .on(t.loanId)
      .where(sql`${t.status} in ('pending', 'approved')`),
    check('loan_write_offs_status', sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
);
