import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

/** Staff accounts (back office). Passwords are argon2id hashes; there is no way to read one back. */
export const staff = pgTable('staff', {
  id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  username: text('username').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  /** One or more of `staffRoles` (reviewer, finance, admin, content). */
  roles: text('roles').array().notNull().default([]),
  /**
   * The TOTP secret, AES-256-GCM sealed with the identity key (`staff-totp.ts`); set by enrolment, in use
   * once `totpEnabledAt` is set. Null: not enrolled.
   */
  totpSecret: text('totp_secret'),
  totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
  /** The RFC 6238 time step of the last accepted code: a code of that step or earlier is refused (no replay). */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
});

/**
 * The second sign-in step: a password accepted for a member with two-factor on yields a ticket (stored as a
 * SHA-256 hash), exchanged once, before it expires, with a valid code for a session.
 */
export const staffSignInTickets = pgTable(
  'staff_sign_in_tickets',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: bigint('staff_id', { mode: 'bigint' })
      .notNull()
      .references(() => staff.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('staff_sign_in_tickets_staff_idx').on(t.staffId)],
);

/**
 * Who works on a review record now. One row per record; a claim past `expiresAt` is free for anyone to take
 * over (the upsert that claims checks it atomically).
 */
export const reviewClaims = pgTable(
  'review_claims',
  {
    kind: text('kind').notNull(),
    recordId: text('record_id').notNull(),
    staffId: bigint('staff_id', { mode: 'bigint' })
      .notNull()
      .references(() => staff.id),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.recordId] })],
);

/**
 * Approvals of subjects that need more than one (four eyes): a withdrawal above the limit, a correction.
 * One row per subject and member: the same member cannot count twice.
 */
export const fourEyesApprovals = pgTable(
  'four_eyes_approvals',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    subjectKind: text('subject_kind').notNull(),
    subjectId: text('subject_id').notNull(),
    staffId: bigint('staff_id', { mode: 'bigint' })
      .notNull()
      .references(() => staff.id),
    approvedAt: timestamp('approved_at', { withTimezone: true }).notNull(),
  },
  (t) => [unique('four_eyes_approvals_once').on(t.subjectKind, t.subjectId, t.staffId)],
);

/** Staff sessions: only the SHA-256 of the opaque token is stored, so a database leak yields no live token. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: bigint('staff_id', { mode: 'bigint' })
      .notNull()
      .references(() => staff.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/**
 * Append-only record of every staff action (and of start-up actions, with no staff). Written in the same
 * transaction as the action it describes, so an action without its audit row cannot commit.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    staffId: bigint('staff_id', { mode: 'bigint' }).references(() => staff.id),
    action: text('action').notNull(),
    target: text('target').notNull(),
    details: jsonb('details').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_action_idx').on(t.action), index('audit_log_created_idx').on(t.createdAt)],
);

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
