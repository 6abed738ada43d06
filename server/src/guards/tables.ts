import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Claims taken by the repeated-submission guard. Kept in the database, not in process memory, so a double
 * click that lands on two server instances is still caught.
 *
 * A claim is taken unfinished, with a short lease (`expiresAt`), by one request (`holder`). It becomes
 * finished only in the transaction that commits the request's effect, so a request that died before its
 * commit leaves a claim that lapses with its lease and the retry goes through; a finished claim lives its
 * full term and, for an `Idempotency-Key`, keeps the answer the request got, which a retry of the same
 * request receives again. A claim whose request failed is deleted, so the corrected retry goes through.
 */
export const submissionClaims = pgTable(
  'submission_claims',
  {
    /** `form:<actor>:<route>:<body hash>` or `key:<actor>:<Idempotency-Key>`. */
    key: text('key').primaryKey(),
    /** The lease while unfinished; the end of the claim's term once finished. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The request that holds the claim (random per request); only it may finish or release the claim. */
    holder: text('holder'),
    /** Route and body hash of the request: a key reused with another request is refused, never replayed. */
    fingerprint: text('fingerprint'),
    /** Null while the guarded effect has not committed. */
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The answer's envelope, kept with a finished `Idempotency-Key` claim to answer a retry with it. */
    response: jsonb('response'),
  },
  (t) => [index('submission_claims_expires_idx').on(t.expiresAt)],
);
