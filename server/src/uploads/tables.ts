import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../auth/tables';

/**
 * Uploaded images. The file lives under config.uploadDir named by `id` (128 random bits, hex), outside any
 * folder served to the web. `ownerUserId` is the customer who uploaded it; only they and staff read it.
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
    sha256: text('sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('uploads_owner_idx').on(t.ownerUserId)],
);
