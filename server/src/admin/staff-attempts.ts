import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { Throttled } from '../guards/attempt-throttle';
import { staffSignInAttempts } from './tables';

export interface StaffAttemptsOptions {
  /** Tries a key may fail in a row before it has to wait. */
  freeFailures: number;
  /** The first wait; each further failure doubles it, up to 15 minutes. */
  firstLockMs: number;
}

const MAX_LOCK_MS = 15 * 60_000;
/** A key not tried for an hour starts again from nothing (and its row is purged). */
const FORGET_AFTER_MS = 60 * 60_000;

/**
 * Failed staff sign-in steps (password, authenticator or recovery code, current password) counted per member
 * in the database, so every instance behind the load balancer counts the same tries: the rule of
 * `AttemptThrottle` (a try counts as failed when it starts, a success clears the key, the wait doubles past
 * the free failures) held in one row per key, updated atomically. Keys name a member, not an address: a
 * guesser spreading tries over many addresses is slowed all the same (the price: someone on the staff network
 * can make a colleague wait, at most 15 minutes at a time; `STAFF_ALLOWED_CIDRS` narrows who can).
 */
export class StaffAttempts {
  constructor(
    private readonly db: Db,
    private readonly options: StaffAttemptsOptions,
    private readonly now: () => number,
  ) {}

  /** Counts a try for `key`, or throws `Throttled` (counting nothing) while the key must wait. */
  async begin(key: string): Promise<void> {
    const now = new Date(this.now());
    const forgotten = new Date(now.getTime() - FORGET_AFTER_MS);
    const free = this.options.freeFailures;
    const first = this.options.firstLockMs;
    // failures after this try; the try now starting is already counted, so reaching `free` makes the next wait.
    const at = sql`${now.toISOString()}::timestamptz`;
    const forgetBefore = sql`${forgotten.toISOString()}::timestamptz`;
    const failures = sql`case when ${staffSignInAttempts.lastTriedAt} < ${forgetBefore} then 1 else ${staffSignInAttempts.failures} + 1 end`;
    const over = sql`(${failures}) - ${free} + 1`;
    const lock = sql`case when ${over} > 0 then ${at} + make_interval(secs => least(${MAX_LOCK_MS}::float8, ${first}::float8 * power(2, least((${over}) - 1, 30))) / 1000.0) else null end`;
    const initialOver = 1 - free + 1;
    const initialLock =
      initialOver > 0
        ? new Date(now.getTime() + Math.min(MAX_LOCK_MS, first * 2 ** (initialOver - 1)))
        : null;
    const [row] = await this.db
      .insert(staffSignInAttempts)
      .values({ key, failures: 1, lockedUntil: initialLock, lastTriedAt: now })
      .onConflictDoUpdate({
        target: staffSignInAttempts.key,
        set: { failures: sql`${failures}`, lockedUntil: sql`${lock}`, lastTriedAt: now },
        setWhere: sql`${staffSignInAttempts.lockedUntil} is null or ${staffSignInAttempts.lockedUntil} <= ${at} or ${staffSignInAttempts.lastTriedAt} < ${forgetBefore}`,
      })
      .returning({ key: staffSignInAttempts.key });
    if (row) return;
    const [locked] = await this.db
      .select({ lockedUntil: staffSignInAttempts.lockedUntil })
      .from(staffSignInAttempts)
      .where(eq(staffSignInAttempts.key, key));
    const until = locked?.lockedUntil?.getTime() ?? now.getTime() + first;
    throw new Throttled(Math.max(1, Math.ceil((until - now.getTime()) / 1000)));
  }

  /** The try succeeded: the key starts again from nothing. */
  async succeeded(key: string): Promise<void> {
    await this.db.delete(staffSignInAttempts).where(eq(staffSignInAttempts.key, key));
  }

  /** Forgets keys not tried for an hour (a scheduler job). */
  async purge(): Promise<number> {
    const gone = await this.db
      .delete(staffSignInAttempts)
      .where(lt(staffSignInAttempts.lastTriedAt, new Date(this.now() - FORGET_AFTER_MS)))
      .returning({ key: staffSignInAttempts.key });
    return gone.length;
  }
}
