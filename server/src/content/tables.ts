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
    /** The staff member who published this text; null for the seed. */
    updatedByStaffId: bigint('updated_by_staff_id', { mode: 'bigint' }),
  },
  (t) => [
    uniqueIndex('content_items_type_slug_lang_uq').on(t.type, t.slug, t.lang),
    index('content_items_type_lang_idx').on(t.type, t.lang),
  ],
);

/**
 * Staff drafts of content pages, one per (type, slug, language): customers never read this table. Publishing
 * copies the draft into `content_items` and removes it. The body is stored already sanitised.
 */
export const contentDrafts = pgTable(
  'content_drafts',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    type: smallint('type').notNull(),
    slug: text('slug').notNull(),
    lang: text('lang').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    sort: integer('sort').notNull().default(0),
    updatedByStaffId: bigint('updated_by_staff_id', { mode: 'bigint' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('content_drafts_type_slug_lang_uq').on(t.type, t.slug, t.lang)],
);
