import type { FeedTick } from '../../markets/feed/types';
import type { Lifecycle } from '../../platform/lifecycle';
import type { TradingContext } from '../context';
import { Announcer } from './announcer';
import type { EngineHandle, Expiry, Level, RecordKind, Settler, TriggerPayload } from './settler';
import { Heap, TriggerIndex, type Trigger } from './trigger-index';

/** How long after an option's expiry the engine waits for the feed's tick at expiry before settling anyway. */
export const OPTION_SETTLE_GRACE_MS = 1_000;

/** Work the engine does after a tick, one item at a time, in the order the ticks came. */
type Job =
  | { trigger: TriggerPayload; tick: FeedTick }
  | { expiry: Expiry }
  | { sync: { kind: RecordKind; id: string } };

/**
 * The engine that settles by rule: an in-memory index of price triggers and expiries, rebuilt from the
 * database at start-up (`init`) and then kept in step with every committed change, a queue that runs what the
 * ticks reach one job at a time, and cross-instance sync. It knows the products only as `Settler`s.
 *
 * The database is the truth: every settlement is one transaction with a conditional status update, so a
 * record reached by two paths at once (the customer and a stop loss, two instances) settles once.
 */
export class TradingEngine implements EngineHandle {
  readonly index = new TriggerIndex<TriggerPayload>();
  /** Live triggers per record (`margin:12`, `spot:7`), so a close or a modification cancels them. */
  private readonly byRecord = new Map<string, Trigger<TriggerPayload>[]>();
  private readonly expiries = new Map<string, Heap<Expiry>>();
  /** Expiries that found their market stale, per code: re-run at its next tick or at their deadline. */
  private readonly awaitingFresh = new Map<string, { expiry: Expiry; deadline: number }[]>();
  private readonly byKind = new Map<string, Settler>();
  private readonly byRecordKind = new Map<RecordKind, Settler>();
  private readonly announcer: Announcer;
  private queue: Promise<void> = Promise.resolve();
  private pending = 0;
  private unsubscribe: (() => void) | undefined;

  constructor(private readonly ctx: TradingContext) {
    this.announcer = new Announcer(ctx.bus, (kind): kind is RecordKind =>
      this.byRecordKind.has(kind as RecordKind),
    );
  }

  /** Plugs the products in; call before `init`. */
  register(settlers: readonly Settler[]): void {
    for (const settler of settlers) {
      this.byRecordKind.set(settler.record, settler);
      for (const kind of settler.kinds) this.byKind.set(kind, settler);
    }
  }

  /** Rebuilds the index from the database and starts following the feed and the other instances. */
  async init(): Promise<void> {
    for (const settler of this.byRecordKind.values()) await settler.rebuild();
    this.unsubscribe = this.ctx.markets.onTicks((ticks) => this.onTicks(ticks));
    await this.announcer.listen((kind, id) => this.enqueue({ sync: { kind, id } }));
  }

  readonly lifecycle: Lifecycle = {
    name: 'trading-engine',
    start: () => {
      // Options whose expiry passed while no server was running settle now, on whichever instance starts
      // (conditional updates settle each once); from then on the scheduler's leader sweeps (`jobs.ts`).
      this.settleDue(this.ctx.now());
    },
    stop: async () => {
      this.unsubscribe?.();
      this.unsubscribe = undefined;
      await this.announcer.close();
      await this.idle();
    },
  };

  /** Resolves when every queued engine job has run (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.pending > 0) await this.queue;
  }

  /** Called with every applied tick batch: finds what the ticks reach, in O(log n + triggered) per tick. */
  onTicks(ticks: FeedTick[]): void {
    for (const tick of ticks) {
      this.recheck(tick);
      // A tick after an expiry means the tick at expiry is known: settle now rather than after the grace.
      const heap = this.expiries.get(tick.code);
      while (heap && heap.size > 0 && heap.peek()!.expiry < tick.time) this.enqueue({ expiry: heap.pop()! });
      // The first tick after a stale expiry: the options waiting for it settle now (at the first fresh tick).
      const waiting = this.awaitingFresh.get(tick.code);
      if (waiting) {
        this.awaitingFresh.delete(tick.code);
        for (const { expiry } of waiting) this.enqueue({ expiry });
      }
    }
  }

  /** Settles expiries at least the grace period in the past, and stale ones whose deadline passed. */
  settleDue(now: number): void {
    for (const heap of this.expiries.values()) {
      while (heap.size > 0 && heap.peek()!.expiry + OPTION_SETTLE_GRACE_MS <= now)
        this.enqueue({ expiry: heap.pop()! });
    }
    for (const [code, waiting] of this.awaitingFresh) {
      const due = waiting.filter((w) => w.deadline <= now);
      if (due.length === 0) continue;
      const rest = waiting.filter((w) => w.deadline > now);
      if (rest.length > 0) this.awaitingFresh.set(code, rest);
      else this.awaitingFresh.delete(code);
      for (const { expiry } of due) this.enqueue({ expiry });
    }
  }

  // ---- what products ask of the engine (EngineHandle) ------------------------------------------------------

  watch(record: RecordKind, id: string, code: string, levels: Level[]): void {
    const key = `${record}:${id}`;
    this.unwatch(record, id);
    const live: Trigger<TriggerPayload>[] = [];
    for (const { kind, side, level } of levels)
      if (level !== null) live.push(this.index.add(code, side, level, { kind, id }));
    if (live.length > 0) this.byRecord.set(key, live);
  }

  unwatch(record: RecordKind, id: string): void {
    const key = `${record}:${id}`;
    const list = this.byRecord.get(key);
    if (!list) return;
    for (const trigger of list) this.index.cancel(trigger);
    this.byRecord.delete(key);
  }

  expireAt(expiry: Expiry): void {
    let heap = this.expiries.get(expiry.code);
    if (!heap) {
      heap = new Heap((a, b) => a.expiry < b.expiry);
      this.expiries.set(expiry.code, heap);
    }
    heap.push(expiry);
  }

  awaitFreshTick(expiry: Expiry, deadline: number): void {
    const list = this.awaitingFresh.get(expiry.code) ?? [];
    if (!list.some((w) => w.expiry.id === expiry.id && w.expiry.record === expiry.record))
      list.push({ expiry, deadline });
    this.awaitingFresh.set(expiry.code, list);
  }

  announce(record: RecordKind, id: bigint | string): void {
    this.announcer.announce(record, id);
  }

  /**
   * Stale-price guard: a tick already older than its market's stale window when it reaches the engine (a late
   * delivery) fires nothing. Its triggers stay in the index, so the next fresh tick settles them at its own
   * price: nothing is lost, nothing settles on an old price.
   */
  recheck(tick: FeedTick): void {
    if (this.ctx.markets.isStaleTick(tick, this.ctx.now())) return;
    for (const trigger of this.index.crossed(tick.code, tick.price)) {
      this.forget(trigger);
      this.enqueue({ trigger: trigger.payload, tick });
    }
  }

  // ---- the job queue ----------------------------------------------------------------------------------------

  private enqueue(job: Job): void {
    this.pending++;
    this.queue = this.queue
      .then(() => this.run(job))
      .catch((error: unknown) => {
        this.ctx.log.error({ err: error, job }, 'trading engine job failed; it will be retried');
        this.retry(job);
      })
      .finally(() => {
        this.pending--;
      });
  }

  private run(job: Job): Promise<void> {
    if ('expiry' in job) return this.settlerOf(job.expiry.record).onExpiry!(job.expiry);
    if ('sync' in job) return this.settlerOf(job.sync.kind).reload(job.sync.id);
    return this.byKind.get(job.trigger.kind)!.onTrigger(job.trigger, job.tick);
  }

  /** A failed job (database unavailable) goes back into the index, so the next tick or timer tries again. */
  private retry(job: Job): void {
    if ('sync' in job) return;
    if ('expiry' in job) {
      this.expireAt(job.expiry);
      return;
    }
    const { kind, id } = job.trigger;
    this.byKind
      .get(kind)!
      .reload(id)
      .catch((error: unknown) => {
        this.ctx.log.error({ err: error, kind, id }, 'trading engine could not re-read a record to retry');
      });
  }

  private settlerOf(record: RecordKind): Settler {
    return this.byRecordKind.get(record)!;
  }

  private forget(trigger: Trigger<TriggerPayload>): void {
    const key = `${this.byKind.get(trigger.payload.kind)!.record}:${trigger.payload.id}`;
    const list = this.byRecord.get(key);
    if (!list) return;
    const rest = list.filter((t) => t !== trigger);
    if (rest.length === 0) this.byRecord.delete(key);
    else this.byRecord.set(key, rest);
  }
}
