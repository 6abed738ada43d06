import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/client';
import type { Lifecycle } from './lifecycle';
import { systemClock, type Clock, type TimerHandle } from './clock';
import { FencedOut, type Leadership } from './leadership';
import { platformJobs } from './tables';
import { runFenced } from './unit-of-work';

/** A one-off timed job as its handler sees it. */
export interface TimedJob<P> {
  name: string;
  key: string;
  dueAt: Date;
  payload: P;
  /** Failed runs before this one. */
  attempts: number;
}

/** Runs inside the job's own transaction; its writes commit together with the job being marked done. */
export type TimedJobHandler<P> = (tx: Tx, job: TimedJob<P>) => Promise<void>;

/** A periodic pass: handles everything due at `now` (the scheduler clock's time). */
export type PeriodicWork = (now: number) => Promise<unknown> | unknown;

/** Work that follows the leadership (the market feed runs where the jobs run). */
export interface LeadershipListener {
  gained(): Promise<void> | void;
  lost(): Promise<void> | void;
}

/** A named timed-job kind with its handler; `at` schedules one (typed payload). */
export interface TimedJobKind<P> {
  readonly name: string;
  at(key: string, dueAt: Date | number, payload: P, executor?: Db | Tx): Promise<boolean>;
}

export interface SchedulerOptions {
  db: Db;
  leadership: Leadership;
  log: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;
  clock?: Clock;
  /** Timed jobs are looked for at least this often (ms). */
  pollMs?: number;
  /** A follower tries to become the leader this often (ms). */
  electMs?: number;
  /** Back-off after a failed timed job: `firstMs`, doubling per attempt, at most `maxMs`. */
  retry?: { firstMs: number; maxMs: number };
  /** Bounds one pass, so a handler that keeps scheduling due jobs cannot hold the loop forever. */
  maxJobsPerPass?: number;
}

export interface PassReport {
  leader: boolean;
  /** Names of the periodic passes started. */
  periodic: string[];
  /** Timed jobs done and failed in this pass. */
  done: number;
  failed: number;
}

interface Periodic {
  name: string;
  intervalMs: number;
  work: PeriodicWork;
  runOnStart: boolean;
  nextAt: number;
  running: Promise<void> | undefined;
}

type JobRow = typeof platformJobs.$inferSelect;

const ERROR_TEXT_LIMIT = 2_000;

/**
 * Named background jobs, run on ONE instance: the holder of the leadership (a PostgreSQL session advisory
 * lock; on PGlite trivially this process). Two kinds:
 *
 * - `every(name, intervalMs, work)`: a periodic pass. `work(now)` must handle *everything due by now*, so a
 *   pass that was missed (downtime, a leader change) is caught up by the next one; a pass never overlaps
 *   itself. Passes start one interval after the leadership is gained (`runOnStart` to start at once).
 * - `handle(name, handler)` + `at(name, key, dueAt, payload, tx?)`: a one-off job stored in `platform_jobs`,
 *   unique on (name, key), so scheduling twice is harmless; insert it inside the caller's transaction and it
 *   exists exactly when the caller's change does. Each pass claims every due, not-done job (`FOR UPDATE SKIP
 *   LOCKED`), runs its handler in that same transaction and marks it done there: the handler's writes and
 *   "done" commit together, so a job run twice (crash before commit, a second claimer) pays once. A failure
 *   rolls the handler back, records attempts and the last error, and backs off; other jobs go on.
 *
 * Fencing: every leader write is checked against the leadership epoch of the term it was started in
 * (`Leadership.fence`), last in its transaction. A timed job's claim, its handler's writes and its "done" (with
 * the epoch stored on the row) commit only if the term is still current; a periodic pass runs with that check
 * on every unit of work it starts (`runFenced`). A leader that was paused while another took over resumes with
 * its writes refused (`FencedOut`), and steps down; `isLeader()` is false as soon as its lease lapses.
 *
 * Everything reads `clock.now()`, never `Date.now()`: tests pass a `FakeClock` and call `runDue()`.
 *
 * How a domain uses it (in its `jobs.ts`, registered from `services.ts`):
 *
 * ```ts
 * // Smart plans: a daily payout per plan and day; the handler schedules the next day in its own transaction,
 * // so after two days of downtime the two missed payouts run, in order, each once.
 * const payout = scheduler.handle<{ planId: string; day: string }>('plans.daily-payout', async (tx, job) => {
 *   await plans.payDay(tx, job.payload.planId, job.payload.day); // ledger postings, in the job's tx
 *   const next = nextDay(job.payload.day);
 *   await payout.at(`${job.payload.planId}:${next}`, payoutTime(next), { ...job.payload, day: next }, tx);
 * });
 * // when the plan is bought, in the purchase transaction:
 * await payout.at(`${planId}:${firstDay}`, payoutTime(firstDay), { planId, day: firstDay }, tx);
 * // Loan interest, NFT auction ends and reminders are the same shape: `at(kind, recordId[:period], when)`.
 * // A frequent in-memory sweep (trading's option expiry heap, every 250 ms):
 * scheduler.every('trading.option-expiry', 250, (now) => engine.settleDue(now));
 * ```
 *
 * Not jobs: per-connection timers (`live/hub.ts` socket flush and heartbeat) belong to each instance and each
 * socket, so they stay plain timers there.
 */
export class Scheduler {
  private readonly db: Db;
  private readonly leadership: Leadership;
  private readonly log: SchedulerOptions['log'];
  private readonly clock: Clock;
  private readonly pollMs: number;
  private readonly electMs: number;
  private readonly retry: { firstMs: number; maxMs: number };
  private readonly maxJobsPerPass: number;
  private readonly periodic = new Map<string, Periodic>();
  private readonly handlers = new Map<string, TimedJobHandler<unknown>>();
  private readonly listeners = new Set<LeadershipListener>();
  private leader = false;
  private lastElectAt = Number.NEGATIVE_INFINITY;
  private started = false;
  private timer: TimerHandle | undefined;
  private passes: Promise<unknown> = Promise.resolve();

  constructor(options: SchedulerOptions) {
    this.db = options.db;
    this.leadership = options.leadership;
    this.log = options.log;
    this.clock = options.clock ?? systemClock;
    this.pollMs = options.pollMs ?? 1_000;
    this.electMs = options.electMs ?? 5_000;
    this.retry = options.retry ?? { firstMs: 5_000, maxMs: 3_600_000 };
    this.maxJobsPerPass = options.maxJobsPerPass ?? 10_000;
  }

  now(): number {
    return this.clock.now();
  }

  /** Registers a periodic pass (see the class comment). Names are unique. */
  every(name: string, intervalMs: number, work: PeriodicWork, options: { runOnStart?: boolean } = {}): void {
    if (this.periodic.has(name)) throw new Error(`periodic job ${name} registered twice`);
    if (!(intervalMs > 0)) throw new Error(`periodic job ${name} needs a positive interval`);
    const runOnStart = options.runOnStart ?? false;
    const nextAt = this.leader ? this.clock.now() + (runOnStart ? 0 : intervalMs) : Number.POSITIVE_INFINITY;
    this.periodic.set(name, { name, intervalMs, work, runOnStart, nextAt, running: undefined });
  }

  /** Registers the handler of a timed-job kind; returns a typed way to schedule it. */
  handle<P>(name: string, handler: TimedJobHandler<P>): TimedJobKind<P> {
    if (this.handlers.has(name)) throw new Error(`timed job ${name} registered twice`);
    this.handlers.set(name, handler as TimedJobHandler<unknown>);
    return { name, at: (key, dueAt, payload, executor) => this.at(name, key, dueAt, payload, executor) };
  }

  /**
   * Schedules a one-off job; pass the caller's transaction to make it part of that change. Returns false
   * when (name, key) was already scheduled (the first one stands, done or not).
   */
  async at<P>(name: string, key: string, dueAt: Date | number, payload: P, executor: Db | Tx = this.db) {
    const due = new Date(dueAt);
    const inserted = await executor
      .insert(platformJobs)
      .values({ name, key, dueAt: due, runAfter: due, payload: (payload ?? null) as unknown })
      .onConflictDoNothing()
      .returning({ key: platformJobs.key });
    return inserted.length > 0;
  }

  /** Follows the leadership; a listener added while leading is told at once. Returns a remover. */
  async onLeadership(listener: LeadershipListener): Promise<() => void> {
    this.listeners.add(listener);
    if (this.leader) await this.tell(listener, 'gained');
    return () => this.listeners.delete(listener);
  }

  /** Whether this instance leads now: elected, and its lock confirmed within the lease. */
  isLeader(): boolean {
    return this.leader && this.leadership.isHeld();
  }

  /** The epoch of this instance's current leadership term (its fencing token); undefined when not leading. */
  epoch(): bigint | undefined {
    return this.leader ? this.leadership.epoch() : undefined;
  }

  /**
   * Leader-only writes outside the scheduler (the feed's storage): last in their transaction, throws
   * `FencedOut` unless the term `epoch` (default: the current one) is still the leadership's.
   */
  fence(tx: Tx, epoch = this.epoch()): Promise<void> {
    return this.leadership.fence(tx, epoch);
  }

  /**
   * One pass now, as the timer would run it (tests, tools): elects if needed, then, on the leader, starts the
   * due periodic passes and runs every due timed job; resolves when all of them have finished.
   */
  async runDue(): Promise<PassReport> {
    const { report, periodic } = await this.enqueuePass();
    await Promise.all(periodic);
    return report;
  }

  readonly lifecycle: Lifecycle = {
    name: 'scheduler',
    start: async () => {
      this.started = true;
      await this.enqueuePass();
      this.arm();
    },
    stop: async () => {
      this.started = false;
      if (this.timer) this.clock.clearTimer(this.timer);
      this.timer = undefined;
      await this.passes;
      await Promise.all([...this.periodic.values()].map((p) => p.running));
      await this.stepDown();
    },
  };

  private enqueuePass(): Promise<{ report: PassReport; periodic: Promise<void>[] }> {
    const pass = this.passes.then(() => this.pass());
    this.passes = pass.catch(() => undefined);
    return pass;
  }

  private async pass(): Promise<{ report: PassReport; periodic: Promise<void>[] }> {
    const now = this.clock.now();
    const report: PassReport = { leader: false, periodic: [], done: 0, failed: 0 };
    if (!(await this.elect(now))) return { report, periodic: [] };
    report.leader = true;
    const periodic = this.startPeriodic(now, report);
    try {
      await this.runTimed(now, report);
    } catch (error) {
      this.log.error({ err: error }, 'scheduler: looking for due jobs failed; will retry');
    }
    return { report, periodic };
  }

  /** Keeps or gains the leadership; steps down (and tells the listeners) when the lock was lost. */
  private async elect(now: number): Promise<boolean> {
    if (this.leader) {
      if (this.leadership.isHeld()) return true;
      this.log.warn('scheduler: lost the leadership; background work stops here');
      await this.stepDown();
    }
    if (now - this.lastElectAt < this.electMs) return false;
    this.lastElectAt = now;
    const acquired = await this.leadership.tryAcquire().catch((error: unknown) => {
      this.log.warn({ err: error }, 'scheduler: could not try for the leadership');
      return false;
    });
    if (!acquired) return false;
    this.leader = true;
    for (const job of this.periodic.values()) job.nextAt = now + (job.runOnStart ? 0 : job.intervalMs);
    for (const listener of this.listeners) await this.tell(listener, 'gained');
    return true;
  }

  private async stepDown(): Promise<void> {
    const wasLeader = this.leader;
    this.leader = false;
    for (const job of this.periodic.values()) job.nextAt = Number.POSITIVE_INFINITY;
    if (wasLeader) for (const listener of this.listeners) await this.tell(listener, 'lost');
    await this.leadership.release();
  }

  private async tell(listener: LeadershipListener, what: 'gained' | 'lost'): Promise<void> {
    try {
      await listener[what]();
    } catch (error) {
      this.log.error({ err: error }, `scheduler: a leadership listener failed (${what})`);
    }
  }

  private startPeriodic(now: number, report: PassReport): Promise<void>[] {
    const started: Promise<void>[] = [];
    const epoch = this.leadership.epoch();
    if (epoch === undefined) return started;
    const fence = (tx: Tx) => this.leadership.fence(tx, epoch);
    for (const job of this.periodic.values()) {
      if (job.running || job.nextAt > now) continue;
      job.nextAt = now + job.intervalMs;
      report.periodic.push(job.name);
      const run = Promise.resolve()
        .then(() => runFenced(fence, () => job.work(now)))
        .then(
          () => undefined,
          (error: unknown) =>
            error instanceof FencedOut
              ? this.log.warn(
                  { job: job.name, epoch },
                  'scheduler: periodic job refused, the leadership moved',
                )
              : this.log.error({ err: error, job: job.name }, 'scheduler: periodic job failed'),
        )
        .finally(() => (job.running = undefined));
      job.running = run;
      started.push(run);
    }
    return started;
  }

  private async runTimed(now: number, report: PassReport): Promise<void> {
    const names = [...this.handlers.keys()];
    const epoch = this.leadership.epoch();
    if (names.length === 0 || epoch === undefined) return;
    while (report.done + report.failed < this.maxJobsPerPass && this.isLeader()) {
      const outcome = await this.runOne(names, now, epoch);
      if (outcome === 'none') return;
      report[outcome] += 1;
    }
  }

  /**
   * Claims one due job, runs it and marks it done (with the term's epoch), all in one transaction that commits
   * only while the term `epoch` is the leadership's current one.
   */
  private async runOne(names: string[], now: number, epoch: bigint): Promise<'none' | 'done' | 'failed'> {
    let claimed = undefined as JobRow | undefined;
    try {
      await this.db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(platformJobs)
          .where(
            and(
              isNull(platformJobs.doneAt),
              lte(platformJobs.runAfter, new Date(now)),
              inArray(platformJobs.name, names),
            ),
          )
          .orderBy(asc(platformJobs.runAfter), asc(platformJobs.name), asc(platformJobs.key))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!row) return;
        claimed = row;
        const handler = this.handlers.get(row.name)!;
        const job = {
          name: row.name,
          key: row.key,
          dueAt: row.dueAt,
          payload: row.payload,
          attempts: row.attempts,
        };
        await handler(tx, job);
        await tx
          .update(platformJobs)
          .set({ doneAt: new Date(now), attempts: row.attempts + 1, lastError: null, epoch })
          .where(and(eq(platformJobs.name, row.name), eq(platformJobs.key, row.key)));
        await this.leadership.fence(tx, epoch);
      });
    } catch (error) {
      if (error instanceof FencedOut) {
        // Another leader took over: the job is untouched, and runs there.
        this.log.warn(
          { job: claimed?.name, key: claimed?.key, epoch },
          'scheduler: job refused, the leadership moved',
        );
        return 'none';
      }
      // Without a claimed row the database itself failed: end this pass, the next one retries.
      if (!claimed) throw error;
      await this.recordFailure(claimed, error, now, epoch);
      return 'failed';
    }
    return claimed ? 'done' : 'none';
  }

  private async recordFailure(row: JobRow, error: unknown, now: number, epoch: bigint): Promise<void> {
    const attempts = row.attempts + 1;
    const delay = Math.min(this.retry.firstMs * 2 ** (attempts - 1), this.retry.maxMs);
    const message = (error instanceof Error ? error.message : String(error)).slice(0, ERROR_TEXT_LIMIT);
    this.log.warn({ err: error, job: row.name, key: row.key, attempts }, 'scheduler: timed job failed');
    await this.db
      .transaction(async (tx) => {
        await tx
          .update(platformJobs)
          .set({ attempts, lastError: message, runAfter: new Date(now + delay), epoch })
          .where(
            and(eq(platformJobs.name, row.name), eq(platformJobs.key, row.key), isNull(platformJobs.doneAt)),
          );
        await this.leadership.fence(tx, epoch);
      })
      .catch((refused: unknown) => {
        if (!(refused instanceof FencedOut)) throw refused;
      });
  }

  /** Sleeps until the next periodic pass falls due, or `pollMs` at most. */
  private arm(): void {
    if (!this.started) return;
    const now = this.clock.now();
    let wait = this.pollMs;
    for (const job of this.periodic.values()) if (!job.running) wait = Math.min(wait, job.nextAt - now);
    this.timer = this.clock.setTimer(
      () => {
        this.timer = undefined;
        void this.enqueuePass().finally(() => this.arm());
      },
      Math.max(0, wait),
    );
  }
}
