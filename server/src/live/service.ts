import type { LivePrice, MarketFreshnessEvent } from '@swx/shared/contract';
import type { Lifecycle } from '../platform/lifecycle';
import type { MarketsService } from '../markets/service';
import { defineChannel, type Bus, type BusChannel } from '../platform/bus';
import { LiveHub, type LiveHubOptions } from './hub';

/** An account event: `type` says what happened (e.g. `order.filled`, `review.result`, `notification`). */
export type AccountEvent = { type: string } & Record<string, unknown>;

/** Which of these sessions (token hashes) are still live. */
export type LiveSessionCheck = (sessions: readonly string[]) => Promise<ReadonlySet<string>>;

/** An account event on its way to whichever instance holds the customer's socket (`u`: the user id). */
interface AddressedEvent {
  u: string;
  e: AccountEvent;
}

/** Account events travel to every instance, this one included: the customer's socket may be on any. */
export const accountEventsChannel = defineChannel<AddressedEvent>({
  name: 'swx_account_events',
  parse: (item) => {
    const { u, e } = (item ?? {}) as Partial<AddressedEvent>;
    return typeof u === 'string' && e && typeof e === 'object' && typeof e.type === 'string'
      ? { u, e }
      : undefined;
  },
});

// ---- nfts ----
/** Public events (an NFT's new bid) for every socket on every instance; they carry no account data. */
export const publicEventsChannel = defineChannel<AccountEvent>({
  name: 'swx_public_events',
  parse: (item) => {
    const e = item as Partial<AccountEvent> | null;
    return e && typeof e === 'object' && typeof e.type === 'string' ? (e as AccountEvent) : undefined;
  },
});

/**
 * Live push: prices from the markets service and account events, to the `/message` sockets of this
 * instance. Account events always travel through NOTIFY (also to this instance), so a customer's socket may
 * be on any instance behind the load balancer.
 */
export class LiveService {
  readonly hub: LiveHub;
  private readonly accountEvents: BusChannel<AddressedEvent>;
  private unlisten: (() => Promise<void>) | undefined;
  private readonly publicEvents: BusChannel<AccountEvent>;
  private unlistenPublic: (() => Promise<void>) | undefined;
  private unsubscribeTicks: (() => void) | undefined;

  private sessionTimer: NodeJS.Timeout | undefined;
  private readonly sessionCheckMs: number;
  private readonly liveSessions: LiveSessionCheck | undefined;

  constructor(
    bus: Pick<Bus, 'channel'>,
    private readonly markets: MarketsService,
    options: Partial<Pick<LiveHubOptions, 'flushMs' | 'maxBufferedBytes' | 'heartbeatMs'>> & {
      /** How often staleness is checked for the live badges (default 1 s). */
      freshnessMs?: number;
      /** Which sessions are still live; with it, sockets of ended sessions are closed every `sessionCheckMs`. */
      liveSessions?: LiveSessionCheck;
      sessionCheckMs?: number;
    } = {},
  ) {
    this.liveSessions = options.liveSessions;
    this.sessionCheckMs = options.sessionCheckMs ?? 15_000;
    this.accountEvents = bus.channel(accountEventsChannel);
    this.publicEvents = bus.channel(publicEventsChannel);
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
      staleCodes: () => [...this.stale],
    });
    this.freshnessMs = options.freshnessMs ?? 1_000;
  }

  /** Markets this instance last found stale (each instance judges by its own prices and clock). */
  private stale = new Set<string>();
  private readonly freshnessMs: number;
  private freshnessTimer: NodeJS.Timeout | undefined;

  /**
   * Finds which markets went stale or became fresh since the last check and tells this instance's sockets
   * (`market.freshness`), so every price screen's badge changes while it is open. Runs every second; answers
   * the change (tests call it with their own clock).
   */
  checkFreshness(at: number = Date.now()): MarketFreshnessEvent | undefined {
    const now = new Set(this.markets.feedStatus(at).staleMarkets ?? []);
    const stale = [...now].filter((code) => !this.stale.has(code));
    const fresh = [...this.stale].filter((code) => !now.has(code));
    this.stale = now;
    if (stale.length === 0 && fresh.length === 0) return undefined;
    const event: MarketFreshnessEvent = { type: 'market.freshness', stale, fresh };
    this.hub.broadcastEvent({ ...event });
    return event;
  }

  /**
   * Sends an event to every open socket of the customer, on whichever instance it is. The events of one
   * event-loop turn leave together on the bus; an event that cannot fit one NOTIFY is a programming error
   * (it throws).
   */
  publishAccountEvent(userId: string, event: AccountEvent): void {
    void this.accountEvents.publish({ u: userId, e: event });
  }

  /**
   * Closes this instance's sockets whose session ended since they signed in (sign-out, staff revocation, a
   * disabled customer, a password change): one query for all of them. Runs every `sessionCheckMs`; answers
   * how many sockets it closed.
   */
  async checkSessions(): Promise<number> {
    if (!this.liveSessions) return 0;
    const signedIn = this.hub.signedInSessions();
    if (signedIn.length === 0) return 0;
    const live = await this.liveSessions(signedIn);
    return this.hub.endSessionsExcept(live, new Set(signedIn));
  }

  /** Sends a public event to every open socket, on every instance (no account data in it). */
  publishPublicEvent(event: AccountEvent): void {
    void this.publicEvents.publish(event);
  }

  readonly lifecycle: Lifecycle = {
    name: 'live-push',
    start: async () => {
      this.unlisten = await this.accountEvents.subscribe((events) => {
        for (const { u, e } of events) this.hub.deliverAccountEvent(u, e);
      });
      this.unlistenPublic = await this.publicEvents.subscribe((events) => {
        for (const event of events) this.hub.broadcastEvent(event);
      });
      this.unsubscribeTicks = this.markets.onTicks((ticks) => this.hub.offer(ticks));
      this.hub.start();
      this.stale = new Set(this.markets.feedStatus().staleMarkets ?? []);
      this.freshnessTimer = setInterval(() => this.checkFreshness(), this.freshnessMs);
      this.freshnessTimer.unref();
      if (this.liveSessions) {
        this.sessionTimer = setInterval(
          () => void this.checkSessions().catch(() => undefined),
          this.sessionCheckMs,
        );
        this.sessionTimer.unref();
      }
    },
    stop: async () => {
      this.unsubscribeTicks?.();
      clearInterval(this.sessionTimer);
      clearInterval(this.freshnessTimer);
      this.hub.stop();
      await this.unlisten?.();
      this.unlisten = undefined;
      await this.unlistenPublic?.();
      this.unlistenPublic = undefined;
    },
  };
}
