import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from '../db/columns';

/**
 * One-off timed jobs of the scheduler (`platform/scheduler.ts`). A row is unique on (name, key), so
 * scheduling the same job twice is harmless; it is claimed, run and marked done in one transaction, so its
 * effect happens once. A failed run leaves the row pending with its attempts, last error and the time of the
 * next attempt (backed off).
 */
export const platformJobs = pgTable(
  'platform_jobs',
  {
    name: text('name').notNull(),
    key: text('key').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** When the job may next run: `due_at` at first, later after a failure. */
    runAfter: timestamp('run_after', { withTimezone: true, mode: 'date' }).notNull(),
    /** The job's data (ids, not documents); null when the name and key say it all. */
    payload: jsonb('payload').$type<unknown>(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    doneAt: timestamp('done_at', { withTimezone: true, mode: 'date' }),
    /** The leadership epoch (`platform_leadership`) of the leader that ran it last, done or failed. */
    epoch: bigint('epoch', { mode: 'bigint' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.name, t.key] }),
    index('platform_jobs_pending')
      .on(t.runAfter)
      .where(sql`done_at is null`),
  ],
);

/**
 * Server-wide secrets (`platform/crypto/secrets.ts`), each sealed under the keyring: the blind index's key,
 * later other keys the server holds. Never served, never logged.
 */
export const platformSecrets = pgTable('platform_secrets', {
  name: text('name').primaryKey(),
  sealed: bytea('sealed').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Personal data from before sealing, moved here by migration 0024 out of the columns it dropped
 * (`kyc.fields`, `kyc.signature`, `loan.signature`, keyed by the record's id) and sealed into the new
 * columns by the start-up upgrade, which deletes each row as it goes: empty after the first start.
 */
export const legacyPlainValues = pgTable(
  'legacy_plain_values',
  {
    kind: text('kind').notNull(),
    ref: text('ref').notNull(),
    value: jsonb('value').$type<unknown>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.ref] })],
);

/**
 * The background leadership's terms (`platform/leadership.ts`), one row per advisory lock key: whoever takes
 * the lock raises `epoch` before any leader work, so every term has a greater number than the ones before.
 * Leader writes check it in their own transaction (a fencing token): a deposed leader's writes are refused.
 */
export const platformLeadership = pgTable('platform_leadership', {
  lockKey: bigint('lock_key', { mode: 'bigint' }).primaryKey(),
  epoch: bigint('epoch', { mode: 'bigint' }).notNull(),
  /** Who opened the current term: the lock connection's name (`swx-leader <INSTANCE_NAME>`) or instance id. */
  holder: text('holder').notNull(),
  since: timestamp('since', { withTimezone: true, mode: 'date' }).notNull(),
});
