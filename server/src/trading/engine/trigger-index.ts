import Decimal from 'decimal.js';

/**
 * A binary heap ordered by `before(a, b)` (true when `a` must come out first). Hand-written: it is thirty
 * lines, and the hot path (peek, compare) must not allocate.
 */
export class Heap<T> {
  private readonly items: T[] = [];

  constructor(private readonly before: (a: T, b: T) => boolean) {}

  get size(): number {
    return this.items.length;
  }

  peek(): T | undefined {
    return this.items[0];
  }

  push(item: T): void {
    const items = this.items;
    items.push(item);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.before(items[i]!, items[parent]!)) break;
      [items[i], items[parent]] = [items[parent]!, items[i]!];
      i = parent;
    }
  }

  pop(): T | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length > 0 && last !== undefined) {
      items[0] = last;
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        const right = left + 1;
        let best = i;
        if (left < items.length && this.before(items[left]!, items[best]!)) best = left;
        if (right < items.length && this.before(items[right]!, items[best]!)) best = right;
        if (best === i) break;
        [items[i], items[best]] = [items[best]!, items[i]!];
        i = best;
      }
    }
    return top;
  }

  /** Keeps only the items `keep` accepts and rebuilds the heap (used to drop cancelled triggers). */
  retain(keep: (item: T) => boolean): void {
    const kept = this.items.filter(keep);
    this.items.length = 0;
    for (const item of kept) this.push(item);
  }
}

/** `below`: fires when a tick's price is at or below the level; `above`: at or above it. */
export type TriggerSide = 'below' | 'above';

export interface Trigger<P> {
  code: string;
  side: TriggerSide;
  /** The exact level, a decimal string. */
  level: string;
  /** The level as a double, for the heap's order; rounding is monotonic, so it never misorders distinct levels. */
  key: number;
  payload: P;
  /** Set when the trigger no longer applies (position closed, stop loss moved); the heap drops it lazily. */
  cancelled: boolean;
}

interface MarketTriggers<P> {
  below: Heap<Trigger<P>>;
  above: Heap<Trigger<P>>;
  cancelled: number;
}

/**
 * Price triggers per market and side (stop loss, take profit, liquidation, margin call, limit entries, spot
 * limit orders). A tick costs one peek per side when nothing fires, O(log n) per trigger that fires: the
 * `below` side is a max-heap (the highest level is the first a falling price reaches), `above` a min-heap.
 */
export class TriggerIndex<P> {
  private readonly markets = new Map<string, MarketTriggers<P>>();
  private live = 0;

  get size(): number {
    return this.live;
  }

  add(code: string, side: TriggerSide, level: string, payload: P): Trigger<P> {
    const trigger: Trigger<P> = { code, side, level, key: Number(level), payload, cancelled: false };
    this.market(code)[side].push(trigger);
    this.live++;
    return trigger;
  }

  cancel(trigger: Trigger<P>): void {
    if (trigger.cancelled) return;
    trigger.cancelled = true;
    this.live--;
    const market = this.market(trigger.code);
    // Lazy deletion; compacted once cancelled entries outnumber live ones, so heaps stay O(live).
    if (++market.cancelled > 1024 && market.cancelled > (market.below.size + market.above.size) / 2) {
      market.below.retain((t) => !t.cancelled);
      market.above.retain((t) => !t.cancelled);
      market.cancelled = 0;
    }
  }

  /** Removes and returns every live trigger of the market that this price reaches. */
  crossed(code: string, price: string): Trigger<P>[] {
    const market = this.markets.get(code);
    if (!market) return [];
    const at = Number(price);
    const fired: Trigger<P>[] = [];
    this.drain(market, market.below, (t) => t.key >= at, price, fired);
    this.drain(market, market.above, (t) => t.key <= at, price, fired);
    return fired;
  }

  private drain(
    market: MarketTriggers<P>,
    heap: Heap<Trigger<P>>,
    reached: (t: Trigger<P>) => boolean,
    price: string,
    fired: Trigger<P>[],
  ): void {
    let exact: Decimal | undefined;
    const notReached: Trigger<P>[] = [];
    for (let top = heap.peek(); top !== undefined && (top.cancelled || reached(top)); top = heap.peek()) {
      heap.pop();
      if (top.cancelled) {
        market.cancelled--;
        continue;
      }
      // The double comparison can only err on levels equal to the price within double precision: confirm.
      exact ??= new Decimal(price);
      const hit = top.side === 'below' ? exact.lte(top.level) : exact.gte(top.level);
      if (hit) {
        this.live--;
        fired.push(top);
      } else {
        notReached.push(top);
      }
    }
    for (const trigger of notReached) heap.push(trigger);
  }

  private market(code: string): MarketTriggers<P> {
    let market = this.markets.get(code);
    if (!market) {
      market = {
        below: new Heap((a, b) => a.key > b.key),
        above: new Heap((a, b) => a.key < b.key),
        cancelled: 0,
      };
      this.markets.set(code, market);
    }
    return market;
  }
}
