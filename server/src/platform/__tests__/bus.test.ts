import fc from 'fast-check';
import { type Database } from '../../db/client';
import { openTestDatabase } from '../../test/database';
import {
  Bus,
  defineChannel,
  MessageTooLargeError,
  NOTIFY_PAYLOAD_LIMIT,
  packPayloads,
  type ChannelDefinition,
} from '../bus';

/** A stand-in for `database.notify/listen`: records payloads and delivers them to every listener. */
class FakeNotify {
  readonly sent: { channel: string; payload: string }[] = [];
  failNext = false;
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();

  async notify(channel: string, payload: string): Promise<void> {
    if (this.failNext) {
      this.failNext = false;
      throw new Error('connection lost');
    }
    this.sent.push({ channel, payload });
    for (const listener of this.listeners.get(channel) ?? []) listener(payload);
  }

  async listen(channel: string, onMessage: (payload: string) => void) {
    const set = this.listeners.get(channel) ?? new Set();
    this.listeners.set(channel, set);
    set.add(onMessage);
    return async () => {
      set.delete(onMessage);
    };
  }

  /** A payload sent by something other than a bus (another version, a hand-written NOTIFY). */
  raw(channel: string, payload: string): void {
    for (const listener of this.listeners.get(channel) ?? []) listener(payload);
  }
}

function fakeLog() {
  const errors: unknown[] = [];
  const warnings: unknown[] = [];
  return {
    errors,
    warnings,
    error: (obj: unknown) => void errors.push(obj),
    warn: (obj: unknown) => void warnings.push(obj),
  };
}

const ids = defineChannel<[string, string]>({
  name: 'test_ids',
  parse: (item) =>
    Array.isArray(item) && typeof item[0] === 'string' && typeof item[1] === 'string'
      ? [item[0], item[1]]
      : undefined,
});
const ownSkipped: ChannelDefinition<[string, string]> = { ...ids, name: 'test_ids_skip', skipOwn: true };

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('bus', () => {
  it('sends the messages of one event-loop turn in one payload, in order', async () => {
    const wire = new FakeNotify();
    const bus = new Bus(wire, fakeLog());
    const channel = bus.channel(ids);
    void channel.publish(['spot', '1']);
    void channel.publish(['margin', '2']);
    void channel.publishMany([['option', '3']]);
    expect(wire.sent).toHaveLength(0);
    await nextTurn();
    await nextTurn();
    expect(wire.sent).toHaveLength(1);
    expect(JSON.parse(wire.sent[0]!.payload)).toEqual({
      i: bus.instanceId,
      m: [
        ['spot', '1'],
        ['margin', '2'],
        ['option', '3'],
      ],
    });
    // A later turn is a later payload.
    await channel.publish(['spot', '4']);
    expect(wire.sent).toHaveLength(2);
  });

  it('while a send is in flight, later turns wait and leave together (fewer NOTIFYs under load)', async () => {
    const wire = new FakeNotify();
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const slow = {
      listen: wire.listen.bind(wire),
      notify: async (channel: string, payload: string) => {
        if (wire.sent.length === 0) await gate;
        await wire.notify(channel, payload);
      },
    };
    const bus = new Bus(slow, fakeLog());
    const channel = bus.channel(ids);
    const first = channel.publish(['spot', '1']);
    await nextTurn();
    void channel.publish(['spot', '2']);
    await nextTurn();
    void channel.publish(['spot', '3']);
    await nextTurn();
    expect(wire.sent).toHaveLength(0);
    open();
    await first;
    await bus.flush();
    expect(wire.sent.map((s) => (JSON.parse(s.payload) as { m: unknown[] }).m)).toEqual([
      [['spot', '1']],
      [
        ['spot', '2'],
        ['spot', '3'],
      ],
    ]);
  });

  it('delivers typed messages and drops items its parser refuses', async () => {
    const wire = new FakeNotify();
    const bus = new Bus(wire, fakeLog());
    const received: [string, string][] = [];
    await bus.channel(ids).subscribe((messages) => void received.push(...messages));
    wire.raw('test_ids', JSON.stringify({ i: 'other', m: [['spot', '1'], 'junk', [1, 2], ['margin', '2']] }));
    wire.raw('test_ids', 'not json');
    wire.raw('test_ids', JSON.stringify({ i: 'other' }));
    expect(received).toEqual([
      ['spot', '1'],
      ['margin', '2'],
    ]);
  });

  it("skips the instance's own messages only when the channel asks for it", async () => {
    const wire = new FakeNotify();
    const mine = new Bus(wire, fakeLog());
    const theirs = new Bus(wire, fakeLog());
    const skipping: string[] = [];
    const hearing: string[] = [];
    await mine.channel(ownSkipped).subscribe((m) => void skipping.push(...m.map(([, id]) => id)));
    await mine.channel(ids).subscribe((m) => void hearing.push(...m.map(([, id]) => id)));
    await mine.channel(ownSkipped).publish(['spot', 'own']);
    await theirs.channel(ownSkipped).publish(['spot', 'other']);
    await mine.channel(ids).publish(['spot', 'own']);
    expect(skipping).toEqual(['other']);
    expect(hearing).toEqual(['own']);
  });

  it('logs a failing listener instead of throwing, and keeps delivering', async () => {
    const wire = new FakeNotify();
    const log = fakeLog();
    const bus = new Bus(wire, log);
    const channel = bus.channel(ids);
    let calls = 0;
    await channel.subscribe(() => {
      calls += 1;
      throw new Error('listener bug');
    });
    await channel.subscribe(async () => {
      throw new Error('async listener bug');
    });
    await channel.publish(['spot', '1']);
    await channel.publish(['spot', '2']);
    await nextTurn();
    expect(calls).toBe(2);
    expect(log.errors).toHaveLength(4);
  });

  it('refuses a message too large for one notification, queuing nothing', async () => {
    const wire = new FakeNotify();
    const bus = new Bus(wire, fakeLog());
    const channel = bus.channel(ids);
    expect(() => channel.publish(['doc', 'x'.repeat(NOTIFY_PAYLOAD_LIMIT)])).toThrow(MessageTooLargeError);
    expect(() =>
      channel.publishMany([
        ['ok', '1'],
        ['doc', 'é'.repeat(4_000)],
      ]),
    ).toThrow(MessageTooLargeError);
    await bus.flush();
    expect(wire.sent).toHaveLength(0);
  });

  it('logs a failed NOTIFY and still resolves the publisher', async () => {
    const wire = new FakeNotify();
    const log = fakeLog();
    const bus = new Bus(wire, log);
    wire.failNext = true;
    await expect(bus.channel(ids).publish(['spot', '1'])).resolves.toBeUndefined();
    expect(log.errors).toHaveLength(1);
    await bus.channel(ids).publish(['spot', '2']);
    expect(wire.sent).toHaveLength(1);
  });

  it('splits any batch into payloads under the byte limit without losing or reordering one', () => {
    const head = `{"i":"${'f'.repeat(36)}","m":[`;
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary', maxLength: 900 }), { maxLength: 120 }), (texts) => {
        const parts = texts.map((t) => JSON.stringify(t));
        const payloads = packPayloads(head, parts);
        for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThan(NOTIFY_PAYLOAD_LIMIT);
        const back = payloads.flatMap((p) => (JSON.parse(p) as { m: string[] }).m);
        expect(back).toEqual(texts);
      }),
      { numRuns: 80 },
    );
  });

  it('splits a burst of ticks (moved from the markets fan-out test)', () => {
    const ticks = Array.from({ length: 1000 }, (_, i) =>
      JSON.stringify(['BTCUSDT', `95000.${String(i).padStart(2, '0')}`, 1_767_000_000_000 + i, i + 1]),
    );
    const payloads = packPayloads('{"i":"instance","m":[', ticks);
    expect(payloads.length).toBeGreaterThan(1);
    const back = payloads.flatMap((p) => (JSON.parse(p) as { m: unknown[][] }).m);
    expect(back.map((t) => t[3])).toEqual(ticks.map((_, i) => i + 1));
  });
});

describe('bus over the database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('sends what one turn published on several channels in one statement, each to its listeners', async () => {
    const a = new Bus(database, fakeLog());
    const b = new Bus(database, fakeLog());
    const other: ChannelDefinition<[string, string]> = { ...ownSkipped, name: 'test_ids_other' };
    const received: string[] = [];
    const stops = [
      await b.channel(ownSkipped).subscribe((m) => void received.push(...m.map((x) => `first ${x[1]}`))),
      await b.channel(other).subscribe((m) => void received.push(...m.map((x) => `second ${x[1]}`))),
    ];
    const notifyAll = jest.spyOn(database, 'notifyAll');
    const notify = jest.spyOn(database, 'notify');
    await Promise.all([
      a.channel(ownSkipped).publish(['spot', '1']),
      a.channel(other).publish(['spot', '2']),
    ]);
    expect(notifyAll).toHaveBeenCalledTimes(1);
    expect(notify).not.toHaveBeenCalled();
    notifyAll.mockRestore();
    notify.mockRestore();
    const deadline = Date.now() + 5_000;
    while (received.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(received.sort()).toEqual(['first 1', 'second 2']);
    for (const stop of stops) await stop();
  });

  it('carries a batch from one instance to another through NOTIFY', async () => {
    const a = new Bus(database, fakeLog());
    const b = new Bus(database, fakeLog());
    const received: [string, string][] = [];
    const stop = await b.channel(ownSkipped).subscribe((m) => void received.push(...m));
    const many = Array.from({ length: 600 }, (_, i): [string, string] => ['spot', String(i)]);
    await a.channel(ownSkipped).publishMany(many);
    const deadline = Date.now() + 5_000;
    while (received.length < many.length && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 10));
    expect(received).toEqual(many);
    await stop();
  });
});
