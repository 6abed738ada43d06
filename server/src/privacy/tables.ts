import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytea } from '../db/columns';

/**
 * A customer's download of their own data (docs/security.md, "The customer's data"). The ZIP is sealed at
 * rest like identity data: its data part in `$IDENTITY_DIR/exports/xx/<id>.sealed`, its wrapped data key
 * here (`sealed_key`). `preparing` until the scheduler's pass built it, then `ready` until `expires_at`, then
 * `expired` (file and key gone). At most one `preparing` export per customer (the partial unique index).
 * `user_id` names a customer of the auth domain; no foreign key across domains.
 */
export const privacyExports = pgTable(
  'privacy_exports',
  {
    /** 32 random hex characters: the download path names it, so ids cannot be guessed or counted. */
    id: text('id').primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    status: text('status').$type<'preparing' | 'ready' | 'failed' | 'expired'>().notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    sealedKey: bytea('sealed_key'),
    sizeBytes: integer('size_bytes'),
    /** SHA-256 of the ZIP as downloaded (hex). */
    sha256: text('sha256'),
    /** Failed builds so far; the export fails for good after three. */
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [
    uniqueIndex('privacy_exports_one_preparing')
      .on(t.userId)
      .where(sql`${t.status} = 'preparing'`),
    index('privacy_exports_user_idx').on(t.userId, t.requestedAt),
    index('privacy_exports_status_idx').on(t.status),
  ],
);
