import { defineChannel, type Bus, type BusChannel } from '../../platform/bus';
import { recordId } from '../../platform/owned';
import type { RecordKind } from './settler';

/** PostgreSQL channel on which instances announce changed trading records. */
export const TRADING_CHANNEL = 'swx_trading';

/** One changed record: its kind and id (never the record itself: the other instances re-read it). */
export type TradingChange = [kind: string, id: string];

/** `[kind, id]` with a well-formed id; whether the kind is followed is the receiver's business. */
export const tradingChannel = defineChannel<TradingChange>({
  name: TRADING_CHANNEL,
  // This instance already applied its own changes before announcing them.
  skipOwn: true,
  parse(item) {
    if (!Array.isArray(item) || item.length !== 2) return undefined;
    const [kind, id] = item as unknown[];
    if (typeof kind !== 'string' || typeof id !== 'string' || recordId(id) === undefined) return undefined;
    return [kind, id];
  },
});

/**
 * Cross-instance sync: tells the other instances which records this one changed, and hands their
 * announcements to `onChange`. Several instances may then act on the same trigger; the conditional status
 * updates let exactly one of them settle it. The bus batches what one event-loop turn announces.
 */
export class Announcer {
  private readonly channel: BusChannel<TradingChange> | undefined;
  private unlisten: (() => Promise<void>) | undefined;

  constructor(
    bus: Bus | undefined,
    /** Whether a record kind is one this instance follows (announcements of others are ignored). */
    private readonly follows: (kind: string) => kind is RecordKind,
  ) {
    this.channel = bus?.channel(tradingChannel);
  }

  async listen(onChange: (kind: RecordKind, id: string) => void): Promise<void> {
    this.unlisten = await this.channel?.subscribe((changes) => {
      for (const [kind, id] of changes) if (this.follows(kind)) onChange(kind, id);
    });
  }

  async close(): Promise<void> {
    await this.unlisten?.();
    this.unlisten = undefined;
  }

  announce(kind: RecordKind, id: bigint | string): void {
    // The bus logs a failed send; the returned promise never rejects.
    void this.channel?.publish([kind, String(id)]);
  }
}
