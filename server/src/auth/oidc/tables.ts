import { bigint, index, pgTable, text, timestamp, uniqueIndex, boolean } from 'drizzle-orm/pg-core';
import { users } from '../tables';

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
