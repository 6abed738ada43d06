import { bigint, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Content pages (company, policy, footer statements, FAQ, notices) in each language. One row per
 * (type, slug, language); the same slug in several languages is one page translated.
 */
export const contentItems = pgTable(
  'content_items',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    type: smallint('type').notNull(),
    slug: text('slug').notNull(),
    lang: text('lang').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    sort: integer('sort').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('content_items_type_slug_lang_uq').on(t.type, t.slug, t.lang),
    index('content_items_type_lang_idx').on(t.type, t.lang),
  ],
);
