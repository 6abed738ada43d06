import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

/**
 * Staff accounts (back office). Passwords are argon2id hashes; there is no way to read one back. Segregation
 * of duties is a check constraint: no member holds both `admin` and `finance`.
 */
export const staff = pgTable(
  'staff',
  {
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
    /** Where reset links and re-enrolment codes go (lower-cased); null for members made before it was asked. */
    email: text('email'),
    /** The admin who created the member; null for the start-up bootstrap and the operator's command line. */
    createdBy: bigint('created_by', { mode: 'bigint' }).references((): AnyPgColumn => staff.id),
    /** Set when an admin chose the password (creation): the member replaces it before anything else. */
    passwordChangeRequired: boolean('password_change_required').notNull().default(false),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /**
     * Set when an admin reset two-factor, cleared by the next enrolment: until then enrolling needs the
     * password and a code e-mailed to the member, not the session alone.
     */
    totpResetAt: timestamp('totp_reset_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('staff_email_unique').on(t.email),
    check('staff_admin_not_finance', sql`not ('admin' = any(${t.roles}) and 'finance' = any(${t.roles}))`),
  ],
);

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
 * How many approvals a subject needs, fixed when it was requested (`four-eyes.ts`): later parameter changes
 * or price moves never lower `required` (they may raise it while the subject is undecided). `requestedBy` is
 * the staff member who asked for it, who may not approve it; `basis` says what the number was decided from
 * (a value in USDT, the threshold then). `satisfiedAt` is set by the approval that completed the set.
 */
export const fourEyesRequirements = pgTable(
  'four_eyes_requirements',
  {
    subjectKind: text('subject_kind').notNull(),
    subjectId: text('subject_id').notNull(),
    required: integer('required').notNull(),
    requestedBy: bigint('requested_by', { mode: 'bigint' }).references(() => staff.id),
    basis: jsonb('basis').notNull().default({}),
    fixedAt: timestamp('fixed_at', { withTimezone: true }).notNull().defaultNow(),
    satisfiedAt: timestamp('satisfied_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.subjectKind, t.subjectId] }),
    check('four_eyes_requirements_required', sql`${t.required} between 1 and 10`),
  ],
);

/**
 * Approvals of subjects (four eyes): every reviewed decision, a withdrawal above the limit, a correction, a
 * pending change. One row per subject and member: the same member cannot count twice; a trigger refuses an
 * approval by the subject's requester.
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

/**
 * Staff sessions: only the SHA-256 of the opaque token is stored, so a database leak yields no live token. A
 * session ends 30 minutes after `lastSeenAt` or at `expiresAt` (12 hours after sign-in), whichever is first;
 * `id` names it in the member's list of sessions.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    id: bigint('id', { mode: 'bigint' }).notNull().unique().generatedAlwaysAsIdentity(),
    staffId: bigint('staff_id', { mode: 'bigint' })
      .notNull()
      .references(() => staff.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** The address and browser it was opened from (bounded), for the member to recognise it. */
    address: text('address'),
    userAgent: text('user_agent'),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/** Ten single-use recovery codes per member, as SHA-256 hashes (80 random bits each: no slow hash needed). */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    staffId: bigint('staff_id', { mode: 'bigint' })
      .notNull()
      .references(() => staff.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('staff_recovery_codes_staff_idx').on(t.staffId)],
);

/**
 * One-time secrets sent by e-mail: a password reset link (`password_reset`, 24 hours) or a re-enrolment
 * code (`totp_enrol`, 15 minutes). Only a hash is stored; `usedAt` spends it once; `failures` counts wrong
 * tries of a short code, which dies after five.
 */
export const staffEmailSecrets = pgTable(
  'staff_email_secrets',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    staffId: bigint('staff_id', { mode: 'bigint' })
      .notNull()
      .references(() => staff.id),
    purpose: text('purpose').$type<'password_reset' | 'totp_enrol'>().notNull(),
    secretHash: text('secret_hash').notNull().unique(),
    createdBy: bigint('created_by', { mode: 'bigint' }).references(() => staff.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    failures: integer('failures').notNull().default(0),
  },
  (t) => [
    index('staff_email_secrets_staff_idx').on(t.staffId, t.purpose),
    check('staff_email_secrets_purpose', sql`${t.purpose} in ('password_reset', 'totp_enrol')`),
  ],
);

/**
 * Append-only record of every staff action (and of start-up actions, with no staff). Written in the same
 * transaction as the action it describes, so an action without its audit row cannot commit. Tamper-evident:
 * triggers refuse UPDATE, DELETE and TRUNCATE, and a BEFORE INSERT trigger chains each row to the one before
 * (`seq`, `prev_hash`, `hash`: SHA-256 over the previous hash and this row's content, `audit-chain.ts`). The
 * three chain columns are always written by that trigger; their defaults here only satisfy the insert type.
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
    seq: bigint('seq', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    prevHash: text('prev_hash').notNull().default(''),
    hash: text('hash').notNull().default(''),
  },
  (t) => [
    index('audit_log_action_idx').on(t.action),
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_staff_idx').on(t.staffId),
    uniqueIndex('audit_log_seq_unique').on(t.seq),
  ],
);

/**
 * The chain's head: one row, locked by every audit insert (so rows are chained one at a time, in commit
 * order) and moved to the new row. It also tells the verifier where the chain ends, so a deleted last row
 * shows.
 */
export const auditChainHead = pgTable(
  'audit_chain_head',
  {
    id: integer('id').primaryKey(),
    lastSeq: bigint('last_seq', { mode: 'bigint' }).notNull(),
    lastHash: text('last_hash').notNull(),
  },
  (t) => [check('audit_chain_head_one_row', sql`${t.id} = 1`)],
);

/**
 * Daily anchors: the chain's last hash at the end of each UTC day, stored once (append-only like the log)
 * and shown to admins, so a chain rewritten from some day on no longer matches what was seen and copied.
 */
export const auditAnchors = pgTable('audit_anchors', {
  day: text('day').primaryKey(),
  lastSeq: bigint('last_seq', { mode: 'bigint' }).notNull(),
  lastHash: text('last_hash').notNull(),
  rows: integer('rows').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Maker-checker: a change to a setting that moves money or risk waits here for a second member with the
 * kind's role (`changes.ts`). `payload` is what will be applied, `summary` what staff read (before and
 * after). One pending change per target at a time. The decider is never the requester (check constraint).
 */
export const pendingChanges = pgTable(
  'pending_changes',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    target: text('target').notNull(),
    role: text('role').notNull(),
    payload: jsonb('payload').notNull(),
    summary: jsonb('summary').notNull(),
    reason: text('reason').notNull(),
    status: text('status').$type<'pending' | 'approved' | 'rejected'>().notNull().default('pending'),
    requestedBy: bigint('requested_by', { mode: 'bigint' })
      .notNull()
      .references(() => staff.id),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: bigint('decided_by', { mode: 'bigint' }).references(() => staff.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
  },
  (t) => [
    index('pending_changes_status_idx').on(t.status, t.id),
    uniqueIndex('pending_changes_one_per_target')
      .on(t.target)
      .where(sql`${t.status} = 'pending'`),
    check('pending_changes_status', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check(
      'pending_changes_four_eyes',
      sql`${t.status} <> 'approved' or (${t.decidedBy} is not null and ${t.decidedBy} <> ${t.requestedBy})`,
    ),
  ],
);
