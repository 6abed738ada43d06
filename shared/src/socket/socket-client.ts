import { makeObservable, observable, runInAction } from 'mobx';
import type { LivePrice } from '../contract/markets';
import type { AccountEvent } from '../store/notifications-store';

export type SocketState = 'connecting' | 'open' | 'closed';

type WebSocketLike = Pick<WebSocket, 'readyState' | 'send' | 'close'> & {
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
};

export type WebSocketFactory = new (url: string) => WebSocketLike;

export interface SocketClientOptions {
  /** The `/message` endpoint, e.g. `wss://host/message`. */
  url: string;
  getToken: () => string | null;
  /** Receives each frame's conflated ticks; called at most once per animation frame. */
  onTicks: (ticks: LivePrice[]) => void;
  WebSocket?: WebSocketFactory;
  /** Backoff: first retry after about `baseDelayMs`, doubling up to `maxDelayMs`. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  random?: () => number;
  requestFrame?: (callback: () => void) => unknown;
}

const openState = 1;

const decimalOf = (value: unknown): string | null =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' && Number.isFinite(value)
      ? String(value)
      : null;

/**
 * One item of a price frame in the wire shape, or null when it is not a price. A missing change stays null
 * (unknown, shown as "—"), never "0": the feed has not said the price is flat.
 */
function livePriceOf(item: unknown): LivePrice | null {
  if (!item || typeof item !== 'object') return null;
  const { code, price, zdf, time } = item as Record<string, unknown>;
  const value = decimalOf(price);
  if (typeof code !== 'string' || value === null) return null;
  // A frame without the feed time still carries a real price; the arrival time is the closest stand-in.
  return { code, price: value, zdf: decimalOf(zdf), time: typeof time === 'number' ? time : Date.now() };
}
const hiddenTabFlushMs = 250;

/**
 * The one websocket (owned by the shell, shared by every module through the root store).
 *
 * - Prices are conflated to the latest value per code and handed over once per animation frame, so a
 *   burst of ticks costs one MobX action and one render, not one per tick.
 * - Subscriptions are reference-counted: two screens watching the same code share one server
 *   subscription; the server hears only 0↔1 transitions, batched per tick of the event loop. With no
 *   subscription at all the server sends every code.
 * - A dropped connection is retried with exponential backoff and jitter (so a restarted server is not hit
 *   by every client at the same instant), and the subscriptions are sent again once it is back.
 */
export class SocketClient {
  state: SocketState = 'closed';

  private socket: WebSocketLike | null = null;
  private started = false;
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly counts = new Map<string, number>();
  /** What the server has been told on the current connection. */
  private serverCodes = new Set<string>();
  private syncQueued = false;
  private readonly pendingTicks = new Map<string, LivePrice>();
  private frameQueued = false;
  private frameNumber = 0;
  private readonly accountListeners = new Set<(event: AccountEvent) => void>();
  private readonly options: Required<Omit<SocketClientOptions, 'WebSocket' | 'requestFrame'>> &
    Pick<SocketClientOptions, 'WebSocket' | 'requestFrame'>;

  constructor(options: SocketClientOptions) {
    this.options = { baseDelayMs: 1000, maxDelayMs: 30_000, random: Math.random, ...options };
    makeObservable(this, { state: observable });
  }

  /** Opens the connection (and keeps it open until `stop`). */
  start(): void {
    if (this.started) return;
    this.started = true;
    if (typeof window !== 'undefined') window.addEventListener('online', this.handleOnline);
    this.connect();
  }

  stop(): void {
    this.started = false;
    if (typeof window !== 'undefined') window.removeEventListener('online', this.handleOnline);
    this.clearRetry();
    this.dropSocket();
    this.setState('closed');
  }

  /** A new connection now, e.g. because the token changed (the token is sent once, when a socket opens). */
  reconnect(): void {
    if (!this.started) return;
    this.clearRetry();
    this.dropSocket();
    this.attempt = 0;
    this.connect();
  }

  /** Watch a code's price; call the returned function to stop. Safe to call the returned function twice. */
  subscribe(code: string): () => void {
    this.counts.set(code, (this.counts.get(code) ?? 0) + 1);
    if (this.counts.get(code) === 1) this.queueSync();
    let active = true;
    return () => {
      if (!active) return;
      active = false;
      const left = (this.counts.get(code) ?? 1) - 1;
      if (left > 0) {
        this.counts.set(code, left);
      } else {
        this.counts.delete(code);
        this.queueSync();
      }
    };
  }

  /** Codes watched by at least one screen. */
  get subscribedCodes(): string[] {
    return [...this.counts.keys()];
  }

  /** Account events (`{type, ...}`) of the signed-in customer. Returns the unsubscribe function. */
  onAccountEvent(handler: (event: AccountEvent) => void): () => void {
    this.accountListeners.add(handler);
    return () => {
      this.accountListeners.delete(handler);
    };
  }

  private readonly handleOnline = () => {
    if (this.started && this.state === 'closed') this.reconnect();
  };

  private connect(): void {
    const Factory =
      this.options.WebSocket ?? (globalThis.WebSocket as unknown as WebSocketFactory | undefined);
    if (!Factory) return;
    this.setState('connecting');
    let socket: WebSocketLike;
    try {
      socket = new Factory(this.options.url);
    } catch {
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    this.serverCodes = new Set();
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.attempt = 0;
      this.setState('open');
      // The token travels in the first message, not in the URL, where proxies and histories would keep it.
      // The server handles a socket's messages in order, so subscriptions sent next apply after sign-in.
      const token = this.options.getToken();
      if (token) socket.send(JSON.stringify({ op: 'auth', token }));
      this.sync();
    };
    socket.onmessage = (event) => {
      if (this.socket === socket) this.receive(event.data);
    };
    socket.onerror = () => {
      // A close event always follows; retrying is decided there.
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.setState('closed');
      if (this.started) this.scheduleRetry();
    };
  }

  private dropSocket(): void {
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    socket.onopen = socket.onmessage = socket.onerror = socket.onclose = null;
    try {
      socket.close();
    } catch {
      // Closing a socket that never opened may throw in some browsers; it is gone either way.
    }
  }

  /** Full jitter over the upper half of the exponential delay: spread out, but never immediate. */
  retryDelay(attempt: number): number {
    const ceiling = Math.min(this.options.maxDelayMs, this.options.baseDelayMs * 2 ** attempt);
    return Math.round(ceiling / 2 + this.options.random() * (ceiling / 2));
  }

  private scheduleRetry(): void {
    this.clearRetry();
    this.setState('closed');
    const delay = this.retryDelay(this.attempt);
    this.attempt += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.started) this.connect();
    }, delay);
  }

  private clearRetry(): void {
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private setState(state: SocketState): void {
    if (this.state !== state) runInAction(() => (this.state = state));
  }

  // Screens mounting together (a market list of 50 rows) produce one subscribe frame, not 50.
  private queueSync(): void {
    if (this.syncQueued) return;
    this.syncQueued = true;
    void Promise.resolve().then(() => {
      this.syncQueued = false;
      this.sync();
    });
  }

  private sync(): void {
    const socket = this.socket;
    if (!socket || socket.readyState !== openState) return;
    const subscribe = [...this.counts.keys()].filter((code) => !this.serverCodes.has(code));
    const unsubscribe = [...this.serverCodes].filter((code) => !this.counts.has(code));
    if (unsubscribe.length > 0) {
      socket.send(JSON.stringify({ op: 'unsubscribe', codes: unsubscribe }));
      unsubscribe.forEach((code) => this.serverCodes.delete(code));
    }
    if (subscribe.length > 0) {
      socket.send(JSON.stringify({ op: 'subscribe', codes: subscribe }));
      subscribe.forEach((code) => this.serverCodes.add(code));
    }
  }

  private receive(data: unknown): void {
    if (typeof data !== 'string') return;
    let message: unknown;
    try {
      message = JSON.parse(data);
    } catch {
      return;
    }
    if (Array.isArray(message)) {
      for (const item of message) {
        const tick = livePriceOf(item);
        if (tick) this.pendingTicks.set(tick.code, tick);
      }
      if (this.pendingTicks.size > 0) this.queueFrame();
      return;
    }
    if (message && typeof message === 'object' && typeof (message as AccountEvent).type === 'string') {
      // The server's acknowledgement of the sign-in message is about the socket, not the account.
      if ((message as AccountEvent).type === 'auth') return;
      for (const listener of [...this.accountListeners]) {
        try {
          listener(message as AccountEvent);
        } catch (error) {
          console.error('Account event listener failed', error);
        }
      }
    }
  }

  private queueFrame(): void {
    if (this.frameQueued) return;
    this.frameQueued = true;
    const frame = ++this.frameNumber;
    const flushThisFrame = () => {
      if (this.frameQueued && this.frameNumber === frame) this.flush();
    };
    if (this.options.requestFrame) {
      this.options.requestFrame(flushThisFrame);
      return;
    }
    if (typeof requestAnimationFrame === 'function') {
      requestAnimationFrame(flushThisFrame);
      // Hidden tabs get no animation frames; the timer keeps the store current for whatever reads it there.
      setTimeout(flushThisFrame, hiddenTabFlushMs);
    } else {
      setTimeout(flushThisFrame, 16);
    }
  }

  private flush(): void {
    this.frameQueued = false;
    if (this.pendingTicks.size === 0) return;
    const ticks = [...this.pendingTicks.values()];
    this.pendingTicks.clear();
    this.options.onTicks(ticks);
  }
}
