import { eq } from 'drizzle-orm';
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
});
