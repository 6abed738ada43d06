import { integer, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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

/**
 * Request counters of the rate limits (guards/rate-limits.ts), one fixed window per key. In the database so
 * every instance behind a load balancer counts against the same limit.
 */
export const rateCounters = pgTable(
  'rate_counters',
  {
    key: text('key').primaryKey(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [index('rate_counters_window_idx').on(t.windowStartedAt)],
);

/**
 * Failed tries at a secret per key (an account and an address, a session): guards/attempt-throttle.ts. In the
 * database, so guesses spread over several instances are all counted.
 */
export const attemptCounters = pgTable(
  'attempt_counters',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastTriedAt: timestamp('last_tried_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('attempt_counters_last_tried_idx').on(t.lastTriedAt)],
);
