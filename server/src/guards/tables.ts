import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Claims taken by the repeated-submission guard. Kept in the database, not in process memory, so a double
 * click that lands on two server instances is still caught. A claim whose request failed is deleted, so the
 * corrected retry goes through.
 */
export const submissionClaims = pgTable(
  'submission_claims',
  {
    /** `form:<actor>:<route>:<body hash>` or `key:<actor>:<Idempotency-Key>`. */
    key: text('key').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('submission_claims_expires_idx').on(t.expiresAt)],
);
