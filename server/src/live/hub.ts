import type { LivePrice } from '@swx/shared/contract';
import type { FeedTick } from '../markets/feed/types';
import { errors } from '@swx/shared/contract';

/** The parts of a `ws` WebSocket the hub uses (a test can stand in a fake). */
export interface LiveSocket {
  readonly bufferedAmount: number;
  readonly readyState: number;
  send(data: Buffer | string, options?: { binary?: boolean }): void;
  ping(): void;
  terminate(): void;
  close(code?: number, reason?: string): void;
  on(event: 'message', listener: (data: Buffer, isBinary: boolean) => void): unknown;
  on(event: 'pong' | 'close', listener: () => void): unknown;
}

const OPEN = 1;

export interface LiveHubOptions {
  /** Price frames go out at most this often (conflated to the latest value per code). */
  flushMs: number;
  /** A client whose unsent data exceeds this is dropped rather than buffered further. */
  maxBufferedBytes: number;
  /** Ping interval; a client that has not answered the previous ping is dropped. */
  heartbeatMs: number;
  /** The wire view of a tick (adds the daily change). */
  livePrice: (tick: FeedTick) => LivePrice;
  /** The latest price of the given codes (every code when null), sent when a client connects or subscribes. */
  snapshot: (codes: ReadonlySet<string> | null) => LivePrice[];
  isKnownCode: (code: string) => boolean;
  allCodes: () => readonly string[];
}

export interface LiveClient {
  readonly socket: LiveSocket;
  /** null: never subscribed, receives every code. */
  codes: Set<string> | null;
  /** Cache key of `codes` for sharing one serialised frame between clients with the same subscription. */
  codesKey: string;
  userId: string | undefined;
  alive: boolean;
}

export interface LiveHubStats {
  clients: number;
  framesSent: number;
  droppedSlow: number;
  droppedIdle: number;
}

const MAX_CODES_PER_MESSAGE = 200;

/**
 * The `/message` fan-out on one instance. Ticks are conflated to the latest value per code and flushed every
 * `flushMs` as one JSON array frame per client; clients with the same subscription share one serialised
 * frame. Memory stays bounded: pending prices are one entry per code, and a client that cannot keep up
 * (its socket buffer exceeds `maxBufferedBytes`) is dropped.
 */
export class LiveHub {
  private readonly clients = new Set<LiveClient>();
  private readonly byUser = new Map<string, Set<LiveClient>>();
  private pending = new Map<string, FeedTick>();
  private flushTimer: NodeJS.Timeout | undefined;
  private heartbeatTimer: NodeJS.Timeout | undefined;
  readonly stats: LiveHubStats = { clients: 0, framesSent: 0, droppedSlow: 0, droppedIdle: 0 };

  constructor(private readonly options: LiveHubOptions) {}

  start(): void {
    this.flushTimer = setInterval(() => this.flush(), this.options.flushMs);
    this.heartbeatTimer = setInterval(() => this.heartbeat(), this.options.heartbeatMs);
    this.flushTimer.unref();
    this.heartbeatTimer.unref();
  }

  stop(): void {
    clearInterval(this.flushTimer);
    clearInterval(this.heartbeatTimer);
    for (const client of this.clients) client.socket.close(1001, 'server shutting down');
  }

  /** Registers a socket; its handlers are attached at once so no early message is lost. */
  add(socket: LiveSocket): LiveClient {
    const client: LiveClient = { socket, codes: null, codesKey: '*', userId: undefined, alive: true };
    this.clients.add(client);
    this.stats.clients = this.clients.size;
    socket.on('pong', () => (client.alive = true));
    socket.on('close', () => this.remove(client));
    socket.on('message', (data, isBinary) => {
      client.alive = true;
      if (isBinary || data.length > 16 * 1024) return;
      this.handleMessage(client, data.toString('utf8'));
    });
    this.sendPrices(client, this.options.snapshot(null));
    return client;
  }

  /** Attaches a verified customer to a connection, so their account events reach it. */
  identify(client: LiveClient, userId: string): void {
    if (!this.clients.has(client)) return;
    client.userId = userId;
    let set = this.byUser.get(userId);
    if (!set) this.byUser.set(userId, (set = new Set()));
    set.add(client);
  }

  remove(client: LiveClient): void {
    if (!this.clients.delete(client)) return;
    this.stats.clients = this.clients.size;
    if (client.userId) {
      const set = this.byUser.get(client.userId);
      set?.delete(client);
      if (set?.size === 0) this.byUser.delete(client.userId);
    }
  }

  /** Takes applied ticks; only the latest per code survives until the next flush. */
  offer(ticks: FeedTick[]): void {
    for (const tick of ticks) this.pending.set(tick.code, tick);
  }

  /** Sends an account event to every connection of that customer on this instance. */
  deliverAccountEvent(userId: string, event: Record<string, unknown>): void {
    const set = this.byUser.get(userId);
    if (!set) return;
    const frame = Buffer.from(JSON.stringify(event));
    for (const client of set) this.send(client, frame);
  }

  /** One frame per client with the latest price of each code that changed since the last flush. */
  flush(): void {
    if (this.pending.size === 0) return;
    const updates = [...this.pending.values()].map(this.options.livePrice);
    this.pending = new Map();
    const frames = new Map<string, Buffer | null>();
    for (const client of this.clients) {
      let frame = frames.get(client.codesKey);
      if (frame === undefined) {
        const codes = client.codes;
        const chosen = codes ? updates.filter((u) => codes.has(u.code)) : updates;
        frame = chosen.length > 0 ? Buffer.from(JSON.stringify(chosen)) : null;
        frames.set(client.codesKey, frame);
      }
      if (frame) this.send(client, frame);
    }
  }

  private sendPrices(client: LiveClient, prices: LivePrice[]): void {
    if (prices.length > 0) this.send(client, Buffer.from(JSON.stringify(prices)));
  }

  private send(client: LiveClient, frame: Buffer): void {
    const socket = client.socket;
    if (socket.readyState !== OPEN) return;
    if (socket.bufferedAmount > this.options.maxBufferedBytes) {
      this.stats.droppedSlow++;
      this.remove(client);
      socket.terminate();
      return;
    }
    socket.send(frame, { binary: false });
    this.stats.framesSent++;
  }

  private heartbeat(): void {
    for (const client of this.clients) {
      if (!client.alive) {
        this.stats.droppedIdle++;
        this.remove(client);
        client.socket.terminate();
        continue;
      }
      client.alive = false;
      if (client.socket.readyState === OPEN) client.socket.ping();
    }
  }

  private handleMessage(client: LiveClient, text: string): void {
    let message: { op?: unknown; codes?: unknown };
    try {
      message = JSON.parse(text) as typeof message;
    } catch {
      return this.sendError(client, 'not JSON');
    }
    if (message.op === 'ping') {
      this.send(client, Buffer.from('{"type":"pong"}'));
      return;
    }
    if (message.op !== 'subscribe' && message.op !== 'unsubscribe')
      return this.sendError(client, 'unknown op');
    if (!Array.isArray(message.codes) || message.codes.length > MAX_CODES_PER_MESSAGE) {
      return this.sendError(
        client,
        `codes must be an array of at most ${MAX_CODES_PER_MESSAGE} market codes`,
      );
    }
    const codes = message.codes
      .filter((c): c is string => typeof c === 'string')
      .map((c) => c.toUpperCase())
      .filter((c) => this.options.isKnownCode(c));
    if (message.op === 'subscribe') {
      const added = codes.filter((c) => !client.codes?.has(c));
      client.codes = new Set([...(client.codes ?? []), ...codes]);
      this.rekey(client);
      // A closed market may not tick for days: send what we have for the codes just added.
      if (added.length > 0) this.sendPrices(client, this.options.snapshot(new Set(added)));
    } else {
      client.codes = new Set(client.codes ?? this.options.allCodes());
      for (const code of codes) client.codes.delete(code);
      this.rekey(client);
    }
  }

  private rekey(client: LiveClient): void {
    client.codesKey = [...client.codes!].sort().join(',');
  }

  private sendError(client: LiveClient, message: string): void {
    this.send(client, Buffer.from(JSON.stringify({ type: 'error', code: errors.invalidRequest, message })));
  }
}
