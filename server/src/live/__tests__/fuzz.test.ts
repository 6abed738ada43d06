import fc from 'fast-check';
import WebSocket from 'ws';
import { createTestServer, type TestServer } from '../../test/harness';
import { TickListeners, type FeedResume, type FeedTick, type MarketFeed } from '../../markets/feed/types';
import { signUpCustomer, type SignedUpCustomer } from '../../auth/testing';
import { parseClientMessage, type LiveHubFailure } from '../hub';
import { propertyRuns } from '../../test/property-runs';

/**
 * Hostile frames against `/message` on a real listening server: whatever a client sends, it gets an error
 * frame or a close, nothing escapes into the process, and other clients keep receiving prices.
 */

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
  publish(code: string, price: string) {
    this.listeners.emit([{ code, price, time: Date.now(), seq: ++this.seq }]);
  }
}

interface Frame {
  data: string | Buffer;
  binary: boolean;
}

type Answer = { kind: 'frames'; frames: unknown[] } | { kind: 'closed'; code: number };

/** One socket that answers "what came back for this frame" (frames up to the sentinel pong, or the close). */
class Probe {
  readonly socket: WebSocket;
  private inbox: unknown[] = [];
  private waiting: ((answer: Answer) => void) | undefined;
  closeCode: number | undefined;
  constructor(url: string) {
    this.socket = new WebSocket(url);
    this.socket.on('message', (data, isBinary) => {
      const parsed = isBinary ? { binary: true } : JSON.parse(data.toString());
      // Prices flow all the time (a snapshot on connect, a flush every 250 ms): not an answer to anything.
      if (Array.isArray(parsed)) return;
      // So do freshness changes of markets (a snapshot on connect, then changes): not answers either.
      if (parsed && typeof parsed === 'object' && (parsed as { type?: string }).type === 'market.freshness')
        return;
      if (parsed && typeof parsed === 'object' && (parsed as { type?: string }).type === 'pong') {
        const frames = this.inbox;
        this.inbox = [];
        this.waiting?.({ kind: 'frames', frames });
      } else {
        this.inbox.push(parsed);
      }
    });
    this.socket.on('close', (code) => {
      this.closeCode = code;
      this.waiting?.({ kind: 'closed', code });
    });
    this.socket.on('error', () => {});
  }
  opened() {
    return new Promise<void>((resolve, reject) => {
      this.socket.once('open', () => resolve());
      this.socket.once('error', reject);
    });
  }
  /** Sends the frame, then a ping: everything before the pong is the frame's answer. */
  ask(frame: Frame): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no answer within 5 s')), 5_000);
      this.waiting = (answer) => {
        clearTimeout(timer);
        this.waiting = undefined;
        resolve(answer);
      };
      this.socket.send(frame.data, { binary: frame.binary });
      if (this.socket.readyState === WebSocket.OPEN) this.socket.send('{"op":"ping"}');
    });
  }
  close() {
    this.socket.terminate();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let server: TestServer;
let url: string;
let customer: SignedUpCustomer;
const feed = new ManualFeed();
const failures: LiveHubFailure[] = [];
let watcher: WebSocket;
const watcherPrices: { at: number; code: string }[] = [];
let ticker: NodeJS.Timeout;

beforeAll(async () => {
  server = await createTestServer();
  customer = await signUpCustomer(server);
  server.services.markets.useFeed(feed);
  for (const part of server.services.lifecycle) await part.start();
  const hub = server.services.live.hub;
  const report = hub.onFailure;
  hub.onFailure = (failure) => {
    failures.push(failure);
    report(failure);
  };
  url = (await server.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws') + '/message';
  watcher = new WebSocket(url);
  watcher.on('message', (data) => {
    const parsed = JSON.parse(data.toString()) as unknown;
    if (Array.isArray(parsed))
      for (const p of parsed as { code: string }[]) watcherPrices.push({ at: Date.now(), code: p.code });
  });
  await new Promise((resolve) => watcher.once('open', resolve));
  let i = 0;
  ticker = setInterval(() => feed.publish('BTCUSDT', (95_000 + (i++ % 100)).toFixed(2)), 50);
});

afterAll(async () => {
  clearInterval(ticker);
  watcher.terminate();
  await server.close();
});

/** Frames the hub answers without an error: well-formed ping, subscribe and unsubscribe. */
function isWellFormed(frame: Frame): boolean {
  if (frame.binary || typeof frame.data !== 'string') return false;
  const message = parseClientMessage(frame.data);
  if (typeof message === 'string') return false;
  if (message.op === 'ping') return true;
  return (
    (message.op === 'subscribe' || message.op === 'unsubscribe') &&
    Array.isArray(message.codes) &&
    message.codes.length <= 200
  );
}

function expectErrorOrClose(frame: Frame, answer: Answer): void {
  if (answer.kind === 'closed') {
    // 1007 invalid UTF-8, 1009 too big, 4401 bad token: a close with a reason, never 1011 (internal error).
    expect([1007, 1009, 4401]).toContain(answer.code);
    return;
  }
  if (isWellFormed(frame)) {
    expect(answer.frames).toEqual([]);
    return;
  }
  expect(answer.frames).toEqual([expect.objectContaining({ type: 'error', code: expect.any(String) })]);
}

const text = (data: string): Frame => ({ data, binary: false });

const NASTIES: Frame[] = [
  text('null'),
  text('0'),
  text('-1e309'),
  text('"op"'),
  text('true'),
  text('[]'),
  text('[{"op":"subscribe"}]'),
  text('{}'),
  text('{"op":null}'),
  text('{"op":{}}'),
  text('{"op":["ping"]}'),
  text('{"op":"subscribe"}'),
  text('{"op":"subscribe","codes":null}'),
  text('{"op":"subscribe","codes":"BTCUSDT"}'),
  text('{"op":"subscribe","codes":{"length":1e9}}'),
  text(`{"op":"subscribe","codes":${JSON.stringify(Array.from({ length: 201 }, () => 'BTCUSDT'))}}`),
  text('{"op":"unsubscribe","codes":[null,1,{},[]]}'),
  text('{"op":"__proto__"}'),
  text('{"op":"constructor"}'),
  text('{"op":"hasOwnProperty"}'),
  text('{"__proto__":{"op":"ping"}}'),
  text('{"op":"auth"}'),
  text('{"op":"auth","token":12345}'),
  text(`{"op":"auth","token":"${'x'.repeat(600)}"}`),
  text('{"op":"dance"}'),
  text(''),
  text(' '),
  text('{'),
  text('\u0000'),
  text('"\ud800"'),
  text('{"op":"\u202e\u200b"}'),
  text('['.repeat(7000) + ']'.repeat(7000)),
  text('{"a":'.repeat(2500) + '1' + '}'.repeat(2500)),
  { data: Buffer.from([0x00, 0xff, 0x10]), binary: true },
  { data: Buffer.from('{"op":"ping"}'), binary: true },
  { data: Buffer.from([0xc3, 0x28, 0xff, 0xfe]), binary: false },
  text('x'.repeat(20 * 1024)),
  text('x'.repeat(100 * 1024)),
  text('{"op":"auth","token":"forged-token"}'),
];

const frameArbitrary: fc.Arbitrary<Frame> = fc.oneof(
  fc.jsonValue({ maxDepth: 6 }).map((value) => text(JSON.stringify(value) ?? 'null')),
  fc.string({ unit: 'binary', maxLength: 300 }).map(text),
  fc.uint8Array({ maxLength: 300 }).map((bytes) => ({ data: Buffer.from(bytes), binary: true })),
  fc
    .record({
      op: fc.oneof(
        fc.constantFrom('subscribe', 'unsubscribe', 'ping', 'auth', 'pong', ''),
        fc.string({ maxLength: 40 }),
        fc.jsonValue({ maxDepth: 2 }),
      ),
      codes: fc.oneof(
        fc.jsonValue({ maxDepth: 3 }),
        fc.array(fc.string({ maxLength: 40 }), { maxLength: 20 }),
      ),
      token: fc.jsonValue({ maxDepth: 1 }),
    })
    .map((message) => text(JSON.stringify(message))),
);

async function answerOf(frame: Frame): Promise<Answer> {
  const probe = new Probe(url);
  try {
    await probe.opened();
    return await probe.ask(frame);
  } finally {
    probe.close();
  }
}

/** Sends one frame on a fresh socket and waits for the server to close it. */
async function closeOf(frame: Frame): Promise<number | undefined> {
  const probe = new Probe(url);
  await probe.opened();
  probe.socket.send(frame.data, { binary: frame.binary });
  const end = Date.now() + 3_000;
  while (probe.closeCode === undefined && Date.now() < end) await sleep(10);
  return probe.closeCode;
}

describe('/message under hostile frames', () => {
  it('answers every hand-picked nasty with an error frame or a close', async () => {
    for (const frame of NASTIES) {
      const answer = await answerOf(frame);
      try {
        expectErrorOrClose(frame, answer);
      } catch (error) {
        throw new Error(`frame ${String(frame.data).slice(0, 80)}: ${(error as Error).message}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers generated frames of every shape on one connection, which stays usable', async () => {
    let probe = new Probe(url);
    await probe.opened();
    const startedAt = Date.now();
    await fc.assert(
      fc.asyncProperty(frameArbitrary, async (frame) => {
        const answer = await probe.ask(frame);
        expectErrorOrClose(frame, answer);
        if (answer.kind === 'closed') {
          // Only a refused sign-in closes a connection here; the next frame gets a fresh one.
          expect(answer.code).toBe(4401);
          probe = new Probe(url);
          await probe.opened();
        }
      }),
      { numRuns: propertyRuns(300) },
    );
    probe.close();
    expect(failures).toEqual([]);
    // The bystander kept receiving prices during and after the attack (waited for, however slow the machine).
    const attackEnded = Date.now();
    const deadline = attackEnded + 30_000;
    // The attack may be over in less time than three ticks on a quiet machine: wait for them too.
    const kept = () =>
      watcherPrices.some((p) => p.at > attackEnded) &&
      watcherPrices.filter((p) => p.at >= startedAt).length > 2;
    while (!kept() && Date.now() < deadline) await sleep(50);
    expect(watcherPrices.some((p) => p.at > attackEnded)).toBe(true);
    expect(watcherPrices.filter((p) => p.at >= startedAt).length).toBeGreaterThan(2);
    expect(watcher.readyState).toBe(WebSocket.OPEN);
  });

  it('catches a failing handler: close 1011, the failure reported, the server still serving', async () => {
    const hub = server.services.live.hub;
    hub.handle('explode', () => {
      throw new Error('handler bug');
    });
    hub.handle('explode-later', async () => {
      await sleep(1);
      throw new Error('async handler bug');
    });
    const before = failures.length;
    expect(await closeOf(text('{"op":"explode"}'))).toBe(1011);
    expect(await closeOf(text('{"op":"explode-later"}'))).toBe(1011);
    expect(failures.slice(before).map((f) => f.op)).toEqual(['explode', 'explode-later']);
    failures.splice(before);
    const metrics = await server.app.inject({ method: 'GET', url: '/healthz' });
    expect(metrics.statusCode).toBe(200);
    expect(await answerOf(text('{"op":"ping"}'))).toEqual({ kind: 'frames', frames: [] });
  });
});

describe('/message sign-in by message', () => {
  it('identifies the socket with {op: auth, token}, acknowledges it and delivers account events', async () => {
    const probe = new Probe(url);
    await probe.opened();
    const answer = await probe.ask(text(JSON.stringify({ op: 'auth', token: customer.token })));
    expect(answer).toEqual({ kind: 'frames', frames: [{ type: 'auth', ok: true }] });
    server.services.live.publishAccountEvent(customer.userId, { type: 'notification', title: 'hi' });
    await sleep(400);
    const after = await probe.ask(text('{"op":"ping"}'));
    expect(after).toEqual({ kind: 'frames', frames: [{ type: 'notification', title: 'hi' }] });
    // A second sign-in on the same socket is refused rather than switching customers.
    const again = await probe.ask(text(JSON.stringify({ op: 'auth', token: customer.token })));
    expect(again).toEqual({ kind: 'frames', frames: [expect.objectContaining({ type: 'error' })] });
    probe.close();
  });

  it('closes with 4401 after an error frame when the token does not verify', async () => {
    const probe = new Probe(url);
    await probe.opened();
    const frames: unknown[] = [];
    probe.socket.on('message', (data) => {
      const parsed = JSON.parse(data.toString()) as unknown;
      if (!Array.isArray(parsed)) frames.push(parsed);
    });
    probe.socket.send(JSON.stringify({ op: 'auth', token: 'forged' }));
    const end = Date.now() + 3_000;
    while (probe.closeCode === undefined && Date.now() < end) await sleep(10);
    expect(probe.closeCode).toBe(4401);
    expect(frames).toEqual([expect.objectContaining({ type: 'error', code: '401' })]);
  });
});

describe('/message after the session ends', () => {
  it('closes with 4401 the sockets of a signed-out session, and only those', async () => {
    const leaving = await signUpCustomer(server);
    const [ended, kept, other] = [new Probe(url), new Probe(url), new Probe(url)];
    await Promise.all([ended.opened(), kept.opened(), other.opened()]);
    expect(await ended.ask(text(JSON.stringify({ op: 'auth', token: leaving.token })))).toMatchObject({
      frames: [{ type: 'auth', ok: true }],
    });
    const second = await server.app.inject({
      method: 'POST',
      url: '/swx/customer/login/login',
      payload: { account: leaving.username, password: leaving.password },
    });
    const secondToken = (second.json() as { result: { token: string } }).result.token;
    expect(await kept.ask(text(JSON.stringify({ op: 'auth', token: secondToken })))).toMatchObject({
      frames: [{ type: 'auth', ok: true }],
    });
    expect(await other.ask(text(JSON.stringify({ op: 'auth', token: customer.token })))).toMatchObject({
      frames: [{ type: 'auth', ok: true }],
    });

    // Nothing ended yet: the check closes nothing.
    expect(await server.services.live.checkSessions()).toBe(0);
    const out = await server.app.inject({
      method: 'POST',
      url: '/swx/customer/login/logout',
      headers: { authorization: leaving.token },
    });
    expect(out.statusCode).toBe(200);
    expect(await server.services.live.checkSessions()).toBe(1);
    const end = Date.now() + 3_000;
    while (ended.closeCode === undefined && Date.now() < end) await sleep(10);
    expect(ended.closeCode).toBe(4401);
    // The customer's other session and another customer's socket stay signed in and keep their events.
    server.services.live.publishAccountEvent(leaving.userId, { type: 'notification', title: 'still here' });
    await sleep(400);
    expect(await kept.ask(text('{"op":"ping"}'))).toEqual({
      kind: 'frames',
      frames: [{ type: 'notification', title: 'still here' }],
    });
    expect(other.closeCode).toBeUndefined();
    kept.close();
    other.close();
  });
});
