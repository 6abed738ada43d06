/**
 * The time source of background work. The scheduler reads `now()` for every decision (what is due, when to
 * retry) and waits with `setTimer`, so a test swaps in a `FakeClock` and moves two days forward without
 * sleeping.
 */
export interface Clock {
  now(): number;
  /** Calls `fn` once after `ms`; the timer never keeps the process alive. */
  setTimer(fn: () => void, ms: number): TimerHandle;
  clearTimer(handle: TimerHandle): void;
}

export type TimerHandle = { readonly id: number } | NodeJS.Timeout;

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer(fn, ms) {
    const timer = setTimeout(fn, Math.max(0, ms));
    timer.unref();
    return timer;
  },
  clearTimer(handle) {
    clearTimeout(handle as NodeJS.Timeout);
  },
};

interface PendingTimer {
  id: number;
  at: number;
  fn: () => void;
}

/** Lets promise chains started by a timer run on before time moves again. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A clock that only moves when told. `advance` fires the timers that fall due on the way, in time order, and
 * lets the work they start settle between them (a timer set by a fired timer fires too if it is due).
 */
export class FakeClock implements Clock {
  private timers: PendingTimer[] = [];
  private nextId = 1;

  constructor(private current: number = Date.UTC(2026, 0, 1)) {}

  now(): number {
    return this.current;
  }

  setTimer(fn: () => void, ms: number): TimerHandle {
    const timer = { id: this.nextId++, at: this.current + Math.max(0, ms), fn };
    this.timers.push(timer);
    return { id: timer.id };
  }

  clearTimer(handle: TimerHandle): void {
    const id = (handle as { id: number }).id;
    this.timers = this.timers.filter((t) => t.id !== id);
  }

  /** Moves time to `to` without firing anything: the server was off for that long. */
  jump(to: number): void {
    this.current = Math.max(this.current, to);
  }

  /** Moves time forward by `ms`, firing due timers in order. */
  async advance(ms: number): Promise<void> {
    const target = this.current + ms;
    for (;;) {
      await settle();
      const due = this.timers.filter((t) => t.at <= target).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.current = Math.max(this.current, due.at);
      due.fn();
    }
    this.current = target;
    await settle();
  }

  /** Timers waiting to fire (tests check a stopped scheduler leaves none). */
  get pendingTimers(): number {
    return this.timers.length;
  }
}
