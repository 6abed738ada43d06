import { eq, sql } from 'drizzle-orm';
import { ticksChannel } from '../feed-runner';
import { createTestServer, type TestServer } from '../../test/harness';
import { TickListeners, type FeedResume, type FeedTick, type MarketFeed } from '../feed/types';
import { marketTicks } from '../tables';

/** A feed the test drives by hand; records whether it runs. */
class ManualFeed implements MarketFeed {
  readonly kind = 'simulated' as const;
  running = false;
  private readonly listeners = new TickListeners();
  private seq = 0;
  onTicks(listener: (ticks: FeedTick[]) => void) {
    return this.listeners.add(listener);
  }
  start(resume: FeedResume) {
    this.seq = resume.lastSeq;
    this.running = true;
  }
  stop() {
    this.running = false;
  }
  publish(code: string, price: string): void {
    this.listeners.emit([{ code, price, time: Date.now(), seq: ++this.seq }]);
  }
}

async function until(check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const storedPrices = (server: TestServer, code: string) =>
  server.database.db.select().from(marketTicks).where(eq(marketTicks.code, code));

describe('the feed follows the scheduler leadership', () => {
  let first: TestServer;
  let second: TestServer;
  const feedA = new ManualFeed();
  const feedB = new ManualFeed();

  beforeAll(async () => {
    first = await createTestServer();
    first.services.markets.useFeed(feedA);
    for (const part of first.services.lifecycle) await part.start();
    second = await createTestServer({ shareDatabaseWith: first });
    second.services.markets.useFeed(feedB);
    for (const part of second.services.lifecycle) await part.start();
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it('runs on the leader only, stores its ticks through the scheduled flush, and fans them out', async () => {
    expect([first.services.scheduler.isLeader(), first.services.markets.isFeedLeader()]).toEqual([
      true,
      true,
    ]);
    expect([second.services.scheduler.isLeader(), second.services.markets.isFeedLeader()]).toEqual([
      false,
      false,
    ]);
    expect([feedA.running, feedB.running]).toEqual([true, false]);
    feedA.publish('XAUUSD', '4020.25');
    // Nobody calls flushStorage here: the leader's one-second storage job writes the tick.
    await until(async () => (await storedPrices(first, 'XAUUSD')).length === 1);
    await until(() => second.services.markets.latestTick('XAUUSD')?.price === '4020.25');
  });

  it('moves to the other instance when the leader stops, keeping what it had buffered', async () => {
    const scheduler = first.services.lifecycle.find((part) => part.name === 'scheduler')!;
    feedA.publish('XAUUSD', '4021.00');
    // Stepping down stops the feed and flushes its last ticks before the job loop is gone.
    await scheduler.stop();
    expect([feedA.running, first.services.markets.isFeedLeader()]).toEqual([false, false]);
    expect((await storedPrices(first, 'XAUUSD')).map((row) => row.price)).toHaveLength(2);
    // The follower tries again within its election interval (5 s) and starts its own feed from the stored seq.
    await until(() => second.services.markets.isFeedLeader(), 12_000);
    expect(feedB.running).toBe(true);
    await scheduler.start();
    expect(first.services.markets.isFeedLeader()).toBe(false);
  });

  it('a leader deposed behind its back stores nothing more, stops its feed, and its late ticks are dropped', async () => {
    // The second leads now (the test before). Its term's ticks are stored with its epoch.
    const epoch = second.services.scheduler.epoch()!;
    expect(epoch).toBeGreaterThan(0n);
    feedB.publish('XAUUSD', '4030.00');
    await until(async () =>
      (await storedPrices(second, 'XAUUSD')).some((row) => row.price === '4030.000000000000000000'),
    );
    const stored = await storedPrices(second, 'XAUUSD');
    expect(stored.find((row) => row.price.startsWith('4030'))!.epoch).toBe(epoch);
    await until(() => first.services.markets.latestTick('XAUUSD')?.price === '4030.00');

    // Another instance took over (the epoch moved on) while this one still believes it leads.
    await second.database.db.execute(sql`update platform_leadership set epoch = epoch + 1`);
    feedB.publish('XAUUSD', '4031.00');
    // Its flush is refused by the fence: the tick is not stored, the term ends and the feed stops.
    await until(() => !feedB.running, 5_000);
    expect((await storedPrices(second, 'XAUUSD')).some((row) => row.price.startsWith('4031'))).toBe(false);
    expect(second.services.scheduler.isLeader()).toBe(false);

    // A receiver that has seen a newer term drops a tick of an older one (a deposed leader's late send).
    const latest = first.services.markets.latestTick('XAUUSD')!;
    await first.services.bus.flush();
    // A later sequence number than the newer term's tick: only its epoch gives it away.
    const late: [string, string, number, number, string] = [
      'XAUUSD',
      '1.00',
      Date.now(),
      latest.seq + 200,
      '1',
    ];
    const newer: [string, string, number, number, string] = [
      'XAUUSD',
      '4032.00',
      Date.now(),
      latest.seq + 101,
      (epoch + 5n).toString(),
    ];
    await second.services.bus.channel(ticksChannel).publishMany([newer]);
    await until(() => first.services.markets.latestTick('XAUUSD')?.price === '4032.00');
    await second.services.bus.channel(ticksChannel).publishMany([late]);
    await second.services.bus.flush();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(first.services.markets.latestTick('XAUUSD')?.price).toBe('4032.00');
  });
});
