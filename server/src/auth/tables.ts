import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Customers. `username` keeps the spelling chosen at sign-up (NFKC-normalised) but is unique without regard
 * to case, so "Alice" cannot be registered beside "alice"; `email` is stored lower-cased.
 */
export const users = pgTable(
  'users',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    /** Null for a customer who signed up with a provider that gave no verified e-mail. */
    email: text('email').unique(),
    /** Null for a customer who signs in only with a provider (a password is one sign-in method). */
    passwordHash: text('password_hash'),
    /** 'active' | 'disabled'; a disabled customer cannot sign in and their sessions stop working. */
    status: text('status').$type<'active' | 'disabled'>().notNull().default('active'),
    /** The account set used when a request carries no `virtually` header. */
    accountMode: text('account_mode').$type<'real' | 'demo'>().notNull().default('demo'),
    /** Spot market orders and position closes skip their review; off until the customer turns it on. */
    oneClickTrading: boolean('one_click_trading').notNull().default(false),
    inviteCode: text('invite_code').notNull().unique(),
    invitedBy: bigint('invited_by', { mode: 'bigint' }).references((): AnyPgColumn => users.id),
    kycStatus: text('kyc_status')
      .$type<'unverified' | 'pending' | 'verified' | 'failed'>()
      .notNull()
      .default('unverified'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the account was closed; null while open. Identity data is kept for the legal retention period
     * after this (`identity_retention_years`) and then purged; the ledger stays whole.
     */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /**
     * When the sign-in identifiers of a closed account (username, e-mail, password, wallets, social links,
     * passkeys) were replaced or removed, at the end of the retention period; null before.
     */
    pseudonymisedAt: timestamp('pseudonymised_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    index('users_closed_idx')
      .on(t.closedAt)
      .where(sql`${t.closedAt} is not null`),
    index('users_invited_by_idx').on(t.invitedBy),
  ],
);

/** Sign-in sessions. Only the SHA-256 of the opaque token is stored, so a database leak yields no tokens. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The browser that last used the session (bounded, control characters removed), for staff. */
    userAgent: text('user_agent'),
    /** The address it was opened from, truncated (IPv4 /24, IPv6 /48): shown to the customer, never whole. */
    address: text('address'),
    /** The SHA-256 of the device cookie it was opened with (security/devices.ts). */
    deviceHash: text('device_hash'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

// ---- wallet sign-in (Sign-In with Ethereum, auth/wallet) ----

/**
 * Sign-In with Ethereum nonces (`GET /login/dappNonce`): single use (`consumed_at` is set by the one
 * request that wins the update), short-lived, alphanumeric as EIP-4361 requires.
 */
export const walletNonces = pgTable(
  'wallet_nonces',
  {
    nonce: text('nonce').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('wallet_nonces_expires_idx').on(t.expiresAt)],
);

/**
 * Which account an Ethereum address signs in to. The address is stored lower-case and is the primary key:
 * one address belongs to one account (an account may link several).
 */
export const walletLinks = pgTable(
  'wallet_links',
  {
    address: text('address').primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('wallet_links_user_idx').on(t.userId)],
);

/**
 * A proven address nobody has linked yet, waiting for its sign-up (username and e-mail). Only the SHA-256
 * of the ticket is stored; single use, short-lived.
 */
export const walletSignUps = pgTable('wallet_sign_ups', {
  ticketHash: text('ticket_hash').primaryKey(),
  address: text('address').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** E-mailed 6-digit codes, stored hashed; single use, limited tries, short-lived. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    scene: text('scene').$type<'register' | 'reset'>().notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_codes_email_scene_idx').on(t.email, t.scene, t.createdAt)],
);

// Social sign-in (OpenID Connect): linked identities and sign-in attempts.

// ---- social sign-in (OpenID Connect): attempts, linked and pending identities ----
/**
 * A provider account linked to a customer. The issuer and subject together name the provider's account
 * (OpenID Connect Core §2: `sub` is unique only within its issuer), so that pair is unique: one provider
 * account signs in to at most one customer.
 */
export const oidcIdentities = pgTable(
  'oidc_identities',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    /** The configured name it was linked through (`google`), for display and unlinking. */
    provider: text('provider').notNull(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    /** The provider's e-mail when it said it was verified, at linking time; shown in settings only. */
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('oidc_identities_issuer_subject_key').on(t.issuer, t.subject),
    uniqueIndex('oidc_identities_user_provider_key').on(t.userId, t.provider),
  ],
);

/**
 * One started sign-in or link: what the callback must check (state, nonce, PKCE verifier). Stored here, not
 * in a cookie, so it is single-use across server instances; the state itself is kept only as its SHA-256.
 */
export const oidcAttempts = pgTable(
  'oidc_attempts',
  {
    stateHash: text('state_hash').primaryKey(),
    provider: text('provider').notNull(),
    /** Set when a signed-in customer links a provider from settings. */
    userId: bigint('user_id', { mode: 'bigint' }).references(() => users.id),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    returnTo: text('return_to').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('oidc_attempts_expires_idx').on(t.expiresAt)],
);

/**
 * A verified provider identity waiting for the customer: a username for a new account, or the password of
 * the existing account its verified e-mail matches. The ticket handed to the browser is kept as its SHA-256.
 */
export const oidcPendingIdentities = pgTable(
  'oidc_pending_identities',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    provider: text('provider').notNull(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    emailVerified: boolean('email_verified').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('oidc_pending_identities_expires_idx').on(t.expiresAt)],
);
