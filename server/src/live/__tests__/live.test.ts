import WebSocket from 'ws';
import { createTestServer, type TestServer } from '../../test/harness';
import { TickListeners, type FeedResume, type FeedTick, type MarketFeed } from '../../markets/feed/types';
import { signUpCustomer, type SignedUpCustomer } from '../../auth/testing';
import { LiveHub, type LiveSocket } from '../hub';

/** A feed the test drives by hand (a stand-in for the simulator, only in tests). */
class ManualFeed implements MarketFeed {
  readonly kind = 'simulated' as const;
  private readonly listeners = new TickListeners();
  private seq = 0;
  onTicks(listener: (ticks: FeedTick[]) => void) {
    return this.listeners.add(listener);
  }
  start(resume: FeedResume) {
    this.seq = resume.lastSeq;
  }
  stop() {}
  publish(prices: [string, string][]): FeedTick[] {
    const ticks = prices.map(([code, price]) => ({ code, price, time: Date.now(), seq: ++this.seq }));
    this.listeners.emit(ticks);
    return ticks;
  }
}

async function startInstance(server: TestServer, feed?: ManualFeed): Promise<string> {
  if (feed) server.services.markets.useFeed(feed);
  for (const part of server.services.lifecycle) await part.start();
  const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
  return address.replace('http', 'ws');
}

interface Received {
  at: number;
  data: unknown;
}

class Client {
  readonly frames: Received[] = [];
  readonly socket: WebSocket;
  closeCode: number | undefined;
  constructor(url: string) {
    this.socket = new WebSocket(url);
    this.socket.on('message', (data) =>
      this.frames.push({ at: Date.now(), data: JSON.parse(data.toString()) }),
    );
    this.socket.on('close', (code) => (this.closeCode = code));
  }
  opened() {
    return new Promise<void>((resolve, reject) => {
      this.socket.once('open', () => resolve());
      this.socket.once('error', reject);
    });
  }
  send(message: unknown) {
    this.socket.send(JSON.stringify(message));
  }
  priceFrames(after = 0) {
    return this.frames
      .filter((f) => f.at >= after && Array.isArray(f.data))
      .map((f) => f.data as { code: string; price: string }[]);
  }
  /** Events other than freshness (those the freshness tests read with `freshness()`). */
  events() {
    return this.frames
      .filter((f) => !Array.isArray(f.data))
      .map((f) => f.data as { type: string })
      .filter((e) => e.type !== 'market.freshness');
  }
  freshness() {
    return this.frames
      .filter((f) => !Array.isArray(f.data))
      .map((f) => f.data as { type: string; stale: string[]; fresh: string[] })
      .filter((e) => e.type === 'market.freshness');
  }
  close() {
    this.socket.terminate();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(check: () => boolean, timeoutMs = 3000) {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await sleep(10);
  }
}

let serverA: TestServer;
let urlA: string;
const feed = new ManualFeed();
const clients: Client[] = [];
async function connect(url: string) {
  const client = new Client(url);
  clients.push(client);
  await client.opened();
  return client;
}

let alice: SignedUpCustomer;
let bob: SignedUpCustomer;
beforeAll(async () => {
  serverA = await createTestServer();
  alice = await signUpCustomer(serverA);
  bob = await signUpCustomer(serverA);
  urlA = await startInstance(serverA, feed);
});
afterAll(async () => {
  for (const c of clients) c.close();
  await serverA.close();
});

describe('/message prices', () => {
  it('sends a snapshot of known prices on connect', async () => {
    feed.publish([['BTCUSDT', '95000.00']]);
    const client = await connect(`${urlA}/message`);
    await until(() => client.priceFrames().length > 0);
    expect(client.priceFrames()[0]).toEqual([
      expect.objectContaining({ code: 'BTCUSDT', price: '95000.00' }),
    ]);
  });

  it('conflates many ticks into one frame per flush with the latest value per code', async () => {
    const client = await connect(`${urlA}/message`);
    await sleep(300);
    const after = Date.now();
    for (let i = 1; i <= 50; i++)
      feed.publish([
        ['BTCUSDT', (95000 + i).toFixed(2)],
        ['ETHUSDT', (3000 + i).toFixed(2)],
      ]);
    // The flush comes when the 250 ms timer fires (late on a loaded machine); once it has, one more period
    // passes to show no second frame follows.
    await until(() => client.priceFrames(after).length > 0);
    await sleep(300);
    const frames = client.priceFrames(after);
    expect(frames).toHaveLength(1);
    expect(frames[0]).toHaveLength(2);
    expect(frames[0]).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          code: 'BTCUSDT',
          price: '95050.00',
          zdf: expect.any(String),
          time: expect.any(Number),
        }),
        expect.objectContaining({ code: 'ETHUSDT', price: '3050.00' }),
      ]),
    );
  });

  it('flushes every 250 ms while ticks keep coming', async () => {
    const client = await connect(`${urlA}/message`);
    await sleep(300);
    const after = Date.now();
    for (let i = 0; i < 50; i++) {
      feed.publish([['SOLUSDT', (180 + i / 100).toFixed(2)]]);
      await sleep(20);
    }
    const publishing = Date.now() - after;
    await sleep(300);
    const elapsed = Date.now() - after;
    const times = client.frames.filter((f) => f.at >= after).map((f) => f.at);
    // One frame per flush: no more frames than 250 ms periods, and frames keep coming while ticking (at least
    // one a second: on a starved machine the interval's timer fires late, and a CI run saw 12 frames over
    // 5.5 s of publishing, so the lower bound leaves that slack; the timings are measured, not assumed).
    expect(times.length).toBeLessThanOrEqual(Math.ceil(elapsed / 250) + 1);
    expect(times.length).toBeGreaterThanOrEqual(Math.max(3, Math.floor(publishing / 1000)));
    const gaps = times
      .slice(1)
      .map((t, i) => t - times[i]!)
      .sort((a, b) => a - b);
    expect(gaps[Math.floor(gaps.length / 2)]).toBeGreaterThanOrEqual(200);
  });

  it('sends only subscribed codes after subscribe, and stops after unsubscribe', async () => {
    const client = await connect(`${urlA}/message`);
    await sleep(300);
    let after = Date.now();
    client.send({ op: 'subscribe', codes: ['ETHUSDT', 'NOSUCH'] });
    await until(() => client.priceFrames(after).length > 0);
    // The snapshot of the newly subscribed code comes at once.
    expect(client.priceFrames(after)[0]!.map((p) => p.code)).toEqual(['ETHUSDT']);
    await sleep(300);
    after = Date.now();
    feed.publish([
      ['BTCUSDT', '96000.00'],
      ['ETHUSDT', '3100.00'],
      ['XRPUSDT', '2.3000'],
    ]);
    // Wait for the flush itself (a fixed 400 ms saw none on a loaded CI run), then one more period for any
    // frame of the unsubscribed codes.
    await until(() => client.priceFrames(after).length > 0);
    await sleep(300);
    expect(
      client
        .priceFrames(after)
        .flat()
        .map((p) => p.code),
    ).toEqual(['ETHUSDT']);
    client.send({ op: 'unsubscribe', codes: ['ETHUSDT'] });
    // Frames are handled in order: the pong says the unsubscribe has been applied.
    const pongs = client.events().length;
    client.send({ op: 'ping' });
    await until(() => client.events().length > pongs);
    after = Date.now();
    feed.publish([['ETHUSDT', '3101.00']]);
    await sleep(400);
    expect(client.priceFrames(after)).toEqual([]);
  });

  it('answers an unknown op with an error object and a ping with pong', async () => {
    const client = await connect(`${urlA}/message`);
    client.send({ op: 'dance' });
    client.send({ op: 'ping' });
    await until(() => client.events().length >= 2);
    expect(client.events()).toEqual([
      expect.objectContaining({ type: 'error', code: '400' }),
      { type: 'pong' },
    ]);
  });
});

describe('/message freshness (issue 28)', () => {
  it('tells every socket when a market goes stale and when it is fresh again, and a new socket what is stale', async () => {
    const live = serverA.services.live;
    // Only this test's checks run: the instance's own check every second (at the real time, when SOLUSDT is
    // fresh) would otherwise undo the simulated 31 s whenever a busy machine lets it fire between two steps.
    const check = live.checkFreshness.bind(live);
    const timerChecks = jest
      .spyOn(live, 'checkFreshness')
      .mockImplementation((at?: number) => (at === undefined ? undefined : check(at)));
    // Every market the tests above ticked ticks again now, so all of them go stale at the same check below:
    // on a slow machine an earlier tick would otherwise age past its window between the two checks.
    feed.publish([
      ['BTCUSDT', '95000.00'],
      ['ETHUSDT', '3100.00'],
      ['SOLUSDT', '150.00'],
      ['XRPUSDT', '2.3000'],
    ]);
    const ticked = Date.now();
    live.checkFreshness(ticked);
    const client = await connect(`${urlA}/message`);
    await sleep(50);
    // 31 s without a tick: SOLUSDT (crypto, 30 s window) is stale.
    const stale = live.checkFreshness(ticked + 31_000);
    expect(stale?.stale).toContain('SOLUSDT');
    // The socket's first freshness frame is the snapshot on connect: wait for the change itself.
    await until(() => client.freshness().some((e) => e.stale.includes('SOLUSDT')));
    expect(client.freshness()).toContainEqual(
      expect.objectContaining({
        type: 'market.freshness',
        stale: expect.arrayContaining(['SOLUSDT']),
        fresh: [],
      }),
    );
    // Nothing changed: no second event.
    expect(live.checkFreshness(ticked + 32_000)).toBeUndefined();
    const late = await connect(`${urlA}/message`);
    await until(() => late.freshness().length > 0);
    expect(late.freshness()).toContainEqual(
      expect.objectContaining({ type: 'market.freshness', stale: expect.arrayContaining(['SOLUSDT']) }),
    );
    // A fresh tick: fresh again at the next check.
    feed.publish([['SOLUSDT', '151.00']]);
    const fresh = live.checkFreshness(Date.now());
    expect(fresh?.fresh).toContain('SOLUSDT');
    await until(() => client.freshness().some((e) => e.fresh.includes('SOLUSDT')));
    timerChecks.mockRestore();
  });

  it('counts a delayed tick (an old exchange trade time) as stale the moment it arrives', async () => {
    const markets = serverA.services.markets;
    const seq = markets.state.lastSeq() + 1;
    markets.ingest([{ code: 'XRPUSDT', price: '0.5000', time: Date.now() - 45_000, seq }]);
    expect(markets.isStale('XRPUSDT', Date.now())).toBe(true);
    // Told as stale at the next check, unless the sockets were already told (its earlier tick may have aged
    // past the window on a slow machine, since the check of the test above).
    serverA.services.live.checkFreshness(Date.now());
    expect(markets.feedStatus(Date.now()).staleMarkets).toContain('XRPUSDT');
  });
});

describe('/message account events', () => {
  it('delivers an account event only to the sockets of its customer', async () => {
    const signedIn = () => serverA.services.live.hub.signedInSessions().length;
    const before = signedIn();
    const aliceSocket = await connect(`${urlA}/message?token=${alice.token}`);
    const bobSocket = await connect(`${urlA}/message?token=${bob.token}`);
    const guest = await connect(`${urlA}/message`);
    // The URL's token is verified after the socket opens (and unacknowledged): wait until both are signed in.
    await until(() => signedIn() >= before + 2);
    serverA.services.live.publishAccountEvent(alice.userId, { type: 'order.filled', orderId: '7' });
    await until(() => aliceSocket.events().length > 0);
    await sleep(200);
    expect(aliceSocket.events()).toEqual([{ type: 'order.filled', orderId: '7' }]);
    expect(bobSocket.events()).toEqual([]);
    expect(guest.events()).toEqual([]);
  });

  it('refuses a bad token with an error and close code 4401', async () => {
    const client = new Client(`${urlA}/message?token=forged`);
    clients.push(client);
    await until(() => client.closeCode !== undefined);
    expect(client.closeCode).toBe(4401);
    expect(client.events()).toEqual([expect.objectContaining({ type: 'error', code: '401' })]);
  });
});

describe('two instances on one database', () => {
  let serverB: TestServer;
  let urlB: string;
  beforeAll(async () => {
    feed.publish([['XAUUSD', '4010.50']]);
    await serverA.services.markets.flushStorage();
    serverB = await createTestServer({ shareDatabaseWith: serverA });
    urlB = await startInstance(serverB);
  });
  afterAll(async () => {
    await serverB.close();
  });

  it('elects one feed leader', () => {
    expect(serverA.services.markets.isFeedLeader()).toBe(true);
    expect(serverB.services.markets.isFeedLeader()).toBe(false);
  });

  it('restores stored prices when an instance starts', () => {
    expect(serverB.services.markets.latestTick('XAUUSD')?.price).toBe('4010.50');
  });

  it('pushes a price published by one instance to a socket on the other', async () => {
    const client = await connect(`${urlB}/message`);
    await sleep(300);
    const after = Date.now();
    feed.publish([['EURUSD', '1.16123']]);
    await until(() =>
      client
        .priceFrames(after)
        .flat()
        .some((p) => p.code === 'EURUSD'),
    );
    expect(
      client
        .priceFrames(after)
        .flat()
        .find((p) => p.code === 'EURUSD'),
    ).toMatchObject({ price: '1.16123' });
    expect(serverB.services.markets.latestTick('EURUSD')?.price).toBe('1.16123');
  });

  it('delivers an account event published on one instance to the socket on the other', async () => {
    const signedIn = () => serverB.services.live.hub.signedInSessions().length;
    const before = signedIn();
    const aliceSocket = await connect(`${urlB}/message?token=${alice.token}`);
    await until(() => signedIn() > before);
    serverA.services.live.publishAccountEvent(alice.userId, { type: 'notification', title: 'hello' });
    await until(() => aliceSocket.events().length > 0);
    expect(aliceSocket.events()).toEqual([{ type: 'notification', title: 'hello' }]);
  });
});

describe('slow clients and memory', () => {
  function fakeSocket() {
    const handlers: Record<string, ((...args: never[]) => void)[]> = {};
    const socket = {
      bufferedAmount: 0,
      readyState: 1,
      sent: 0,
      terminated: false,
      send() {
        socket.sent++;
        // This client never reads: every frame stays in its buffer.
        socket.bufferedAmount += 100_000;
      },
      ping() {},
      terminate() {
        socket.terminated = true;
        socket.readyState = 3;
      },
      close() {},
      on(event: string, listener: (...args: never[]) => void) {
        (handlers[event] ??= []).push(listener);
      },
    };
    return socket;
  }

  it('drops a client whose buffer exceeds the bound instead of buffering without limit', () => {
    const hub = new LiveHub({
      flushMs: 250,
      maxBufferedBytes: 1024 * 1024,
      heartbeatMs: 30_000,
      livePrice: (t) => ({ code: t.code, price: t.price, zdf: null, time: t.time }),
      snapshot: () => [],
      isKnownCode: () => true,
      allCodes: () => ['BTCUSDT'],
    });
    const slow = fakeSocket();
    const healthy = fakeSocket();
    hub.add(slow as unknown as LiveSocket);
    hub.add(healthy as unknown as LiveSocket);
    for (let i = 0; i < 100; i++) {
      hub.offer([{ code: 'BTCUSDT', price: String(i), time: i, seq: i + 1 }]);
      healthy.bufferedAmount = 0; // a reading client drains its buffer
      hub.flush();
    }
    expect(slow.terminated).toBe(true);
    expect(slow.sent).toBeLessThanOrEqual(11);
    expect(healthy.terminated).toBe(false);
    expect(healthy.sent).toBe(100);
    expect(hub.stats).toMatchObject({ clients: 1, droppedSlow: 1 });
  });

  it('keeps one pending entry per code however many ticks arrive between flushes', async () => {
    const hub = serverA.services.live.hub;
    const client = await connect(`${urlA}/message`);
    await sleep(300);
    const heapBefore = process.memoryUsage().heapUsed;
    const after = Date.now();
    for (let i = 0; i < 200; i++) {
      feed.publish(
        Array.from(
          { length: 100 },
          (_, k) => ['BTCUSDT', (90000 + i + k / 100).toFixed(2)] as [string, string],
        ),
      );
    }
    const delivered = () =>
      client
        .priceFrames(after)
        .flat()
        .filter((p) => p.code === 'BTCUSDT');
    // All 20,000 ticks were offered before any flush, so one flush sends one entry and later flushes nothing.
    // Wait for that flush (a fixed sleep was too short on a busy CI machine), then a little longer.
    await until(() => delivered().length > 0, 5_000);
    await sleep(300);
    expect(delivered()).toHaveLength(1);
    expect(hub.stats.clients).toBeGreaterThan(0);
    // 20,000 ticks left no backlog behind (generous bound: garbage may not be collected yet).
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(64 * 1024 * 1024);
  });
});
