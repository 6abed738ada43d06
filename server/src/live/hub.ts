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
  /** The markets stale now, told to a client when it connects (then changes arrive as they happen). */
  staleCodes?: () => readonly string[];
}

export interface LiveClient {
  readonly socket: LiveSocket;
  /** null: never subscribed, receives every code. */
  codes: Set<string> | null;
  /** Cache key of `codes` for sharing one serialised frame between clients with the same subscription. */
  codesKey: string;
  userId: string | undefined;
  /** The session (token hash) that signed the socket in; checked periodically while the socket is open. */
  session?: string | undefined;
  alive: boolean;
  /** Messages received while an async one (a sign-in) is handled wait here, so answers keep their order. */
  tail: Promise<void>;
  backlog: number;
}

export interface LiveHubStats {
  clients: number;
  framesSent: number;
  droppedSlow: number;
  droppedIdle: number;
}

const MAX_CODES_PER_MESSAGE = 200;
/** Messages a client may have waiting behind a slow one before it is closed (1008). */
const MAX_BACKLOG = 32;
/** Largest client frame read; a longer one closes the socket (1009, as `ws` does past `maxPayload`). */
export const MAX_CLIENT_FRAME_BYTES = 16 * 1024;

/** A client message after parsing: always an object (anything else is answered with an error frame). */
export type ClientMessage = { op: string } & Record<string, unknown>;

/**
 * An extra `op` (e.g. `auth`, registered by the route that knows how to verify tokens). It may be async; a
 * rejection or a throw is answered like any other bad message, never left to escape.
 */
export type OpHandler = (client: LiveClient, message: ClientMessage) => void | Promise<void>;

export interface LiveHubFailure {
  error: unknown;
  op: string | undefined;
}

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
  private readonly ops = new Map<string, OpHandler>();
  readonly stats: LiveHubStats = { clients: 0, framesSent: 0, droppedSlow: 0, droppedIdle: 0 };
  /** Told about every exception a client message caused (the route logs and counts them). */
  onFailure: (failure: LiveHubFailure) => void = () => {};

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
    const client: LiveClient = {
      socket,
      codes: null,
      codesKey: '*',
      userId: undefined,
      alive: true,
      tail: Promise.resolve(),
      backlog: 0,
    };
    this.clients.add(client);
    this.stats.clients = this.clients.size;
    socket.on('pong', () => (client.alive = true));
    socket.on('close', () => this.remove(client));
    socket.on('message', (data, isBinary) => this.receive(client, data, isBinary));
    this.sendPrices(client, this.options.snapshot(null));
    // Which markets are stale now (the rest are fresh): the live badges start from this, then follow changes.
    const stale = this.options.staleCodes?.();
    if (stale)
      this.sendJson(client, { type: 'market.freshness', snapshot: true, stale: [...stale], fresh: [] });
    return client;
  }

  /** Adds an `op` the hub itself does not know (`subscribe`, `unsubscribe` and `ping` are built in). */
  handle(op: string, handler: OpHandler): void {
    if (['subscribe', 'unsubscribe', 'ping'].includes(op)) throw new Error(`op ${op} is built in`);
    this.ops.set(op, handler);
  }

  /** Attaches a verified customer (and the session that signed the socket in) to a connection. */
  identify(client: LiveClient, userId: string, session?: string): void {
    if (!this.clients.has(client)) return;
    client.userId = userId;
    client.session = session;
    let set = this.byUser.get(userId);
    if (!set) this.byUser.set(userId, (set = new Set()));
    set.add(client);
  }

  /** The sessions (token hashes) that signed this instance's sockets in. */
  signedInSessions(): string[] {
    const sessions = new Set<string>();
    for (const client of this.clients) if (client.session) sessions.add(client.session);
    return [...sessions];
  }

  /**
   * Closes every socket signed in with a session that is no longer live (signed out, revoked, customer
   * disabled): its account events stop at once, and the 4401 close tells the page to sign in again.
   */
  endSessionsExcept(live: ReadonlySet<string>, checked: ReadonlySet<string>): number {
    let ended = 0;
    for (const client of [...this.clients]) {
      if (!client.session || !checked.has(client.session) || live.has(client.session)) continue;
      this.sendError(client, 'Your session has ended, please log in again', errors.unauthorised);
      this.remove(client);
      client.socket.close(4401, 'session ended');
      ended += 1;
    }
    return ended;
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

  // ---- nfts ----
  /** Sends a public event (no account data: an NFT's new bid) to every connection on this instance. */
  broadcastEvent(event: Record<string, unknown>): void {
    const frame = Buffer.from(JSON.stringify(event));
    for (const client of this.clients) this.send(client, frame);
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

  /**
   * Every client frame ends here, whatever its shape: a frame this code does not expect is answered with an
   * error frame (or a close when it is too large to read), and an exception is caught, reported and answered
   * with close 1011, so nothing a client sends can escape into the process.
   */
  private receive(client: LiveClient, data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean): void {
    client.alive = true;
    if (client.backlog === 0) {
      const pending = this.process(client, data, isBinary);
      if (pending) this.track(client, pending);
      return;
    }
    if (client.backlog >= MAX_BACKLOG) {
      client.socket.close(1008, 'too many messages at once');
      return;
    }
    this.track(
      client,
      client.tail.then(() => this.process(client, data, isBinary)),
    );
  }

  private track(client: LiveClient, pending: Promise<void>): void {
    client.backlog++;
    client.tail = pending.then(() => {
      client.backlog--;
    });
  }

  /** Handles one frame; the promise (of an async op) never rejects. */
  private process(
    client: LiveClient,
    data: Buffer | ArrayBuffer | Buffer[],
    isBinary: boolean,
  ): Promise<void> | undefined {
    let op: string | undefined;
    try {
      if (isBinary) {
        this.sendError(client, 'binary frames are not accepted');
        return;
      }
      const bytes = Buffer.isBuffer(data)
        ? data
        : Array.isArray(data)
          ? Buffer.concat(data)
          : Buffer.from(data);
      if (bytes.length > MAX_CLIENT_FRAME_BYTES) {
        client.socket.close(1009, 'message too big');
        return;
      }
      const message = parseClientMessage(bytes.toString('utf8'));
      if (typeof message === 'string') {
        this.sendError(client, message);
        return;
      }
      op = message.op;
      const pending = this.dispatch(client, message);
      if (pending) return pending.catch((error: unknown) => this.fail(client, error, op));
    } catch (error) {
      this.fail(client, error, op);
    }
    return undefined;
  }

  private dispatch(client: LiveClient, message: ClientMessage): void | Promise<void> {
    if (message.op === 'ping') return this.send(client, Buffer.from('{"type":"pong"}'));
    if (message.op === 'subscribe' || message.op === 'unsubscribe') return this.changeCodes(client, message);
    const handler = this.ops.get(message.op);
    if (!handler) return this.sendError(client, 'unknown op');
    return handler(client, message);
  }

  private fail(client: LiveClient, error: unknown, op: string | undefined): void {
    try {
      this.onFailure({ error, op });
    } catch {
      // Reporting must not become a second failure; the close below still happens.
    }
    this.remove(client);
    client.socket.close(1011, 'internal error');
  }

  private changeCodes(client: LiveClient, message: ClientMessage): void {
    const requested = message.codes;
    if (!Array.isArray(requested) || requested.length > MAX_CODES_PER_MESSAGE) {
      return this.sendError(
        client,
        `codes must be an array of at most ${MAX_CODES_PER_MESSAGE} market codes`,
      );
    }
    const codes = requested
      .filter((c): c is string => typeof c === 'string' && c.length <= 32)
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

  /** One JSON object frame to one client (dropped when its socket is no longer open). */
  sendJson(client: LiveClient, value: Record<string, unknown>): void {
    this.send(client, Buffer.from(JSON.stringify(value)));
  }

  /** An error frame: `{type: 'error', code, message}` (400 for a bad message; the route uses 401). */
  sendError(client: LiveClient, message: string, code: string = errors.invalidRequest): void {
    this.sendJson(client, { type: 'error', code, message });
  }
}

/** The message in a text frame, or why it is not one: a JSON object whose `op` is a short string. */
export function parseClientMessage(text: string): ClientMessage | string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return 'not JSON';
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return 'a message is a JSON object with an op';
  const op = (parsed as { op?: unknown }).op;
  if (typeof op !== 'string' || op.length === 0 || op.length > 32) return 'unknown op';
  return parsed as ClientMessage;
}
