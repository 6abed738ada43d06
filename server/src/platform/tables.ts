import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

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
