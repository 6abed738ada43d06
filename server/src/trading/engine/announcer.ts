import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { TradingDeps } from '../context';
import type { RecordKind } from './settler';

/** PostgreSQL channel on which instances announce changed trading records. */
export const TRADING_CHANNEL = 'swx_trading';

/**
 * Cross-instance sync: tells the other instances which records this one changed, and hands their
 * announcements to `onChange`. Several instances may then act on the same trigger; the conditional status
 * updates let exactly one of them settle it. Announcements made in one event-loop turn leave together, in as
 * few notifications as the payload limit allows.
 */
export class Announcer {
  private readonly instanceId = crypto.randomUUID();
  /** Changes not yet announced to the other instances. */
  private readonly pending: [RecordKind, string][] = [];
  private unlisten: (() => Promise<void>) | undefined;

  constructor(
    private readonly fanOut: TradingDeps['fanOut'],
    private readonly log: FastifyBaseLogger,
    /** Whether a record kind is one this instance follows (announcements of others are ignored). */
    private readonly follows: (kind: string) => kind is RecordKind,
  ) {}

  async listen(onChange: (kind: RecordKind, id: string) => void): Promise<void> {
    this.unlisten = await this.fanOut?.listen(TRADING_CHANNEL, (payload) => this.receive(payload, onChange));
  }

  async close(): Promise<void> {
    await this.unlisten?.();
    this.unlisten = undefined;
  }

  announce(kind: RecordKind, id: bigint | string): void {
    if (!this.fanOut) return;
    this.pending.push([kind, String(id)]);
    if (this.pending.length === 1) setImmediate(() => this.flush());
  }

  private flush(): void {
    const changed = this.pending.splice(0);
    // PostgreSQL refuses a payload over 8,000 bytes; 200 changes stay well below it.
    for (let at = 0; at < changed.length; at += 200) {
      const payload = JSON.stringify({ i: this.instanceId, r: changed.slice(at, at + 200) });
      this.fanOut!.notify(TRADING_CHANNEL, payload).catch((error: unknown) => {
        this.log.error({ err: error }, 'announcing trading changes to other instances failed');
      });
    }
  }

  private receive(payload: string, onChange: (kind: RecordKind, id: string) => void): void {
    // This instance's own announcements come back too; they are recognised without parsing them.
    if (payload.startsWith(`{"i":"${this.instanceId}"`)) return;
    let message: { i?: unknown; r?: unknown };
    try {
      message = JSON.parse(payload) as typeof message;
    } catch {
      return;
    }
    if (message.i === this.instanceId || !Array.isArray(message.r)) return;
    for (const change of message.r as unknown[]) {
      if (!Array.isArray(change)) continue;
      const [kind, id] = change as unknown[];
      if (typeof id !== 'string' || !/^[1-9][0-9]{0,18}$/.test(id)) continue;
      if (typeof kind !== 'string' || !this.follows(kind)) continue;
      onChange(kind, id);
    }
  }
}
