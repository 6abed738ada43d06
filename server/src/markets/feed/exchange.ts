import WebSocket from 'ws';
import type { FeedConnection } from '@swx/shared/contract';
import { marketPrice, parseFrame, type ExchangeTrade, type SymbolMap } from './exchange-frames';
import { TickListeners, type FeedMarket, type FeedResume, type FeedTick, type MarketFeed } from './types';

export interface ExchangeFeedOptions {
  /** The exchange's combined-stream endpoint, e.g. `wss://stream.binance.com:9443/stream`. */
  url: string;
  markets: readonly FeedMarket[];
  symbols: SymbolMap;
  /** Trades of one market within this window become one tick (its last trade). 0 publishes every trade. */
  conflateMs?: number;
  /** No frame and no ping for this long: the link is dead even if TCP has not noticed; reconnect. */
  idleTimeoutMs?: number;
  /** First reconnect delay; doubles per failed attempt up to `backoffMaxMs`, with jitter. */
  backoffInitialMs?: number;
  backoffMaxMs?: number;
  /** Uniform [0, 1): the jitter's source (tests fix it). */
  random?: () => number;
  now?: () => number;
  /** Where the adapter reports what happened (reconnects, gaps, rejected frames). */
  onEvent?: (event: string, detail: Record<string, unknown>) => void;
}

interface Pending {
  price: string;
  /** The exchange's trade time of that price, epoch ms. */
  tradeTime: number;
}

/**
 * A real exchange feed: Binance's public trade streams for the mapped markets (see `exchange-frames.ts` for
 * the format and the symbol map). Ticks carry the exchange's trade time (never later than our clock, so a
 * skewed exchange clock cannot make a price look newer than it is): delayed exchange data is as old as the
 * trade, and ages into the stale-price guard like a silent feed. They are numbered by this feed like every
 * other feed's, and carry the exchange's price rounded to the market's tick size as decimal text.
 *
 * The link is kept honest: a dropped or silent connection (no frame or ping for `idleTimeoutMs`) reconnects
 * with exponential backoff and jitter, and a jump in a symbol's trade ids (trades we never saw) is reported
 * and answered by resubscribing the symbol's stream. Malformed frames are counted and ignored: one bad frame
 * neither stops the feed nor becomes a price. Prices missed while disconnected are not invented; the markets
 * simply age into the stale-price guard until the link returns.
 */
export class ExchangeFeed implements MarketFeed {
  readonly kind = 'exchange' as const;
  private readonly listeners = new TickListeners();
  private readonly conflateMs: number;
  private readonly idleTimeoutMs: number;
  private readonly backoffInitialMs: number;
  private readonly backoffMaxMs: number;
  private readonly random: () => number;
  private readonly now: () => number;
  private readonly tickSizes = new Map<string, string>();
  private readonly order = new Map<string, number>();
  private socket: WebSocket | undefined;
  private stopped = true;
  private lastSeq = 0;
  private attempt = 0;
  private nextRequestId = 1;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  private flushTimer: NodeJS.Timeout | undefined;
  /** The last trade id seen per code on the current subscription; absent after (re)subscribing. */
  private readonly lastTradeIds = new Map<string, number>();
  private readonly pending = new Map<string, Pending>();
  private readonly status: Omit<FeedConnection, 'url' | 'unmapped'> = {
    state: 'stopped',
    connectedSince: null,
    lastMessageAt: null,
    reconnects: 0,
    gaps: 0,
    lastGap: null,
    rejectedFrames: 0,
  };

  constructor(private readonly options: ExchangeFeedOptions) {
    this.conflateMs = options.conflateMs ?? 250;
    this.idleTimeoutMs = options.idleTimeoutMs ?? 30_000;
    this.backoffInitialMs = options.backoffInitialMs ?? 500;
    this.backoffMaxMs = options.backoffMaxMs ?? 30_000;
    this.random = options.random ?? Math.random;
    this.now = options.now ?? Date.now;
    options.markets.forEach((market, index) => {
      this.tickSizes.set(market.code, market.tickSize);
      this.order.set(market.code, index);
    });
  }

  onTicks(listener: (ticks: FeedTick[]) => void): () => void {
    return this.listeners.add(listener);
  }

  start(resume: FeedResume): void {
    this.lastSeq = resume.lastSeq;
    this.stopped = false;
    this.attempt = 0;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    this.status.state = 'stopped';
    this.status.connectedSince = null;
    for (const timer of [this.reconnectTimer, this.idleTimer, this.flushTimer]) clearTimeout(timer);
    this.reconnectTimer = this.idleTimer = this.flushTimer = undefined;
    this.pending.clear();
    const socket = this.socket;
    this.socket = undefined;
    socket?.removeAllListeners();
    socket?.on('error', () => undefined);
    socket?.terminate();
  }

  connection(): FeedConnection {
    const url = new URL(this.options.url);
    // What the status route shows: no query, and no credentials should someone have put any in the URL.
    url.search = '';
    url.username = '';
    url.password = '';
    return {
      ...this.status,
      lastGap: this.status.lastGap && { ...this.status.lastGap },
      url: url.toString(),
      unmapped: this.options.markets
        .map((m) => m.code)
        .filter((code) => !this.options.symbols.byCode.has(code)),
    };
  }

  // ---- the link ----------------------------------------------------------------------------------------------

  private streamUrl(): string {
    const url = new URL(this.options.url);
    // Binance reads the stream list unescaped ('/' and '@' literal); URLSearchParams would escape both.
    url.search = `?streams=${this.options.symbols.streams().join('/')}`;
    return url.toString();
  }

  private connect(): void {
    if (this.stopped) return;
    this.status.state = this.status.reconnects > 0 ? 'reconnecting' : 'connecting';
    this.lastTradeIds.clear();
    const socket = new WebSocket(this.streamUrl(), { handshakeTimeout: this.idleTimeoutMs });
    this.socket = socket;
    this.armIdleTimer();
    socket.on('open', () => {
      this.attempt = 0;
      this.status.state = 'live';
      this.status.connectedSince = this.now();
      this.armIdleTimer();
    });
    socket.on('message', (data, isBinary) => {
      this.status.lastMessageAt = this.now();
      this.armIdleTimer();
      if (isBinary) this.reject('binary frame');
      else this.receive(data.toString());
    });
    // `ws` answers the exchange's pings itself; a ping still proves the link is alive.
    socket.on('ping', () => this.armIdleTimer());
    socket.on('error', (error) => this.options.onEvent?.('error', { message: error.message }));
    socket.on('close', () => this.lost(socket));
  }

  private lost(socket: WebSocket): void {
    if (socket !== this.socket || this.stopped) return;
    this.socket = undefined;
    clearTimeout(this.idleTimer);
    this.status.connectedSince = null;
    this.status.state = 'reconnecting';
    // Trades conflated but not yet published are still real prices; publish them rather than drop them.
    this.flush();
    const ceiling = Math.min(this.backoffMaxMs, this.backoffInitialMs * 2 ** this.attempt);
    // Equal jitter: at least half the ceiling, so instances restarting together spread out but never hammer.
    const delay = Math.round(ceiling / 2 + (this.random() * ceiling) / 2);
    this.attempt++;
    this.status.reconnects++;
    this.options.onEvent?.('reconnect', { attempt: this.attempt, delayMs: delay });
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.connect();
    }, delay);
  }

  private armIdleTimer(): void {
    clearTimeout(this.idleTimer);
    const socket = this.socket;
    this.idleTimer = setTimeout(() => {
      this.options.onEvent?.('idle', { idleMs: this.idleTimeoutMs });
      // terminate() closes without the closing handshake a silent peer would never finish; `close` follows.
      socket?.terminate();
    }, this.idleTimeoutMs);
  }

  // ---- frames ------------------------------------------------------------------------------------------------

  private receive(text: string): void {
    const frame = parseFrame(text, this.options.symbols);
    if (frame.kind === 'rejected') this.reject(frame.reason);
    else if (frame.kind === 'trade') this.trade(frame.trade);
  }

  private reject(reason: string): void {
    this.status.rejectedFrames++;
    this.options.onEvent?.('rejected', { reason });
  }

  private trade(trade: ExchangeTrade): void {
    const last = this.lastTradeIds.get(trade.code);
    // A repeated or older trade id (a replayed frame) carries nothing new.
    if (last !== undefined && trade.tradeId <= last) return;
    this.lastTradeIds.set(trade.code, trade.tradeId);
    if (last !== undefined && trade.tradeId > last + 1) this.gap(trade.code, last + 1, trade.tradeId);
    const price = marketPrice(trade.price, this.tickSizes.get(trade.code)!);
    if (price === undefined) return this.reject('price rounds to zero');
    this.pending.set(trade.code, { price, tradeTime: trade.tradeTime });
    if (this.conflateMs === 0) this.flush();
    else this.flushTimer ??= setTimeout(() => this.flush(), this.conflateMs);
  }

  /**
   * Trades were missed: the stream is resubscribed (the exchange's own remedy for a stalled subscription) and
   * the next trade starts a new run of ids. The trade that revealed the gap is still a real price: kept.
   */
  private gap(code: string, expected: number, received: number): void {
    const at = this.now();
    this.status.gaps++;
    this.status.lastGap = { code, expected: String(expected), received: String(received), at };
    this.options.onEvent?.('gap', { code, expected, received });
    const stream = this.options.symbols.streamOf(code)!;
    const socket = this.socket;
    if (socket?.readyState !== WebSocket.OPEN) return;
    socket.send(JSON.stringify({ method: 'UNSUBSCRIBE', params: [stream], id: this.nextRequestId++ }));
    socket.send(JSON.stringify({ method: 'SUBSCRIBE', params: [stream], id: this.nextRequestId++ }));
    this.lastTradeIds.delete(code);
  }

  private flush(): void {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    if (this.pending.size === 0) return;
    const at = this.now();
    const codes = [...this.pending.keys()].sort((a, b) => this.order.get(a)! - this.order.get(b)!);
    const ticks = codes.map((code) => {
      const pending = this.pending.get(code)!;
      return {
        code,
        price: pending.price,
        time: Math.min(Math.floor(pending.tradeTime), at),
        seq: ++this.lastSeq,
      };
    });
    this.pending.clear();
    this.listeners.emit(ticks);
  }
}
