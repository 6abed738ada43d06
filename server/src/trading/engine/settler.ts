import type { FeedTick } from '../../markets/feed/types';
import type { TriggerSide } from './trigger-index';

/** The kinds of record the engine follows, as announced between instances (`margin:12`, `spot:7`, ...). */
export type RecordKind = 'margin' | 'spot' | 'option';

/** What one trigger in the index stands for: a product's trigger kind and its record's id. */
export interface TriggerPayload {
  kind: string;
  id: string;
}

/** A price level at which a record wants to be told (`onTrigger`) once the feed reaches it. */
export interface Level {
  kind: string;
  side: TriggerSide;
  /** Decimal text; null when the record has no such level (no stop loss, say). */
  level: string | null;
}

/** A record that settles at a time rather than a price (an option's expiry). */
export interface Expiry {
  record: RecordKind;
  id: string;
  code: string;
  expiry: number;
}

/**
 * What a product may ask of the engine. Every call reflects a committed change (or a start-up read), so the
 * index always follows the database.
 */
export interface EngineHandle {
  /** The record's live triggers are exactly these from now on (earlier ones of the record are cancelled). */
  watch(record: RecordKind, id: string, code: string, levels: Level[]): void;
  /** The record has no live triggers any more. */
  unwatch(record: RecordKind, id: string): void;
  /** Calls the product's `onExpiry` once the expiry passed and its tick is known (or the grace ran out). */
  expireAt(expiry: Expiry): void;
  /**
   * The expiry found its market stale: calls `onExpiry` again at the market's next tick, or at `deadline`
   * if none comes first (then the product voids it).
   */
  awaitFreshTick(expiry: Expiry, deadline: number): void;
  /** Tells the other instances the record changed, so they re-read it (`reload`). */
  announce(record: RecordKind, id: bigint | string): void;
  /** Runs the index against this tick again (a gap opened a position beyond its own exit). */
  recheck(tick: FeedTick): void;
}

/**
 * One product as the engine sees it. The engine knows nothing else of spot, margin or options: it calls these
 * from its job queue, one job at a time, in the order the ticks came.
 */
export interface Settler {
  /** The record kind this product announces and reloads. */
  readonly record: RecordKind;
  /** The trigger kinds it puts in the index (`onTrigger` receives only these). */
  readonly kinds: readonly string[];
  /** Start-up: indexes every live record from the database (`watch`, `expireAt`). */
  rebuild(): Promise<void>;
  /** A trigger of this product reached by a tick. Must be safe to run twice (conditional status updates). */
  onTrigger(payload: TriggerPayload, tick: FeedTick): Promise<void>;
  /** Re-reads one record and indexes it again, or drops it (another instance changed it, or a job failed). */
  reload(id: string): Promise<void>;
  /** An expiry set with `expireAt` came due. */
  onExpiry?(expiry: Expiry): Promise<void>;
}
