import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Clock } from './repeat';
import { Throttled, type AttemptThrottleOptions } from './attempt-throttle';
import { attemptCounters, rateCounters } from './tables';

const systemClock: Clock = { now: () => new Date() };

/**
 * Request counters in PostgreSQL, one fixed window per key: every instance behind a load balancer counts
 * against the same limit. One statement per hit (an upsert), so concurrent hits are all counted.
 */
export class RateCounters {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock = systemClock,
  ) {}

  /** Counts one request for `key`; answers the count in the current window and when that window ends. */
  async hit(key: string, windowMs: number): Promise<{ hits: number; resetAt: Date }> {
    const now = this.clock.now();
    const cutoff = new Date(now.getTime() - windowMs);
    const expired = sql`${rateCounters.windowStartedAt} <= ${cutoff.toISOString()}::timestamptz`;
    const [row] = await this.db
      .insert(rateCounters)
      .values({ key, windowStartedAt: now, hits: 1 })
      .onConflictDoUpdate({
        target: rateCounters.key,
        set: {
          hits: sql`case when ${expired} then 1 else ${rateCounters.hits} + 1 end`,
          windowStartedAt: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${rateCounters.windowStartedAt} end`,
        },
      })
      .returning({ hits: rateCounters.hits, windowStartedAt: rateCounters.windowStartedAt });
    return { hits: row!.hits, resetAt: new Date(row!.windowStartedAt.getTime() + windowMs) };
  }

  /** Deletes windows that ended more than `olderThanMs` ago. */
  async purge(olderThanMs: number): Promise<void> {
    await this.db
      .delete(rateCounters)
      .where(lt(rateCounters.windowStartedAt, new Date(this.clock.now().getTime() - olderThanMs)));
  }
}

/**
 * `AttemptThrottle`'s rule (a key may fail `freeFailures` tries in a row, then waits `firstLockMs`, doubling
 * per further failure up to `maxLockMs`; a success clears the key; a try counts as failed the moment it
 * starts) with its counters in PostgreSQL, so guesses spread over several instances are all counted. Each
 * try locks its key's row: parallel guesses are counted one after the other.
 */
export class SharedAttemptThrottle {
  private readonly maxLockMs: number;
  private readonly forgetAfterMs: number;
  private readonly clock: Clock;

  constructor(
    private readonly db: Db,
    private readonly options: Omit<AttemptThrottleOptions, 'maxKeys'> & {
      /** Keeps this throttle's keys apart from other throttles' in the one table (`password`, `factor`). */
      name: string;
    },
  ) {
    this.maxLockMs = options.maxLockMs ?? 15 * 60_000;
    this.forgetAfterMs = options.forgetAfterMs ?? 60 * 60_000;
    this.clock = options.clock ?? systemClock;
  }

  /** Counts a try for `key`, or throws `Throttled` (counting nothing) while the key must wait. */
  async begin(name: string): Promise<void> {
    const key = `${this.options.name}:${name}`;
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      await tx
        .insert(attemptCounters)
        .values({ key, failures: 0, lockedUntil: null, lastTriedAt: now })
        .onConflictDoNothing();
      const [row] = await tx.select().from(attemptCounters).where(eq(attemptCounters.key, key)).for('update');
      const forgotten = !row || now.getTime() - row.lastTriedAt.getTime() > this.forgetAfterMs;
      const lockedUntil = forgotten ? 0 : (row.lockedUntil?.getTime() ?? 0);
      if (lockedUntil > now.getTime())
        throw new Throttled(Math.max(1, Math.ceil((lockedUntil - now.getTime()) / 1000)));
      const failures = (forgotten ? 0 : row.failures) + 1;
      const over = failures - this.options.freeFailures + 1;
      const until =
        over > 0
          ? new Date(
              now.getTime() +
                Math.min(this.maxLockMs, this.options.firstLockMs * 2 ** Math.min(over - 1, 30)),
            )
          : null;
      await tx
        .update(attemptCounters)
        .set({ failures, lockedUntil: until, lastTriedAt: now })
        .where(eq(attemptCounters.key, key));
    });
  }

  /** The try succeeded: the key starts again from nothing. */
  async succeeded(name: string): Promise<void> {
    await this.db.delete(attemptCounters).where(eq(attemptCounters.key, `${this.options.name}:${name}`));
  }
}

/** Deletes attempt counters of every throttle not tried for `forgetAfterMs` and no longer waiting. */
export async function purgeAttemptCounters(
  db: Db,
  forgetAfterMs: number,
  now: Date = new Date(),
): Promise<void> {
  await db
    .delete(attemptCounters)
    .where(
      and(
        lt(attemptCounters.lastTriedAt, new Date(now.getTime() - forgetAfterMs)),
        sql`coalesce(${attemptCounters.lockedUntil}, 'epoch'::timestamptz) < ${now.toISOString()}::timestamptz`,
      ),
    );
}
