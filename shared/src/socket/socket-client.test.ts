import type { LivePrice } from '../contract/markets';
import { SocketClient, type WebSocketFactory } from './socket-client';

class FakeWebSocket {
  static instances: FakeWebSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  closed = false;
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;

  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }

  send(data: string) {
    this.sent.push(JSON.parse(data));
  }

  close() {
    this.closed = true;
    this.readyState = 3;
  }

  // Test helpers: what the server does.
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  drop() {
    this.readyState = 3;
    this.onclose?.({} as CloseEvent);
  }

  push(payload: unknown) {
    this.onmessage?.({ data: JSON.stringify(payload) } as MessageEvent);
  }

  static latest(): FakeWebSocket {
    const socket = FakeWebSocket.instances[FakeWebSocket.instances.length - 1];
    if (!socket) throw new Error('no socket yet');
    return socket;
  }
}

const flushMicrotasks = () => Promise.resolve();

function setup(options: { token?: string | null; random?: () => number } = {}) {
  const frames: (() => void)[] = [];
  const batches: LivePrice[][] = [];
  let token = options.token ?? null;
  const client = new SocketClient({
    url: 'wss://swx.test/message',
    getToken: () => token,
    onTicks: (ticks) => batches.push(ticks),
    WebSocket: FakeWebSocket as unknown as WebSocketFactory,
    random: options.random ?? (() => 0.5),
    requestFrame: (callback) => frames.push(callback),
  });
  return {
    client,
    batches,
    runFrame: () => frames.splice(0).forEach((callback) => callback()),
    setToken: (next: string | null) => (token = next),
  };
}

beforeEach(() => {
  FakeWebSocket.instances = [];
  jest.useFakeTimers();
});

afterEach(() => jest.useRealTimers());

describe('socket client', () => {
  it('connects to /message, signs in with a first auth message (never the URL), and reports its state', () => {
    const { client } = setup({ token: 'a b' });
    expect(client.state).toBe('closed');
    client.start();
    expect(client.state).toBe('connecting');
    expect(FakeWebSocket.latest().url).toBe('wss://swx.test/message');
    FakeWebSocket.latest().open();
    expect(client.state).toBe('open');
    expect(FakeWebSocket.latest().sent).toEqual([{ op: 'auth', token: 'a b' }]);
    client.stop();
    expect(client.state).toBe('closed');
    expect(FakeWebSocket.latest().closed).toBe(true);
  });

  it('reconnects with exponential backoff and jitter, capped at 30 s', () => {
    const { client } = setup({ random: () => 1 });
    client.start();
    const delays: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      const before = FakeWebSocket.instances.length;
      FakeWebSocket.latest().drop();
      expect(client.state).toBe('closed');
      const expected = Math.min(30_000, 1000 * 2 ** attempt);
      jest.advanceTimersByTime(expected - 1);
      expect(FakeWebSocket.instances.length).toBe(before);
      jest.advanceTimersByTime(1);
      expect(FakeWebSocket.instances.length).toBe(before + 1);
      delays.push(expected);
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
    client.stop();
  });

  it('spreads retries over the upper half of the delay and starts over after a successful open', () => {
    const low = setup({ random: () => 0 });
    expect(low.client.retryDelay(3)).toBe(4000);
    const high = setup({ random: () => 1 });
    expect(high.client.retryDelay(3)).toBe(8000);

    const { client } = setup({ random: () => 0 });
    client.start();
    FakeWebSocket.latest().drop();
    jest.advanceTimersByTime(500);
    FakeWebSocket.latest().drop();
    jest.advanceTimersByTime(1000);
    FakeWebSocket.latest().open();
    FakeWebSocket.latest().drop();
    const before = FakeWebSocket.instances.length;
    jest.advanceTimersByTime(500);
    expect(FakeWebSocket.instances.length).toBe(before + 1);
    client.stop();
  });

  it('does not reconnect after stop', () => {
    const { client } = setup();
    client.start();
    const socket = FakeWebSocket.latest();
    client.stop();
    socket.drop();
    jest.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('reconnects at once with the new token when asked', () => {
    const { client, setToken } = setup();
    client.start();
    FakeWebSocket.latest().open();
    setToken('t-2');
    client.reconnect();
    expect(FakeWebSocket.instances[0]?.closed).toBe(true);
    expect(FakeWebSocket.instances[0]?.sent).toEqual([]);
    expect(FakeWebSocket.latest().url).toBe('wss://swx.test/message');
    FakeWebSocket.latest().open();
    expect(FakeWebSocket.latest().sent).toEqual([{ op: 'auth', token: 't-2' }]);
    client.stop();
  });

  it('conflates ticks to the latest value per code and hands them over once per frame', () => {
    const { client, batches, runFrame } = setup();
    client.start();
    const socket = FakeWebSocket.latest();
    socket.open();
    socket.push([{ code: 'BTCUSDT', price: '67000.1', zdf: '1.2', time: 1 }]);
    socket.push([
      { code: 'BTCUSDT', price: '67000.5', zdf: '1.3', time: 1 },
      { code: 'EURUSD', price: '1.08431', zdf: '-0.1', time: 1 },
    ]);
    socket.push([{ code: 'BTCUSDT', price: '67001', zdf: '1.4', time: 1 }]);
    expect(batches).toHaveLength(0);
    runFrame();
    expect(batches).toEqual([
      [
        { code: 'BTCUSDT', price: '67001', zdf: '1.4', time: 1 },
        { code: 'EURUSD', price: '1.08431', zdf: '-0.1', time: 1 },
      ],
    ]);
    runFrame();
    expect(batches).toHaveLength(1);
    socket.push([{ code: 'EURUSD', price: '1.08432', zdf: '-0.09', time: 1 }]);
    runFrame();
    expect(batches[1]).toEqual([{ code: 'EURUSD', price: '1.08432', zdf: '-0.09', time: 1 }]);
    client.stop();
  });

  it('keeps an unknown change unknown (null), never 0, and drops items that are not prices', () => {
    const { client, batches, runFrame } = setup();
    client.start();
    const socket = FakeWebSocket.latest();
    socket.open();
    socket.push([
      { code: 'BTCUSDT', price: '67000.1', zdf: null, time: 5 },
      { code: 'EURUSD', price: '1.08431', time: 6 },
      { code: 'XAUUSD' },
      { price: '1' },
      'noise',
    ]);
    runFrame();
    expect(batches).toEqual([
      [
        { code: 'BTCUSDT', price: '67000.1', zdf: null, time: 5 },
        { code: 'EURUSD', price: '1.08431', zdf: null, time: 6 },
      ],
    ]);
    client.stop();
  });

  it('falls back to a timer when there are no animation frames', () => {
    const batches: LivePrice[][] = [];
    const original = globalThis.requestAnimationFrame;
    // @ts-expect-error simulating an environment without requestAnimationFrame
    delete globalThis.requestAnimationFrame;
    try {
      const client = new SocketClient({
        url: 'wss://swx.test/message',
        getToken: () => null,
        onTicks: (ticks) => batches.push(ticks),
        WebSocket: FakeWebSocket as unknown as WebSocketFactory,
      });
      client.start();
      FakeWebSocket.latest().open();
      FakeWebSocket.latest().push([{ code: 'XAUUSD', price: '2400.1', zdf: '0.5', time: 1 }]);
      FakeWebSocket.latest().push([{ code: 'XAUUSD', price: '2400.2', zdf: '0.6', time: 1 }]);
      jest.advanceTimersByTime(16);
      expect(batches).toEqual([[{ code: 'XAUUSD', price: '2400.2', zdf: '0.6', time: 1 }]]);
      client.stop();
    } finally {
      globalThis.requestAnimationFrame = original;
    }
  });

  it('counts subscriptions and tells the server only on 0↔1 transitions, batched', async () => {
    const { client } = setup();
    client.start();
    const socket = FakeWebSocket.latest();
    socket.open();
    const first = client.subscribe('BTCUSDT');
    const second = client.subscribe('BTCUSDT');
    const eth = client.subscribe('ETHUSDT');
    await flushMicrotasks();
    expect(socket.sent).toEqual([{ op: 'subscribe', codes: ['BTCUSDT', 'ETHUSDT'] }]);
    first();
    first(); // a second call of the same unsubscribe changes nothing
    await flushMicrotasks();
    expect(socket.sent).toHaveLength(1);
    second();
    await flushMicrotasks();
    expect(socket.sent[1]).toEqual({ op: 'unsubscribe', codes: ['BTCUSDT'] });
    expect(client.subscribedCodes).toEqual(['ETHUSDT']);
    eth();
    const again = client.subscribe('ETHUSDT');
    await flushMicrotasks();
    expect(socket.sent).toHaveLength(2); // unsubscribe and subscribe in one tick cancel out
    again();
    client.stop();
  });

  it('sends the subscriptions again after a reconnect', async () => {
    const { client } = setup();
    client.subscribe('BTCUSDT');
    client.subscribe('XAUUSD');
    client.start();
    await flushMicrotasks();
    const first = FakeWebSocket.latest();
    expect(first.sent).toEqual([]);
    first.open();
    expect(first.sent).toEqual([{ op: 'subscribe', codes: ['BTCUSDT', 'XAUUSD'] }]);
    first.drop();
    jest.advanceTimersByTime(30_000);
    const second = FakeWebSocket.latest();
    expect(second).not.toBe(first);
    second.open();
    expect(second.sent).toEqual([{ op: 'subscribe', codes: ['BTCUSDT', 'XAUUSD'] }]);
    client.stop();
  });

  it('delivers account events to listeners until they unsubscribe', () => {
    const { client, batches } = setup({ token: 't' });
    const events: unknown[] = [];
    const off = client.onAccountEvent((event) => events.push(event));
    client.start();
    const socket = FakeWebSocket.latest();
    socket.open();
    socket.push({ type: 'auth', ok: true });
    socket.push({ type: 'notification', id: '1', title: 'Deposit approved' });
    expect(events).toEqual([{ type: 'notification', id: '1', title: 'Deposit approved' }]);
    off();
    socket.push({ type: 'order.filled', id: '2' });
    expect(events).toHaveLength(1);
    expect(batches).toHaveLength(0);
    client.stop();
  });

  it('signs in before it subscribes on every new connection', async () => {
    const { client } = setup({ token: 'tok' });
    client.subscribe('BTCUSDT');
    client.start();
    await flushMicrotasks();
    FakeWebSocket.latest().open();
    expect(FakeWebSocket.latest().sent).toEqual([
      { op: 'auth', token: 'tok' },
      { op: 'subscribe', codes: ['BTCUSDT'] },
    ]);
    client.stop();
  });

  it('ignores frames of a replaced connection and malformed frames', () => {
    const { client, batches, runFrame } = setup();
    client.start();
    const old = FakeWebSocket.latest();
    old.open();
    client.reconnect();
    old.onmessage?.({
      data: JSON.stringify([{ code: 'BTCUSDT', price: '1', zdf: '0', time: 1 }]),
    } as MessageEvent);
    FakeWebSocket.latest().onmessage?.({ data: 'not json' } as MessageEvent);
    runFrame();
    expect(batches).toHaveLength(0);
    client.stop();
  });
});
