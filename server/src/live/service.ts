import type { FastifyBaseLogger } from 'fastify';
import type { LivePrice } from '@swx/shared/contract';
import type { Database } from '../db/client';
import type { Lifecycle } from '../lifecycle';
import type { MarketsService } from '../markets/service';
import { NOTIFY_PAYLOAD_LIMIT } from '../markets/service';
import { LiveHub, type LiveHubOptions } from './hub';

/** PostgreSQL channel carrying account events to whichever instance holds the customer's socket. */
export const ACCOUNT_EVENTS_CHANNEL = 'swx_account_events';

/** An account event: `type` says what happened (e.g. `order.filled`, `review.result`, `notification`). */
export type AccountEvent = { type: string } & Record<string, unknown>;

/** Events wait at most one flush (100 ms); this bound only matters if publishing is stuck. */
const MAX_QUEUED_EVENTS = 10_000;

interface QueuedEvent {
  u: string;
  e: AccountEvent;
}

/**
 * Live push: prices from the markets service and account events, to the `/message` sockets of this
 * instance. Account events always travel through NOTIFY (also to this instance), so a customer's socket may
 * be on any instance behind the load balancer.
 */
export class LiveService {
  readonly hub: LiveHub;
  private queued: QueuedEvent[] = [];
  private timer: NodeJS.Timeout | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  private unsubscribeTicks: (() => void) | undefined;

  constructor(
    private readonly database: Database,
    private readonly markets: MarketsService,
    private readonly log: FastifyBaseLogger,
    options: Partial<Pick<LiveHubOptions, 'flushMs' | 'maxBufferedBytes' | 'heartbeatMs'>> = {},
  ) {
    const livePrice = (code: string, price: string, time: number): LivePrice => ({
      code,
      price,
      zdf: markets.state.get(code)?.change ?? null,
      time,
    });
    this.hub = new LiveHub({
      flushMs: options.flushMs ?? 250,
      maxBufferedBytes: options.maxBufferedBytes ?? 1024 * 1024,
      heartbeatMs: options.heartbeatMs ?? 30_000,
      livePrice: (tick) => livePrice(tick.code, tick.price, tick.time),
      snapshot: (codes) =>
        markets.list().flatMap((m) => {
          const last = markets.latestTick(m.code);
          return last && (!codes || codes.has(m.code)) ? [livePrice(m.code, last.price, last.time)] : [];
        }),
      isKnownCode: (code) => markets.find(code)?.code === code,
      allCodes: () => markets.list().map((m) => m.code),
    });
  }

  /**
   * Sends an event to every open socket of the customer, on whichever instance it is. Queued and published
   * in batches (one NOTIFY per flush); an event that cannot fit one NOTIFY is a programming error.
   */
  publishAccountEvent(userId: string, event: AccountEvent): void {
    const entry = { u: userId, e: event };
    if (JSON.stringify(entry).length > NOTIFY_PAYLOAD_LIMIT - 10)
      throw new Error(`account event ${event.type} too large`);
    if (this.queued.length >= MAX_QUEUED_EVENTS) {
      this.log.error(
        { type: event.type },
        'account event queue full (live push not running?); event dropped',
      );
      return;
    }
    this.queued.push(entry);
  }

  /** Publishes queued account events now (normally every 100 ms). */
  async flushAccountEvents(): Promise<void> {
    if (this.queued.length === 0) return;
    const events = this.queued;
    this.queued = [];
    let batch: string[] = [];
    let size = 2;
    const send = async () => {
      if (batch.length === 0) return;
      const payload = `[${batch.join(',')}]`;
      batch = [];
      size = 2;
      await this.database.notify(ACCOUNT_EVENTS_CHANNEL, payload).catch((error: unknown) => {
        this.log.error({ err: error }, 'publishing account events failed');
      });
    };
    for (const event of events) {
      const part = JSON.stringify(event);
      if (size + part.length + 1 > NOTIFY_PAYLOAD_LIMIT) await send();
      batch.push(part);
      size += part.length + 1;
    }
    await send();
  }

  private receiveAccountEvents(payload: string): void {
    let events: QueuedEvent[];
    try {
      events = JSON.parse(payload) as QueuedEvent[];
    } catch {
      this.log.warn('ignored a malformed account event notification');
      return;
    }
    if (!Array.isArray(events)) return;
    for (const { u, e } of events) if (typeof u === 'string' && e) this.hub.deliverAccountEvent(u, e);
  }

  readonly lifecycle: Lifecycle = {
    name: 'live-push',
    start: async () => {
      this.unlisten = await this.database.listen(ACCOUNT_EVENTS_CHANNEL, (payload) =>
        this.receiveAccountEvents(payload),
      );
      this.unsubscribeTicks = this.markets.onTicks((ticks) => this.hub.offer(ticks));
      this.hub.start();
      this.timer = setInterval(() => void this.flushAccountEvents(), 100);
      this.timer.unref();
    },
    stop: async () => {
      clearInterval(this.timer);
      this.unsubscribeTicks?.();
      this.hub.stop();
      await this.flushAccountEvents();
      await this.unlisten?.();
    },
  };
}
