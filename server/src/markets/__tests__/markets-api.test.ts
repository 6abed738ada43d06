import path from 'node:path';
import { createTestServer, type TestServer } from '../../test/harness';
import { signUpCustomer } from '../../auth/testing';
import type { FeedTick } from '../feed/types';
import { HUNDRED } from '../state';

let server: TestServer;
let seq = 0;
const tick = (code: string, price: string, time: number): FeedTick => ({ code, price, time, seq: ++seq });
const get = (url: string) => server.app.inject({ method: 'GET', url: `/swx/customer${url}` });

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

const MINUTE = 60_000;
// Monday 5 January 2026 00:00 UTC.
const DAY = Date.UTC(2026, 0, 5);

describe('listMarketAll', () => {
  it('lists every market with the pinned fields and no price before the first tick', async () => {
    const res = await get('/index/listMarketAll');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe('200');
    expect(body.result.length).toBeGreaterThanOrEqual(40);
    const btc = body.result.find((m: { code: string }) => m.code === 'BTCUSDT');
    expect(Object.keys(btc)).toEqual(
      expect.arrayContaining([
        'code',
        'type',
        'id',
        'appName',
        'logo',
        'price',
        'nowPrice',
        'zdf',
        'hundred',
      ]),
    );
    expect(btc).toMatchObject({
      type: 2,
      appName: 'Bitcoin',
      price: null,
      nowPrice: null,
      zdf: null,
      hundred: [],
    });
    expect(btc.id).toMatch(/^\d+$/);
    expect(btc.logo).toBe('/swx/customer/index/logo/BTCUSDT.svg');
  });

  it('filters by type, one or several (repeated key)', async () => {
    const stocks = (await get('/index/listMarketAll?type=3')).json().result as { type: number }[];
    expect(stocks.length).toBeGreaterThan(5);
    expect(new Set(stocks.map((m) => m.type))).toEqual(new Set([3]));
    const two = (await get('/index/listMarketAll?type=5&type=6')).json().result as { type: number }[];
    expect(new Set(two.map((m) => m.type))).toEqual(new Set([5, 6]));
    // Type 1 is the smart plan products (the default gold plan), listed among the markets.
    const smart = (await get('/index/listMarketAll?type=1')).json().result as {
      type: number;
      code: string;
    }[];
    expect(smart.length).toBeGreaterThan(0);
    expect(new Set(smart.map((m) => m.type))).toEqual(new Set([1]));
    expect((await get('/index/listMarketAll?type=9')).statusCode).toBe(400);
  });

  it('shows the latest price, the last 100 prices and the change against the first price of the day', async () => {
    const markets = server.services.markets;
    const ticks = Array.from({ length: 120 }, (_, i) =>
      tick('ETHUSDT', (3000 + i).toFixed(2), DAY + 1000 * i),
    );
    markets.ingest(ticks);
    await new Promise((resolve) => setTimeout(resolve, 260)); // the list is rebuilt at most every 250 ms
    const eth = (await get('/index/listMarketAll?type=2'))
      .json()
      .result.find((m: { code: string }) => m.code === 'ETHUSDT');
    expect(eth.price).toBe('3119.00');
    expect(eth.nowPrice).toBe('3119.00');
    expect(eth.hundred).toHaveLength(HUNDRED);
    expect(eth.hundred[0]).toBe('3020.00');
    expect(eth.hundred.at(-1)).toBe('3119.00');
    // No previous day is known on a fresh database: change against the day's first price, 3000.
    expect(eth.zdf).toBe('3.97');
  });

  it('switches to the previous day close once a new day starts', async () => {
    const markets = server.services.markets;
    markets.ingest([tick('ETHUSDT', '3200.00', DAY + 86_400_000 + 5000)]);
    const info = (await get('/index/getMarketInfo/ETHUSDT')).json().result;
    expect(info.previousClose).toBe('3119.00');
    expect(info.dayOpen).toBe('3200.00');
    expect(info.zdf).toBe('2.60');
  });

  it('ignores stale ticks (sequence not after the last applied)', () => {
    const markets = server.services.markets;
    const before = markets.latestTick('ETHUSDT')!;
    markets.ingest([{ code: 'ETHUSDT', price: '1.00', time: before.time, seq: before.seq - 1 }]);
    expect(markets.latestTick('ETHUSDT')).toEqual(before);
  });
});

describe('getMarketInfo', () => {
  it('answers by code and by id with every fact and the feed label', async () => {
    const byCode = await get('/index/getMarketInfo/XAUUSD');
    expect(byCode.statusCode).toBe(200);
    const info = byCode.json().result;
    expect(info).toMatchObject({
      code: 'XAUUSD',
      type: 5,
      appName: 'Gold',
      contractSize: '100',
      tickSize: '0.01',
      priceDecimals: 2,
      leverages: [1, 5, 10, 20],
      simulated: true,
      feed: 'simulated',
      tradingHours: { calendarId: 'fx-24x5', timezone: 'UTC', alwaysOpen: false },
    });
    expect(typeof info.openNow).toBe('boolean');
    const byId = (await get(`/index/getMarketInfo/${info.id}`)).json().result;
    expect(byId.code).toBe('XAUUSD');
    expect((await get('/index/getMarketInfo/xauusd')).json().result.code).toBe('XAUUSD');
  });

  it('answers 11030 for an unknown market', async () => {
    const res = await get('/index/getMarketInfo/NOSUCH');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: '11030', result: null });
  });

  it('reports the feed', async () => {
    expect((await get('/index/feedStatus')).json().result).toEqual({
      feed: 'simulated',
      simulated: true,
      staleMarkets: expect.any(Array),
      connection: null,
    });
  });

  it('serves market logos', async () => {
    const res = await get('/index/logo/BTCUSDT.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.body).toContain('<svg');
    expect((await get('/index/logo/NOSUCH.svg')).statusCode).toBe(404);
  });
});

describe('candles', () => {
  const base = DAY + 10 * 86_400_000; // Thursday 15 January 2026
  beforeAll(async () => {
    const markets = server.services.markets;
    // Prices 100, 101, ... one tick every 30 s for 2 hours: each minute has two ticks.
    const ticks = Array.from({ length: 240 }, (_, i) =>
      tick('SOLUSDT', (100 + i).toFixed(2), base + 30_000 * i + 1000),
    );
    markets.ingest(ticks);
    await markets.flushStorage();
  });

  it('returns 1-minute candles with open, high, low, close and tick count', async () => {
    const res = await get(
      `/index/getKValueByCodeAndDate?code=SOLUSDT&interval=1m&from=${base}&to=${base + 3 * MINUTE}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual([
      { time: base, open: '100.00', high: '101.00', low: '100.00', close: '101.00', ticks: 2 },
      { time: base + MINUTE, open: '102.00', high: '103.00', low: '102.00', close: '103.00', ticks: 2 },
      { time: base + 2 * MINUTE, open: '104.00', high: '105.00', low: '104.00', close: '105.00', ticks: 2 },
    ]);
  });

  it.each([
    ['5m', 5, 24],
    ['15m', 15, 8],
    ['30m', 30, 4],
    ['1h', 60, 2],
  ] as const)('aggregates %s candles from the minutes', async (interval, minutes, count) => {
    const res = await get(
      `/index/getKValueByCodeAndDate?code=SOLUSDT&interval=${interval}&from=${base}&to=${base + 2 * 60 * MINUTE}`,
    );
    const candles = res.json().result;
    expect(candles).toHaveLength(count);
    const per = minutes * 2;
    expect(candles[1]).toEqual({
      time: base + minutes * MINUTE,
      open: (100 + per).toFixed(2),
      high: (100 + 2 * per - 1).toFixed(2),
      low: (100 + per).toFixed(2),
      close: (100 + 2 * per - 1).toFixed(2),
      ticks: per,
    });
  });

  it('aggregates 4h, 1d and 1w (weeks start on Monday) into one candle', async () => {
    for (const interval of ['4h', '1d', '1w']) {
      const res = await get(
        `/index/getKValueByCodeAndDate?code=SOLUSDT&interval=${interval}&from=${base}&to=${base + 86_400_000}`,
      );
      const candles = res.json().result;
      expect(candles).toHaveLength(1);
      expect(candles[0]).toMatchObject({
        open: '100.00',
        high: '339.00',
        low: '100.00',
        close: '339.00',
        ticks: 240,
      });
    }
    const week = (
      await get(`/index/getKValueByCodeAndDate?code=SOLUSDT&interval=1w&from=${base}&to=${base + 1}`)
    ).json().result;
    expect(week[0].time).toBe(Date.UTC(2026, 0, 12)); // the Monday of that week
  });

  it('is empty where the feed published nothing', async () => {
    const res = await get(
      `/index/getKValueByCodeAndDate?code=AAPL&interval=1h&from=${base}&to=${base + 86_400_000}`,
    );
    expect(res.json()).toMatchObject({ code: '200', result: [] });
  });

  it('looks up the tick in force at a time, from memory or from the stored ticks', async () => {
    const markets = server.services.markets;
    const at = base + 30_000 * 10 + 5000;
    expect(await markets.tickAt('SOLUSDT', at)).toMatchObject({
      code: 'SOLUSDT',
      price: '110.00',
      time: base + 300_000 + 1000,
    });
    expect(await markets.tickAt('SOLUSDT', base - 1)).toBeUndefined();
  });

  it.each([
    ['bad interval', 'interval=2m', '11031'],
    ['from after to', `from=${base + 1000}&to=${base}`, '11032'],
    ['more than 1000 candles', `interval=1m&from=${base - 2000 * MINUTE}&to=${base}`, '11032'],
    ['a non-numeric time', 'from=yesterday', '11032'],
    ['a negative time', 'from=-5', '11032'],
  ])('refuses %s', async (_name, query, code) => {
    const res = await get(`/index/getKValueByCodeAndDate?code=SOLUSDT&${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code, result: null });
  });

  it('refuses an unknown market with 11030', async () => {
    const res = await get('/index/getKValueByCodeAndDate?code=NOSUCH');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('11030');
  });
});

describe('watchlist', () => {
  const call = (
    method: 'GET' | 'POST' | 'DELETE',
    token: string | undefined,
    url: string,
    payload?: object,
  ) =>
    server.app.inject({
      method,
      url: `/swx/customer/user/watchlist${url}`,
      headers: token ? { authorization: token } : {},
      ...(payload ? { payload } : {}),
    });

  it('adds, lists and removes watched markets per customer', async () => {
    const alice = await signUpCustomer(server);
    const bob = await signUpCustomer(server);
    expect((await call('GET', alice.token, '')).json()).toMatchObject({ code: '200', result: [] });
    expect(
      (await call('POST', alice.token, '', { code: 'BTCUSDT' }))
        .json()
        .result.map((m: { code: string }) => m.code),
    ).toEqual(['BTCUSDT']);
    await call('POST', alice.token, '', { code: 'XAUUSD' });
    // Adding a market twice changes nothing.
    const again = await call('POST', alice.token, '', { code: 'BTCUSDT' });
    expect(again.json().result.map((m: { code: string }) => m.code)).toEqual(['BTCUSDT', 'XAUUSD']);
    expect(again.json().result[0]).toEqual(
      expect.objectContaining({ code: 'BTCUSDT', type: 2, hundred: expect.any(Array) }),
    );
    expect((await call('GET', bob.token, '')).json().result).toEqual([]);
    const removed = await call('DELETE', alice.token, '?code=BTCUSDT');
    expect(removed.json().result.map((m: { code: string }) => m.code)).toEqual(['XAUUSD']);
  });

  it('refuses unknown markets, unknown fields and guests', async () => {
    const carol = await signUpCustomer(server);
    const unknown = await call('POST', carol.token, '', { code: 'NOSUCH' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('11030');
    expect((await call('POST', carol.token, '', { code: 'BTCUSDT', extra: 1 })).statusCode).toBe(400);
    expect((await call('GET', undefined, '')).statusCode).toBe(401);
    expect((await call('POST', undefined, '', { code: 'BTCUSDT' })).statusCode).toBe(401);
  });
});

describe('replay feed through the server', () => {
  let replay: TestServer;
  beforeAll(async () => {
    const file = path.resolve(__dirname, '..', 'feed', 'sample-replay.jsonl');
    replay = await createTestServer({ env: { MARKET_FEED: 'replay', REPLAY_FILE: file }, start: true });
  });
  afterAll(async () => replay.close());

  it('labels the feed and publishes the recording from the first tick', async () => {
    const res = await replay.app.inject({ method: 'GET', url: '/swx/customer/index/feedStatus' });
    expect(res.json().result).toEqual({
      feed: 'replay',
      simulated: true,
      staleMarkets: expect.any(Array),
      connection: null,
    });
    expect(replay.services.markets.isFeedLeader()).toBe(true);
    const start = Date.now();
    while (!replay.services.markets.latestTick('XRPUSDT') && Date.now() - start < 3000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // The recording's first line, stamped with the time it was published now and numbered from 1.
    expect(replay.services.markets.state.get('XRPUSDT')!.recent[0]).toMatchObject({
      price: '2.3005',
      seq: 1,
    });
    const info = await replay.app.inject({ method: 'GET', url: '/swx/customer/index/getMarketInfo/XRPUSDT' });
    expect(info.json().result).toMatchObject({ feed: 'replay', simulated: true, price: expect.any(String) });
  });
});
