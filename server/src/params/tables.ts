import { bigint, boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { staff } from '../staff/tables';

/**
 * Server parameters (docs/product.md (business rules) *param*): values are text, interpreted by the definition in
 * params/definitions.ts. Only `public` ones are readable by customers.
 */
export const parameters = pgTable('parameters', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  public: boolean('public').notNull(),
  description: text('description').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: bigint('updated_by', { mode: 'bigint' }).references(() => staff.id),
});
