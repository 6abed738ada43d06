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
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Customer account security (docs/security.md, "Customer account security"). `user_id` names a customer of
 * the auth domain; no foreign key across domains. Secrets are never stored as typed: TOTP secrets sealed,
 * codes, tickets and challenges as hashes.
 */

/**
 * A customer's authenticator app. `secret` is sealed (AES-256-GCM, bound to the customer); `enabled_at` is
 * null while enrolment waits for its first code. `last_step` is the newest time step used: a code of that
 * step or an earlier one is refused (no replay).
 */
export const customerTotp = pgTable('customer_totp', {
  userId: bigint('user_id', { mode: 'bigint' }).primaryKey(),
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-time recovery codes, argon2id hashes only; a new set replaces the old one (its rows are deleted). */
export const customerRecoveryCodes = pgTable(
  'customer_recovery_codes',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('customer_recovery_codes_user_idx').on(t.userId)],
);

/** Registered passkeys (WebAuthn credentials). The credential id is unique across every customer. */
export const customerPasskeys = pgTable(
  'customer_passkeys',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    /** base64url, as the browser reports it. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter: a later assertion must carry a larger one (or both zero). */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    name: text('name').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('customer_passkeys_credential_key').on(t.credentialId),
    index('customer_passkeys_user_idx').on(t.userId),
  ],
);

/**
 * A WebAuthn ceremony in progress: its challenge (SHA-256 only), what it is for and for whom (null for a
 * passkey sign-in, where the credential names the customer). Single use, short-lived.
 */
export const webauthnCeremonies = pgTable(
  'webauthn_ceremonies',
  {
    id: text('id').primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' }),
    purpose: text('purpose').$type<'register' | 'signIn' | 'secondFactor' | 'stepUp'>().notNull(),
    challengeHash: text('challenge_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('webauthn_ceremonies_expires_idx').on(t.expiresAt)],
);

/**
 * A sign-in proven by its first factor, waiting for the second: what the session will record once the code
 * or passkey arrives. The ticket handed to the browser is kept as its SHA-256; single use, short-lived.
 */
export const secondFactorTickets = pgTable(
  'second_factor_tickets',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    /** The sign-in as it started (method, device, address), recorded when it finishes. */
    context: jsonb('context').$type<Record<string, string | null>>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('second_factor_tickets_expires_idx').on(t.expiresAt)],
);

/** A fresh proof of a second factor by one session (its token's hash), good until `expires_at`. */
export const stepUpGrants = pgTable('step_up_grants', {
  tokenHash: text('token_hash').primaryKey(),
  userId: bigint('user_id', { mode: 'bigint' }).notNull(),
  method: text('method').notNull(),
  verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * E-mailed 6-digit codes of the security domain: a step-up without a second factor, the confirmation of a
 * withdrawal address, a new e-mail address. Hashed with their purpose and target; single use, 5 tries.
 */
export const securityCodes = pgTable(
  'security_codes',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    purpose: text('purpose').$type<'stepUp' | 'address' | 'email'>().notNull(),
    /** What the code confirms: an address book entry's id, the new e-mail address; '' for a step-up. */
    target: text('target').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('security_codes_user_purpose_idx').on(t.userId, t.purpose, t.createdAt)],
);

/**
 * The customer's security choices. No row means the defaults of a new account (whitelist mode on, no
 * phrase); the migration gave every account that existed before it a row with whitelist mode off.
 */
export const customerSecuritySettings = pgTable('customer_security_settings', {
  userId: bigint('user_id', { mode: 'bigint' }).primaryKey(),
  antiPhishingCode: text('anti_phishing_code'),
  whitelistMode: boolean('whitelist_mode').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The withdrawal address book. An entry is usable from `usable_from` (its confirmation plus the cooling-off
 * period in force then) until it is removed; one live entry per customer, network and address.
 */
export const withdrawalAddresses = pgTable(
  'withdrawal_addresses',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    label: text('label').notNull(),
    coin: text('coin').notNull(),
    network: text('network').notNull(),
    address: text('address').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    usableFrom: timestamp('usable_from', { withTimezone: true }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('withdrawal_addresses_user_idx').on(t.userId, t.id),
    uniqueIndex('withdrawal_addresses_live_key')
      .on(t.userId, t.coin, t.network, t.address)
      .where(sql`${t.removedAt} is null`),
    check(
      'withdrawal_addresses_usable_after_confirmation',
      sql`${t.usableFrom} is null or ${t.confirmedAt} is not null`,
    ),
  ],
);

/** A withdrawal lock after a security change: in force until `until` unless staff lifted it (four eyes). */
export const withdrawalLocks = pgTable(
  'withdrawal_locks',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    until: timestamp('until', { withTimezone: true }).notNull(),
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
    /** The staff request (`security_requests.id`) that lifted it. */
    liftedBy: bigint('lifted_by', { mode: 'bigint' }),
  },
  (t) => [index('withdrawal_locks_user_idx').on(t.userId, t.until)],
);

/** Browsers a customer has signed in from (the device cookie's SHA-256): a sign-in from another is new. */
export const knownDevices = pgTable(
  'known_devices',
  {
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    deviceHash: text('device_hash').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceHash] })],
);

/** Sign-in history, kept 90 days: successes and refusals, with the device and a truncated address. */
export const signInEvents = pgTable(
  'sign_in_events',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    method: text('method').notNull(),
    /** The provider's name for a social sign-in. */
    provider: text('provider'),
    result: text('result').notNull(),
    browser: text('browser'),
    os: text('os'),
    address: text('address'),
    newDevice: boolean('new_device').notNull().default(false),
  },
  (t) => [index('sign_in_events_user_idx').on(t.userId, t.at)],
);

/** The "this was not me" link of a new-device e-mail: single use, SHA-256 only. */
export const notMeTokens = pgTable(
  'not_me_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    signInEventId: bigint('sign_in_event_id', { mode: 'bigint' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('not_me_tokens_expires_idx').on(t.expiresAt)],
);

/**
 * Staff requests on a customer's security (lift a withdrawal lock, reset lost second factors): a reason, and
 * a second staff member's approval (four eyes) before anything changes. The decider is never the requester.
 */
export const securityRequests = pgTable(
  'security_requests',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    action: text('action').$type<'liftLock' | 'resetFactors'>().notNull(),
    reason: text('reason').notNull(),
    status: text('status').$type<'pending' | 'approved' | 'rejected'>().notNull().default('pending'),
    requestedBy: bigint('requested_by', { mode: 'bigint' }).notNull(),
    /** Staff usernames as they were when they acted (the staff tables are the staff domain's). */
    requestedByName: text('requested_by_name').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    decidedBy: bigint('decided_by', { mode: 'bigint' }),
    decidedByName: text('decided_by_name'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    rejectReason: text('reject_reason'),
  },
  (t) => [
    index('security_requests_status_idx').on(t.status, t.id),
    index('security_requests_user_idx').on(t.userId, t.id),
    check('security_requests_action', sql`${t.action} in ('liftLock', 'resetFactors')`),
    check('security_requests_status', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('security_requests_four_eyes', sql`${t.decidedBy} is null or ${t.decidedBy} <> ${t.requestedBy}`),
  ],
);

/** Changes to a customer's security (what the notice e-mails said), listed on the Security page. */
export const securityChanges = pgTable(
  'security_changes',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    change: text('change').notNull(),
    /** A passkey's name, the new e-mail address: what the customer needs to recognise the change. */
    detail: text('detail'),
  },
  (t) => [index('security_changes_user_idx').on(t.userId, t.at)],
);
