import { checkStaleSeconds, paramDefinition } from '../params/definitions';
import type { ParamsService } from '../params/service';

const fallback = paramDefinition('price_stale_seconds')!.defaultValue;

/**
 * The stale-price guard's rule, in one place for every feed: a market's price is stale when its last tick is
 * older than the stale window of its market type (`price_stale_seconds`). A market that never ticked has no
 * price at all (orders need one anyway), so it is not called stale. Orders, customer closes and the trigger
 * engine all ask this; the screens get the same answer through the market list and info.
 */
export class StaleGuard {
  private parsedFrom: string | undefined;
  private windows = new Map<number, number>();

  constructor(private readonly params: Pick<ParamsService, 'get'>) {}

  /** The stale window of a market type, ms. Re-parsed only when staff changed the parameter. */
  windowMs(type: number): number {
    let raw: string;
    try {
      raw = this.params.get('price_stale_seconds');
    } catch {
      // Parameters not loaded (a tool built without them): the seed default still guards.
      raw = fallback;
    }
    if (raw !== this.parsedFrom) this.parse(raw);
    return this.windows.get(type) ?? Math.min(...this.windows.values());
  }

  /** Whether a price last published at `lastTickTime` is stale at `at` for a market of `type`. */
  isStale(type: number, lastTickTime: number | undefined, at: number): boolean {
    if (lastTickTime === undefined) return false;
    return at - lastTickTime > this.windowMs(type);
  }

  private parse(raw: string): void {
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      value = undefined;
    }
    // Staff changes are checked when stored; this only keeps a corrupt row from disabling the guard.
    if (checkStaleSeconds(value) !== undefined) value = JSON.parse(fallback);
    this.windows = new Map(
      Object.entries(value as Record<string, number>).map(([type, seconds]) => [
        Number(type),
        seconds * 1000,
      ]),
    );
    this.parsedFrom = raw;
  }
}
