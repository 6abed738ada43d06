import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';

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
