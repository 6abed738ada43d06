import type { FastifyReply } from 'fastify';
import type { Clock } from './repeat';
import { AppError } from '../http/errors';

export interface AttemptThrottleOptions {
  /** Tries a key may fail in a row before it has to wait. */
  freeFailures: number;
  /** The first wait; each further failure doubles it, up to `maxLockMs`. */
  firstLockMs: number;
  maxLockMs?: number;
  /** A key not tried for this long starts again from nothing. */
  forgetAfterMs?: number;
  /** Memory bound: past this many keys the least recently tried are forgotten first. */
  maxKeys?: number;
  clock?: Clock;
}

interface Entry {
  failures: number;
  lockedUntil: number;
  lastTriedAt: number;
}

/** What a sign-in step counts tries with: this in-memory throttle, or the shared one in PostgreSQL. */
export interface AttemptGuard {
  begin(key: string): void | Promise<void>;
  succeeded(key: string): void | Promise<void>;
}

/** A refused try; `retryAfterSeconds` goes into the `Retry-After` header. */
export class Throttled extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('429');
  }
}

/**
 * Slows down guessing one secret for one key (an account and an address together, or a session) without
 * blocking anyone else: after `freeFailures` failed tries the key waits `firstLockMs`, doubling with every
 * further failure. A try counts as failed the moment it starts and a success clears the key, so guesses sent
 * in parallel are all counted before any of them is judged. Counters live in this process, like the other
 * rate limits; memory is bounded by `maxKeys`.
 */
export class AttemptThrottle {
  private readonly entries = new Map<string, Entry>();
  private readonly maxLockMs: number;
  private readonly forgetAfterMs: number;
  private readonly maxKeys: number;
  private readonly clock: Clock;

  constructor(private readonly options: AttemptThrottleOptions) {
    this.maxLockMs = options.maxLockMs ?? 15 * 60_000;
    this.forgetAfterMs = options.forgetAfterMs ?? 60 * 60_000;
    this.maxKeys = options.maxKeys ?? 100_000;
    this.clock = options.clock ?? { now: () => new Date() };
  }

  /** Counts a try for `key`, or throws `Throttled` (counting nothing) while the key must wait. */
  begin(key: string): void {
    const now = this.clock.now().getTime();
    let entry = this.entries.get(key);
    if (entry && now - entry.lastTriedAt > this.forgetAfterMs) entry = undefined;
    if (entry && entry.lockedUntil > now) {
      throw new Throttled(Math.max(1, Math.ceil((entry.lockedUntil - now) / 1000)));
    }
    const failures = (entry?.failures ?? 0) + 1;
    // The try now starting is already counted: reaching `freeFailures` makes the next try wait.
    const over = failures - this.options.freeFailures + 1;
    const lockedUntil =
      over > 0 ? now + Math.min(this.maxLockMs, this.options.firstLockMs * 2 ** Math.min(over - 1, 30)) : 0;
    // Re-inserted so the map's order is least recently tried first: eviction takes from the front.
    this.entries.delete(key);
    this.entries.set(key, { failures, lockedUntil, lastTriedAt: now });
    if (this.entries.size > this.maxKeys) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  /** The try succeeded: the key starts again from nothing. */
  succeeded(key: string): void {
    this.entries.delete(key);
  }
}

/** Runs `action`; a throttled try answers 429 with `Retry-After`. */
export async function withRetryAfter<T>(reply: FastifyReply, action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof Throttled) reply.header('retry-after', String(error.retryAfterSeconds));
    throw error;
  }
}
