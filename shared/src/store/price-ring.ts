/**
 * The latest prices of one market in a fixed ring: adding a price overwrites the oldest one once the ring
 * is full, so a tick costs one slot write instead of a copy of the whole history (2,000 ticks/s on the home
 * list made that copy, and its garbage, a measurable share of the main thread).
 */
export class PriceRing {
  private readonly slots: string[];
  /** Index of the oldest price. */
  private start = 0;
  private count = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new RangeError(`capacity must be ≥ 1, got ${capacity}`);
    this.slots = new Array<string>(capacity);
  }

  get size(): number {
    return this.count;
  }

  push(price: string): void {
    if (this.count < this.capacity) {
      this.slots[(this.start + this.count) % this.capacity] = price;
      this.count += 1;
    } else {
      this.slots[this.start] = price;
      this.start = (this.start + 1) % this.capacity;
    }
  }

  /** The prices, oldest first (a new array). */
  toArray(): string[] {
    const prices = new Array<string>(this.count);
    for (let i = 0; i < this.count; i += 1)
      prices[i] = this.slots[(this.start + i) % this.capacity] as string;
    return prices;
  }
}
