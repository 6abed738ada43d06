import { sql } from 'drizzle-orm';
import { bigint, check, index, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { staff } from '../staff/tables';

/**
 * Staff notes on a customer: internal (never shown to the customer), append-only, bounded and cleaned at the
 * API edge. `user_id` names a customer of the auth domain; no foreign key across domains.
 */
export const customerNotes = pgTable(
  'customer_notes',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    staffId: bigint('staff_id', { mode: 'bigint' })
      .notNull()
      .references(() => staff.id),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('customer_notes_user_idx').on(t.userId, t.id)],
);

/**
 * Correction entries (PRODUCT.md rule 3) waiting for, or given, a second finance member's decision. The
 * amount is signed (positive credits the customer's available funds); an approval posts it through the
 * ledger against the platform's corrections account and keeps the journal id here. The check constraint is
 * the last line of the four-eyes rule: the decider is never the requester.
 */
export const correctionRequests = pgTable(
  'correction_requests',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    mode: text('mode').$type<'real' | 'demo'>().notNull(),
    currency: text('currency').notNull(),
    amount: numeric('amount', { precision: 36, scale: 18 }).notNull(),
    reason: text('reason').notNull(),
    status: text('status').$type<'pending' | 'approved' | 'rejected'>().notNull().default('pending'),
    requestedBy: bigint('requested_by', { mode: 'bigint' })
      .notNull()
      .references(() => staff.id),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: bigint('decided_by', { mode: 'bigint' }).references(() => staff.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    rejectReason: text('reject_reason'),
    journalId: text('journal_id'),
  },
  (t) => [
    index('correction_requests_status_idx').on(t.status, t.id),
    index('correction_requests_user_idx').on(t.userId),
    check('correction_requests_status', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('correction_requests_mode', sql`${t.mode} in ('real', 'demo')`),
    check('correction_requests_amount_not_zero', sql`${t.amount} <> 0`),
    check('correction_requests_four_eyes', sql`${t.decidedBy} is null or ${t.decidedBy} <> ${t.requestedBy}`),
  ],
);
