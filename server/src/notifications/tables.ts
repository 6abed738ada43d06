import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Notifications to a customer. Title and body are i18n keys plus parameters, so each client renders them in
 * its own language; nothing here is pre-rendered text.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    kind: text('kind').notNull(),
    titleKey: text('title_key').notNull(),
    bodyKey: text('body_key'),
    params: jsonb('params').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    referenceType: text('reference_type'),
    referenceId: text('reference_id'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);
