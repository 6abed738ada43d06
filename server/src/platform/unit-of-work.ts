import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, Tx } from '../db/client';

/** Where a failed after-commit step is reported: the commit already happened, so it is logged, not thrown. */
export interface UnitLog {
  error(details: object, message: string): void;
}

/**
 * One transaction and what must happen around its commit. Code that writes inside the transaction also says,
 * in the same place, what to do once it is durable ("store the notification, push it after commit"), so the
 * push can never announce something that rolled back.
 */
export interface Unit {
  readonly tx: Tx;
  /** Runs after every piece of work, still inside the transaction: its errors roll the whole unit back. */
  beforeCommit(step: (tx: Tx) => Promise<void>): void;
  /** Runs after a successful commit, in registration order; never on rollback. Errors are logged only. */
  afterCommit(step: () => void | Promise<void>): void;
}

/**
 * Something that joins every unit started in its asynchronous context without being named by the work, such
 * as the repeat guard's claims of the HTTP request being served: `enlist` is asked at the start of a unit and
 * may return a step that runs inside the transaction, after the work and its own before-commit steps, with
 * the work's result.
 */
export type Enlistment = (unit: Unit) => ((result: unknown) => Promise<void>) | undefined;

/** What a request context carries for the units started while serving it. */
export interface AmbientScope {
  enlistments: Enlistment[];
}

const ambient = new AsyncLocalStorage<AmbientScope>();
const activeUnit = new AsyncLocalStorage<UnitState>();
const fencing = new AsyncLocalStorage<(tx: Tx) => Promise<void>>();

/**
 * Runs `next` so that every unit of work it starts (with or without the ambient scope) runs `fence` last,
 * just before its commit: the background leader's term check (`platform/leadership.ts`), so the writes of
 * leader-only work roll back once another instance took over.
 */
export function runFenced<T>(fence: (tx: Tx) => Promise<void>, next: () => T): T {
  return fencing.run(fence, next);
}

/**
 * Runs `next` with a fresh ambient scope (one per HTTP request, from an `onRequest` hook): whatever is
 * enlisted in it later joins the units the request starts, and nothing else.
 */
export function runInAmbientScope<T>(next: () => T): T {
  return ambient.run({ enlistments: [] }, next);
}

/** The ambient scope of the current request, if any. */
export function currentAmbientScope(): AmbientScope | undefined {
  return ambient.getStore();
}

class UnitState implements Unit {
  readonly before: ((tx: Tx) => Promise<void>)[] = [];
  readonly after: (() => void | Promise<void>)[] = [];
  closed = false;

  constructor(readonly tx: Tx) {}

  beforeCommit(step: (tx: Tx) => Promise<void>): void {
    if (this.closed) throw new Error('unit of work: beforeCommit after the unit finished');
    this.before.push(step);
  }

  afterCommit(step: () => void | Promise<void>): void {
    if (this.closed) throw new Error('unit of work: afterCommit after the unit finished');
    this.after.push(step);
  }
}

export interface RunOptions {
  /**
   * false for a transaction that serves several requests at once (a batcher): the caller's ambient context
   * belongs to one of them only, so each request's participant is added explicitly instead
   * (`claims.settleIn(unit, result)`).
   */
  ambient?: boolean;
}

/** Starts units of work on one database. */
export class UnitOfWork {
  constructor(
    readonly db: Db,
    private readonly log: UnitLog,
  ) {}

  /**
   * Runs `work` in a transaction. Called inside another unit's work it joins that unit (same transaction,
   * hooks run at the outer commit), so a service written as a unit can be called from a larger one.
   */
  async run<T>(work: (unit: Unit) => Promise<T>, options: RunOptions = {}): Promise<T> {
    const outer = activeUnit.getStore();
    if (outer && !outer.closed) return work(outer);
    let state: UnitState | undefined;
    const result = await this.db
      .transaction(async (tx) => {
        state = new UnitState(tx);
        const unit = state;
        const enlisted =
          options.ambient === false
            ? []
            : (ambient.getStore()?.enlistments ?? []).map((enlist) => enlist(unit)).filter(isDefined);
        const value = await activeUnit.run(unit, () => work(unit));
        // A before-commit step may register another (a notification stored by a claim step): run until none left.
        for (let i = 0; i < unit.before.length; i += 1) await unit.before[i]!(tx);
        for (const settle of enlisted) await settle(value);
        await fencing.getStore()?.(tx);
        unit.closed = true;
        return value;
      })
      .catch((error: unknown) => {
        // Rolled back: its after-commit steps are dropped with it.
        if (state) state.closed = true;
        throw error;
      });
    await this.runAfterCommit(state!);
    return result;
  }

  /** The unit whose work is running in the current asynchronous context, if any. */
  current(): Unit | undefined {
    const unit = activeUnit.getStore();
    return unit && !unit.closed ? unit : undefined;
  }

  private async runAfterCommit(state: UnitState): Promise<void> {
    state.closed = true;
    for (const [index, step] of state.after.entries()) {
      try {
        await step();
      } catch (error) {
        this.log.error({ err: error, step: index }, 'after-commit step failed');
      }
    }
  }
}

function isDefined<T>(value: T | undefined): value is T {
  return value !== undefined;
}
