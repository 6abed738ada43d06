import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../tables';

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
