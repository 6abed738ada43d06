import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from '../db/columns';
import { users } from '../auth/tables';

/** What an upload is for: identity photos are kept apart (never served to staff as uploads, purged sooner). */
export type UploadPurpose = 'general' | 'identity';

/**
 * Uploaded images, sealed from the moment they are stored (`platform/crypto`, kind `upload.<purpose>`): the
 * file under config.uploadDir, named by `id` (128 random bits, hex) plus `.sealed`, holds the data part; the
 * row holds the key part (`sealed_key`), so a key rotation rewrites rows, never files. `ownerUserId` is the
 * customer who uploaded it; only they read it back, and staff only general uploads (deposit proofs). A row
 * without `sealed_key` is a plain file from before sealing, sealed by the start-up upgrade.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: text('id').primaryKey(),
    ownerUserId: bigint('owner_user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    /** SHA-256 of the stored (sealed) file. */
    sha256: text('sha256').notNull(),
    purpose: text('purpose').$type<UploadPurpose>().notNull().default('general'),
    sealedKey: bytea('sealed_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('uploads_owner_idx').on(t.ownerUserId),
    index('uploads_purpose_created_idx').on(t.purpose, t.createdAt),
    check('uploads_purpose', sql`${t.purpose} in ('general', 'identity')`),
  ],
);
