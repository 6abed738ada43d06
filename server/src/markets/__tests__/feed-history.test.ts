import path from 'node:path';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import Decimal from 'decimal.js';
import pino from 'pino';
import type { CandleInterval } from '@swx/shared/contract';
import { loadConfig } from '../../config';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { Bus, BusChannel, ChannelDefinition } from '../../platform/bus';
import { FakeClock } from '../../platform/clock';
import { openDatabase } from '../../db/client';
import { openFreshDatabase } from '../../test/database';
import { createTestServer, type TestServer } from '../../test/harness';
import { calendars, isOpenAt, type Calendar } from '../calendar';
import { queryCandles } from '../candles';
import { listedFeedMarkets, listedMarkets } from '../catalogue';
import type { MarketRecord } from '../records';
import { loadStoredPrices } from '../stored-prices';
import { FeedRunner } from '../feed-runner';
import { ReplayFeed } from '../feed/replay';
import { SimulatedFeed } from '../feed/simulated';
import {
  generateHistory,
  historyWindow,
  HISTORY_TICKS_PER_MARKET,
  MAX_HISTORY_DAYS,
  type SimulatedHistory,
} from '../feed/simulated-history';
import type { FeedMarket, FeedResume, MarketFeed } from '../feed/types';
import { HISTORY_BATCH_ROWS, prepareSimulatedHistory } from '../history';
import { MarketState } from '../state';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const SEED = 20260101;
// Friday 27 November 2026, 05:59:31 UTC: stocks closed, crypto open, forex open.
const NOW = Date.UTC(2026, 10, 27, 5, 59, 31);
const CODES = ['BTCUSDT', 'ETHUSDT', 'EURUSD', 'AAPL', 'XAUUSD'];

const feedMarkets = (codes: string[] = CODES): FeedMarket[] => listedFeedMarkets(codes);

const drops: (() => Promise<void>)[] = [];
/** A fresh database (PGlite, or PostgreSQL with TEST_DATABASE_URL), dropped after the file. */
async function freshDatabase(): Promise<Database> {
  const fresh = await openFreshDatabase();
  drops.push(async () => {
    await fresh.database.close().catch(() => undefined);
    await fresh.drop();
  });
  return fresh.database;
}
afterAll(async () => {
  for (const drop of drops) await drop();
});

/** The simulated feed as the runner starts it, except that it never steps by itself: the test steps it. */
class SteppedFeed extends SimulatedFeed {
  override start(resume: FeedResume): void {
    this.resume(resume);
  }
}

const simulatedFeed = (clock: FakeClock, seed = SEED) =>
  new SteppedFeed({ seed, markets: feedMarkets(), now: () => clock.now() });

type Listener = (messages: unknown[]) => void | Promise<void>;

/** The bus between instances of one test: what one publishes, the others (and itself unless `skipOwn`) get. */
function memoryBus() {
  const subscribers = new Map<string, Set<{ owner: object; listener: Listener }>>();
  return (owner: object): Pick<Bus, 'channel'> => ({
    channel: <T>(definition: ChannelDefinition<T>) => {
      const set = subscribers.get(definition.name) ?? new Set();
      subscribers.set(definition.name, set);
      const publishMany = async (messages: readonly T[]) => {
        for (const entry of set)
          if (!(definition.skipOwn && entry.owner === owner)) await entry.listener([...messages]);
      };
      return {
        publish: (message: T) => publishMany([message]),
        publishMany,
        subscribe: async (listener: (messages: T[]) => void | Promise<void>) => {
          const entry = { owner, listener: listener as Listener };
          set.add(entry);
          return async () => void set.delete(entry);
        },
      } as BusChannel<T>;
    },
  });
}

const priceDecimals = new Map(listedMarkets.map((m) => [m.code, m.priceDecimals]));

/**
 * The feed side of the markets domain on `database`, leading unless told otherwise, with the clock injected;
 * the scheduler's job loop is left out, and the bus connects only the instances of one `memoryBus`.
 */
function feedRunner(
  database: Database,
  clock: FakeClock,
  feed: MarketFeed,
  days = MAX_HISTORY_DAYS,
  options: { bus?: ReturnType<typeof memoryBus>; leader?: boolean } = {},
) {
  const state = new MarketState(CODES);
  const owner = {};
  const records = CODES.map((code) => ({ code }) as MarketRecord);
  const runner = new FeedRunner({
    config: {
      marketFeed: feed.kind,
      replayFile: undefined,
      marketFeedSeed: SEED,
      marketFeedHistoryDays: days,
    },
    database,
    log: pino({ level: 'silent' }),
    scheduler: {
      every: () => undefined,
      onLeadership: async () => () => undefined,
      isLeader: () => options.leader ?? true,
      now: () => clock.now(),
      // Outside a leadership term: nothing to fence.
      epoch: () => undefined,
      fence: async () => undefined,
    },
    bus: (options.bus ?? memoryBus())(owner),
    state,
    knownCodes: () => new Set(CODES),
    feedMarkets: () => feedMarkets(),
    storedPrices: () =>
      loadStoredPrices(database.db, records, (code, value) =>
        new Decimal(value).toFixed(priceDecimals.get(code)!),
      ),
  });
  runner.useFeed(feed);
  return {
    runner,
    state,
    /** Becomes the leader (the feed starts) and waits for the history to be stored. */
    async lead() {
      await runner.begin();
      await runner.followLeadership();
      return runner.historyWritten();
    },
    async stop() {
      runner.end();
      await runner.followLeadership();
    },
  };
}

async function count(database: Database, table: 'market_candles_1m' | 'market_ticks' | 'feed_history') {
  const result = await database.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return rowsOf<{ n: number }>(result)[0]!.n;
}

/** Every stored candle, as text, in key order. */
async function storedCandles(database: Database): Promise<string[]> {
  const result = await database.db.execute(
    sql`select code, open_time, open, high, low, close, tick_count, close_seq, span_minutes
          from market_candles_1m order by code, open_time`,
  );
  return rowsOf<Record<string, unknown>>(result).map((row) =>
    JSON.stringify({ ...row, open_time: new Date(row.open_time as string).toISOString() }),
  );
}

describe('the generated past (pure)', () => {
  const window = historyWindow(NOW, 90);
  let history: SimulatedHistory;
  beforeAll(async () => {
    history = await generateHistory({ seed: SEED, markets: feedMarkets(), window });
  });

  it('is deterministic: the same seed gives the same past, another seed another one', async () => {
    const again = await generateHistory({ seed: SEED, markets: feedMarkets(), window });
    expect(again.candles).toEqual(history.candles);
    expect(again.prices).toEqual(history.prices);
    expect(again.lastSeq).toBe(history.lastSeq);
    const other = await generateHistory({ seed: SEED + 1, markets: feedMarkets(), window });
    expect(other.candles.close).not.toEqual(history.candles.close);
  });

  it('covers at most 90 days ending at the current minute, 1m candles recently and coarser before', () => {
    expect(window.to).toBe(Date.UTC(2026, 10, 27, 5, 59));
    expect(window.to - window.from).toBeLessThanOrEqual(90 * DAY);
    expect(window.to - window.from).toBeGreaterThan(90 * DAY - HOUR);
    expect(historyWindow(NOW, 500)).toEqual(window);
    const c = history.candles;
    const wrong: string[] = [];
    for (let i = 0; i < c.length; i++) {
      const age = window.to - c.openTime[i]!;
      const span = c.spanMinutes[i]! * MINUTE;
      // Tier boundaries sit on the coarser tier's span: up to 5 minutes and an hour further back.
      const tier =
        age <= 2 * DAY ? 1 : age > 2 * DAY + 5 * MINUTE && age <= 7 * DAY ? 5 : age > 7 * DAY + HOUR ? 60 : 0;
      if (tier !== 0 && c.spanMinutes[i] !== tier) wrong.push(`${i}: span ${c.spanMinutes[i]} at age ${age}`);
      if (c.openTime[i]! % span !== 0) wrong.push(`${i}: not aligned`);
      if (c.openTime[i]! < window.from || c.openTime[i]! + span > window.to) wrong.push(`${i}: outside`);
      if (c.low[i]! > Math.min(c.open[i]!, c.close[i]!) || c.high[i]! < Math.max(c.open[i]!, c.close[i]!))
        wrong.push(`${i}: low/high`);
      if (i > 0 && c.openTime[i]! < c.openTime[i - 1]!) wrong.push(`${i}: out of order`);
    }
    expect(wrong).toEqual([]);
    expect(new Set(c.spanMinutes)).toEqual(new Set([1, 5, 60]));
    // Every tick is in exactly one candle; the last candle closes with the last sequence number.
    expect(c.tickCount.reduce((sum, n) => sum + n, 0)).toBe(history.lastSeq);
    expect(Math.max(...c.closeSeq)).toBe(history.lastSeq);
  });

  it('ticks only while a market is open: no stock candle on a weekend', () => {
    const aapl = history.codes.indexOf('AAPL');
    const c = history.candles;
    const days = new Set<number>();
    for (let i = 0; i < c.length; i++)
      if (c.market[i] === aapl) days.add(new Date(c.openTime[i]!).getUTCDay());
    expect([...days].sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps each market’s last 100 ticks, previous close and day open for the market state', () => {
    const btc = history.prices.find((p) => p.code === 'BTCUSDT')!;
    expect(btc.recentTicks).toHaveLength(HISTORY_TICKS_PER_MARKET);
    expect(btc.recentTicks.at(-1)!.time).toBe(window.to - 15_000);
    expect(btc.recentTicks.at(-1)!.price).toMatch(/^\d+\.\d{2}$/);
    expect(btc.previousClose).toMatch(/^\d+\.\d{2}$/);
    expect(btc.dayOpen).toBeDefined();
  });

  it('reads calendars as the Date-based definition does (the faster isOpenAt)', () => {
    const reference = (calendar: Calendar, at: number) => {
      if (calendar.alwaysOpen) return true;
      const date = new Date(at);
      const now = date.getUTCDay() * 1440 + date.getUTCHours() * 60 + date.getUTCMinutes();
      const minute = (day: number, time: string) =>
        day * 1440 + Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
      return calendar.sessions.some((s) => {
        const open = minute(s.openDay, s.openTime);
        const close = minute(s.closeDay, s.closeTime);
        return close > open ? now >= open && now < close : now >= open || now < close;
      });
    };
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: Date.UTC(2100, 0, 1) }),
        fc.constantFrom(...Object.values(calendars)),
        (at, calendar) => isOpenAt(calendar, at) === reference(calendar, at),
      ),
      { numRuns: 5000 },
    );
  });
});

describe('the simulated feed publishes its past on its first start', () => {
  let database: Database;
  const clock = new FakeClock(NOW);
  let instance: ReturnType<typeof feedRunner>;
  const feed = simulatedFeed(clock);

  beforeAll(async () => {
    database = await freshDatabase();
    instance = feedRunner(database, clock, feed);
    const progress = await instance.lead();
    expect(progress?.complete).toBe(true);
  });
  afterAll(async () => instance.stop());

  it.each<[CandleInterval, number, number]>([
    ['1m', 300 * MINUTE, 300],
    ['5m', 300 * 5 * MINUTE, 300],
    ['15m', 300 * 15 * MINUTE, 300],
    ['30m', 300 * 30 * MINUTE, 300],
    ['1h', 300 * HOUR, 300],
    ['4h', 300 * 4 * HOUR, 90 * 6],
    ['1d', 300 * DAY, 90],
    ['1w', 300 * 7 * DAY, 13],
  ])('fills the %s chart of a 24/7 market', async (interval, range, expected) => {
    const to = clock.now();
    const candles = await queryCandles(database.db, 'BTCUSDT', interval, to - range, to, 2);
    // The first bucket of a window may be cut by the window's start.
    expect(candles.length).toBeGreaterThanOrEqual(Math.min(expected, 300) - 1);
    expect(candles.length).toBeLessThanOrEqual(Math.min(expected, 300) + 1);
    for (const candle of candles) {
      expect(Number(candle.low)).toBeLessThanOrEqual(Number(candle.open));
      expect(Number(candle.high)).toBeGreaterThanOrEqual(Number(candle.close));
    }
  });

  it('never shows an older, coarser candle on a finer chart: a 1m chart of a month ago is empty', async () => {
    const from = Math.floor((NOW - 30 * DAY) / HOUR) * HOUR;
    expect(await queryCandles(database.db, 'BTCUSDT', '1m', from, from + 2 * HOUR, 2)).toEqual([]);
    expect(await queryCandles(database.db, 'BTCUSDT', '1h', from, from + 2 * HOUR, 2)).toHaveLength(2);
  });

  it('stores each market’s last 100 ticks, labelled simulated, and marks the history complete', async () => {
    const ticks = rowsOf<{ feed: string; n: number }>(
      await database.db.execute(sql`select feed, count(*)::int as n from market_ticks group by feed`),
    );
    expect(ticks).toEqual([{ feed: 'simulated', n: CODES.length * HISTORY_TICKS_PER_MARKET }]);
    const plan = rowsOf<{ completed: boolean; last_seq: string }>(
      await database.db.execute(
        sql`select completed_at is not null as completed, last_seq from feed_history where feed = 'simulated'`,
      ),
    );
    expect(plan).toEqual([{ completed: true, last_seq: expect.anything() }]);
  });

  it('continues live from the last historical price and sequence number, without a jump', async () => {
    const last = instance.state.get('BTCUSDT')!.lastTick!;
    const window = historyWindow(NOW, MAX_HISTORY_DAYS);
    expect(last.time).toBe(window.to - 15_000);
    const history = await generateHistory({ seed: SEED, markets: feedMarkets(), window });
    expect(last.price).toBe(history.prices.find((p) => p.code === 'BTCUSDT')!.recentTicks.at(-1)!.price);
    expect(instance.state.get('BTCUSDT')!.recent).toHaveLength(HISTORY_TICKS_PER_MARKET);
    expect(instance.state.get('BTCUSDT')!.previousClose).toBeDefined();
    // The live walk's next BTC tick: one ~2 s move away from the last historical price, numbered after it.
    let next;
    for (let step = 1; !next; step++)
      next = feed.step(NOW + step * 1000).find((tick) => tick.code === 'BTCUSDT');
    expect(next.seq).toBeGreaterThan(history.lastSeq);
    expect(Math.abs(Number(next.price) / Number(last.price) - 1)).toBeLessThan(0.005);
  });

  it('does nothing more on a restart: same rows, same plan', async () => {
    const before = await storedCandles(database);
    const ticks = await count(database, 'market_ticks');
    clock.jump(NOW + 2 * DAY);
    const restarted = feedRunner(database, clock, simulatedFeed(clock));
    expect(await restarted.lead()).toBeUndefined();
    expect(await storedCandles(database)).toEqual(before);
    expect(await count(database, 'market_ticks')).toBe(ticks);
    expect(await count(database, 'feed_history')).toBe(1);
    await restarted.stop();
  });
});

describe('a history stored half way is finished, never duplicated or left with a gap', () => {
  let complete: Database;
  let crashed: Database;
  beforeAll(async () => {
    complete = await freshDatabase();
    crashed = await freshDatabase();
    const clock = new FakeClock(NOW);
    const full = feedRunner(complete, clock, simulatedFeed(clock));
    await full.lead();
    await full.stop();
  });
  it('resumes after a crash between batches, storing exactly what one uninterrupted start stores', async () => {
    const prepared = await prepareSimulatedHistory(crashed.db, {
      seed: SEED,
      markets: feedMarkets(),
      days: MAX_HISTORY_DAYS,
      now: NOW,
    });
    let batches = 0;
    // The process "dies" after two batches: nothing more is written.
    const partial = await prepared!.writeCandles(() => batches++ < 2);
    expect(partial).toMatchObject({ complete: false, batches: 2, rows: expect.any(Number) });
    expect(partial.rows).toBeGreaterThanOrEqual(2 * HISTORY_BATCH_ROWS);
    expect(await count(crashed, 'market_candles_1m')).toBe(partial.rows);

    // The restart comes an hour later, with another seed configured: the stored plan decides.
    const clock = new FakeClock(NOW + HOUR);
    const restarted = feedRunner(crashed, clock, simulatedFeed(clock, SEED + 7));
    const rest = await restarted.lead();
    expect(rest).toMatchObject({ complete: true });
    expect(rest!.rows + partial.rows).toBe(await count(complete, 'market_candles_1m'));
    expect(await storedCandles(crashed)).toEqual(await storedCandles(complete));
    await restarted.stop();
  });

  it('two instances leading at once (a handover overlap) store everything once', async () => {
    const fresh = await openFreshDatabase();
    drops.push(fresh.drop);
    const shared = fresh.database;
    // On PostgreSQL the second instance has its own connections; PGlite is one connection per process.
    const other = fresh.databaseUrl ? await openDatabase({ databaseUrl: fresh.databaseUrl }) : shared;
    const clock = new FakeClock(NOW);
    const a = feedRunner(shared, clock, simulatedFeed(clock));
    const b = feedRunner(other, clock, simulatedFeed(clock));
    await Promise.all([a.lead(), b.lead()]);
    expect(await count(shared, 'feed_history')).toBe(1);
    expect(await storedCandles(shared)).toEqual(await storedCandles(complete));
    await Promise.all([a.stop(), b.stop()]);
    if (other !== shared) await other.close();
    await shared.close();
  });
});

describe('every instance shows the same past', () => {
  it('another instance on the database reads back the past the leader stored', async () => {
    const database = await freshDatabase();
    const clock = new FakeClock(NOW);
    const bus = memoryBus();
    const follower = feedRunner(database, clock, simulatedFeed(clock), MAX_HISTORY_DAYS, {
      bus,
      leader: false,
    });
    await follower.runner.begin();
    const leader = feedRunner(database, clock, simulatedFeed(clock), MAX_HISTORY_DAYS, { bus });
    await leader.lead();
    for (const code of CODES) {
      const mine = follower.state.get(code)!;
      const theirs = leader.state.get(code)!;
      expect([code, mine.lastTick, mine.recent, mine.previousClose, mine.dayOpen, mine.change]).toEqual([
        code,
        theirs.lastTick,
        theirs.recent,
        theirs.previousClose,
        theirs.dayOpen,
        theirs.change,
      ]);
    }
    expect(follower.state.get('BTCUSDT')!.recent).toHaveLength(HISTORY_TICKS_PER_MARKET);
    await leader.stop();
    await follower.stop();
  });

  it('puts stored ticks before live ones already applied, never moving the price back', () => {
    const state = new MarketState(['BTCUSDT']);
    const day = Date.UTC(2026, 10, 27);
    const live = { code: 'BTCUSDT', price: '101.00', time: day + 10 * HOUR, seq: 500 };
    state.apply([live]);
    const stored = Array.from({ length: 100 }, (_, i) => ({
      code: 'BTCUSDT',
      price: (90 + i / 10).toFixed(2),
      time: day + HOUR + i * 1000,
      seq: i + 1,
    }));
    state.backfill([{ code: 'BTCUSDT', recentTicks: stored, previousClose: '80.00', dayOpen: '90.00' }]);
    const btc = state.get('BTCUSDT')!;
    expect(btc.lastTick).toEqual(live);
    expect(btc.recent).toHaveLength(100);
    expect(btc.recent.at(-1)).toEqual(live);
    expect(btc.recent[0]).toEqual(stored[1]);
    expect([btc.previousClose, btc.dayOpen, btc.change]).toEqual(['80.00', '90.00', '26.25']);
  });
});

describe('no invented past for other feeds or existing prices', () => {
  let database: Database;
  beforeEach(async () => {
    database = await freshDatabase();
  });

  it('gives a replay feed no history, whatever the configuration says', async () => {
    const clock = new FakeClock(NOW);
    const replay = new ReplayFeed(path.join(__dirname, '..', 'feed', 'sample-replay.jsonl'), {
      knownCodes: new Set(CODES),
    });
    const instance = feedRunner(database, clock, replay, MAX_HISTORY_DAYS);
    expect(await instance.lead()).toBeUndefined();
    await instance.stop();
    expect(await count(database, 'feed_history')).toBe(0);
    const old = await database.db.execute(
      sql`select count(*)::int as n from market_candles_1m where open_time < ${new Date(Date.now() - HOUR).toISOString()}::timestamptz`,
    );
    expect(rowsOf<{ n: number }>(old)[0]!.n).toBe(0);
  });

  it('gives a database that already holds prices no history', async () => {
    await database.db.execute(
      sql`insert into market_ticks (seq, code, price, time, feed) values (1, 'BTCUSDT', '90000.00', now(), 'simulated')`,
    );
    const clock = new FakeClock(NOW);
    const instance = feedRunner(database, clock, simulatedFeed(clock));
    expect(await instance.lead()).toBeUndefined();
    await instance.stop();
    expect([await count(database, 'feed_history'), await count(database, 'market_candles_1m')]).toEqual([
      0, 0,
    ]);
  });

  it('generates none when configured to 0 days', async () => {
    const clock = new FakeClock(NOW);
    const instance = feedRunner(database, clock, simulatedFeed(clock), 0);
    expect(await instance.lead()).toBeUndefined();
    await instance.stop();
    expect(await count(database, 'feed_history')).toBe(0);
  });
});

describe('a fresh server with the simulated feed', () => {
  let server: TestServer;
  const get = (url: string) => server.app.inject({ method: 'GET', url: `/swx/customer${url}` });
  beforeAll(async () => {
    server = await createTestServer({ env: { MARKET_FEED_HISTORY_DAYS: '1' }, start: true });
    expect(await server.services.markets.historyWritten()).toMatchObject({ complete: true });
  });
  afterAll(async () => server.close());

  it('serves full charts, prices and changes from its first minute, labelled simulated', async () => {
    const now = Date.now();
    const kline = async (interval: string, from: number) =>
      (
        await get(`/index/getKValueByCodeAndDate?code=BTCUSDT&interval=${interval}&from=${from}&to=${now}`)
      ).json().result as unknown[];
    expect((await kline('1m', now - 300 * MINUTE)).length).toBeGreaterThanOrEqual(299);
    expect((await kline('1h', now - DAY)).length).toBeGreaterThanOrEqual(23);
    expect((await kline('1d', now - 2 * DAY)).length).toBeGreaterThanOrEqual(1);
    const status = (await get('/index/feedStatus')).json().result;
    expect(status).toMatchObject({ feed: 'simulated', simulated: true });
    const btc = (await get('/index/listMarketAll'))
      .json()
      .result.find((m: { code: string }) => m.code === 'BTCUSDT');
    expect(btc.hundred).toHaveLength(HISTORY_TICKS_PER_MARKET);
    expect(btc.zdf).not.toBeNull();
  });
});

describe('MARKET_FEED_HISTORY_DAYS', () => {
  it('defaults to 90 days, 0 under NODE_ENV=test, and refuses more than 90', () => {
    // Outside tests the server needs its identity key (docs/configuration.md).
    const key = { IDENTITY_ENCRYPTION_KEY: 'a'.repeat(64) };
    expect(loadConfig({ NODE_ENV: 'development', ...key }).marketFeedHistoryDays).toBe(90);
    expect(loadConfig({ NODE_ENV: 'production', ...key }).marketFeedHistoryDays).toBe(90);
    expect(loadConfig({ NODE_ENV: 'test' }).marketFeedHistoryDays).toBe(0);
    expect(loadConfig({ MARKET_FEED_HISTORY_DAYS: '7', ...key }).marketFeedHistoryDays).toBe(7);
    expect(() => loadConfig({ MARKET_FEED_HISTORY_DAYS: '91', ...key })).toThrow(/at most 90/);
    expect(() => loadConfig({ MARKET_FEED_HISTORY_DAYS: '-1', ...key })).toThrow(/non-negative integer/);
  });
});
