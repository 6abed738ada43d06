import fc from 'fast-check';
import { loadConfig } from '../../config';
import { ExchangeFeed, type ExchangeFeedOptions } from '../feed/exchange';
import { marketPrice, parseFrame, symbolMapFor, SymbolMap } from '../feed/exchange-frames';
import type { FeedMarket, FeedTick } from '../feed/types';
import { ExchangePeer, recordedFrames, tradeFrame, until } from './exchange-peer';

const market = (code: string, type: number, tickSize: string): FeedMarket => ({
  code,
  type,
  referencePrice: '1',
  tickSize,
  volatility: 0.5,
  isOpenAt: () => true,
  openHoursPerYear: 8760,
});
const markets = [market('BTCUSDT', 2, '0.01'), market('ETHUSDT', 2, '0.01'), market('AAPL', 3, '0.01')];
const symbols = symbolMapFor('BTCUSDT=btcusdt,ETHUSDT=ethusdt', markets);
const DECIMAL_2 = /^[1-9][0-9]*\.[0-9]{2}$/;

let peer: ExchangePeer;
let feed: ExchangeFeed | undefined;
let ticks: FeedTick[];
let events: { event: string; detail: Record<string, unknown> }[];

function startFeed(options: Partial<ExchangeFeedOptions> = {}, lastSeq = 41): ExchangeFeed {
  ticks = [];
  events = [];
  feed = new ExchangeFeed({
    url: peer.url,
    markets,
    symbols,
    conflateMs: 0,
    idleTimeoutMs: 5_000,
    backoffInitialMs: 20,
    backoffMaxMs: 200,
    random: () => 0.5,
    onEvent: (event, detail) => events.push({ event, detail }),
    ...options,
  });
  feed.onTicks((batch) => ticks.push(...batch));
  feed.start({ lastSeq, lastPrices: new Map() });
  return feed;
}

beforeEach(async () => {
  peer = await ExchangePeer.start();
});
afterEach(async () => {
  feed?.stop();
  feed = undefined;
  await peer.close();
});

it('subscribes to the mapped trade streams and publishes the recorded frames as decimal ticks', async () => {
  const running = startFeed();
  await until(() => running.connection().state === 'live');
  expect(peer.paths).toEqual(['/stream?streams=btcusdt@trade/ethusdt@trade']);
  for (const frame of recordedFrames) peer.send(frame);
  await until(() => ticks.length === recordedFrames.length);
  expect(ticks.map((t) => t.seq)).toEqual(recordedFrames.map((_, i) => 42 + i));
  expect(ticks.slice(0, 3).map((t) => [t.code, t.price])).toEqual([
    ['BTCUSDT', '95012.34'],
    ['ETHUSDT', '3301.17'],
    ['BTCUSDT', '95012.35'],
  ]);
  for (const tick of ticks) expect(tick.price).toMatch(DECIMAL_2);
  expect(running.connection()).toMatchObject({
    state: 'live',
    url: peer.url,
    reconnects: 0,
    gaps: 0,
    rejectedFrames: 0,
    unmapped: ['AAPL'],
  });
});

it('stamps each tick with the exchange trade time, never later than our clock (issue 28)', async () => {
  const now = 1_800_000_000_000;
  const running = startFeed({ now: () => now });
  await until(() => running.connection().state === 'live');
  // A trade from 45 s ago (delayed exchange data) keeps its age; one stamped in the future is capped at now.
  peer.send(tradeFrame('BTCUSDT', 1, '95000.00000000', now - 45_000));
  peer.send(tradeFrame('ETHUSDT', 1, '3300.00000000', now + 5_000));
  await until(() => ticks.length === 2);
  expect(ticks.map((t) => [t.code, t.time])).toEqual([
    ['BTCUSDT', now - 45_000],
    ['ETHUSDT', now],
  ]);
});

it('conflates a burst of trades into one tick per market: the last trade', async () => {
  startFeed({ conflateMs: 500 });
  await until(() => peer.connections === 1 && feed!.connection().state === 'live');
  for (const frame of recordedFrames) peer.send(frame);
  const last = (code: string) => ticks.filter((t) => t.code === code).at(-1)?.price;
  await until(() => last('BTCUSDT') === '95014.56' && last('ETHUSDT') === '3301.41');
  // Fourteen trades became a few ticks (two when they all arrive within one window).
  expect(ticks.length).toBeLessThan(recordedFrames.length / 2);
  expect(ticks.slice(0, 2).map((t) => t.code)).toEqual(['BTCUSDT', 'ETHUSDT']);
});

it('reconnects after a dropped connection, subscribes again and goes on publishing', async () => {
  const running = startFeed();
  await until(() => running.connection().state === 'live');
  peer.send(recordedFrames[0]!);
  await until(() => ticks.length === 1);
  peer.drop();
  await until(() => peer.connections === 2 && running.connection().state === 'live');
  expect(peer.paths[1]).toBe(peer.paths[0]);
  expect(running.connection().reconnects).toBe(1);
  // A new subscription starts a new run of trade ids: what was missed while away is not called a gap.
  peer.send(tradeFrame('BTCUSDT', 9_000_000_000, '95100.00000000'));
  await until(() => ticks.length === 2);
  expect(ticks[1]).toMatchObject({ code: 'BTCUSDT', price: '95100.00', seq: 43 });
  expect(running.connection().gaps).toBe(0);
});

it('backs off exponentially with jitter while the exchange is unreachable, capped', async () => {
  const url = peer.url;
  await peer.close();
  let draw = 0;
  const draws = [0, 0.999, 0, 0.999, 0, 0.999];
  feed = new ExchangeFeed({
    url,
    markets,
    symbols,
    backoffInitialMs: 10,
    backoffMaxMs: 80,
    random: () => draws[draw++ % draws.length]!,
    onEvent: (event, detail) => events.push({ event, detail }),
  });
  events = [];
  feed.start({ lastSeq: 0, lastPrices: new Map() });
  await until(() => events.filter((e) => e.event === 'reconnect').length >= 6);
  const delays = events.filter((e) => e.event === 'reconnect').map((e) => e.detail.delayMs);
  // Ceilings 10, 20, 40, 80, 80, 80; each delay between half the ceiling and the ceiling.
  expect(delays.slice(0, 6)).toEqual([5, 20, 20, 80, 40, 80]);
  expect(feed.connection().state).toBe('reconnecting');
  peer = await ExchangePeer.start(); // for afterEach
});

it('reports a jump in trade ids, resubscribes the stream and keeps the price that revealed it', async () => {
  const running = startFeed();
  await until(() => running.connection().state === 'live');
  peer.send(tradeFrame('BTCUSDT', 100, '95000.00000000'));
  peer.send(tradeFrame('BTCUSDT', 101, '95001.00000000'));
  peer.send(tradeFrame('ETHUSDT', 7, '3300.00000000'));
  peer.send(tradeFrame('BTCUSDT', 105, '95005.00000000'));
  await until(() => ticks.length === 4 && peer.requests.length === 2);
  expect(peer.requests).toEqual([
    { method: 'UNSUBSCRIBE', params: ['btcusdt@trade'], id: 1 },
    { method: 'SUBSCRIBE', params: ['btcusdt@trade'], id: 2 },
  ]);
  expect(running.connection()).toMatchObject({
    gaps: 1,
    lastGap: { code: 'BTCUSDT', expected: '102', received: '105' },
    rejectedFrames: 0,
  });
  expect(ticks.at(-1)).toMatchObject({ code: 'BTCUSDT', price: '95005.00' });
  // The resubscription's acknowledgements are not trades; the next trade starts the new run.
  peer.send(tradeFrame('BTCUSDT', 107, '95007.00000000'));
  await until(() => ticks.length === 5);
  expect(running.connection().gaps).toBe(1);
  // A replayed (older or repeated) trade id publishes nothing.
  peer.send(tradeFrame('BTCUSDT', 107, '1.00000000'));
  peer.send(tradeFrame('BTCUSDT', 103, '1.00000000'));
  peer.send(tradeFrame('BTCUSDT', 108, '95008.00000000'));
  await until(() => ticks.length === 6);
  expect(ticks.at(-1)!.price).toBe('95008.00');
});

it('treats a silent exchange as dead after the idle timeout and reconnects; pings keep it alive', async () => {
  const running = startFeed({ idleTimeoutMs: 800 });
  await until(() => running.connection().state === 'live');
  const pinger = setInterval(() => peer.current.ping(), 100);
  await new Promise((resolve) => setTimeout(resolve, 1_800));
  clearInterval(pinger);
  expect(peer.connections).toBe(1);
  await until(() => peer.connections === 2, 3_000);
  expect(events.some((e) => e.event === 'idle')).toBe(true);
  await until(() => running.connection().state === 'live');
  peer.send(recordedFrames[0]!);
  await until(() => ticks.length === 1);
});

it('ignores garbage and counts it, never publishing a price that is not a positive decimal string', async () => {
  const running = startFeed();
  await until(() => running.connection().state === 'live');
  const garbage: (string | Buffer | object)[] = [
    'not json',
    Buffer.from([0, 1, 2]),
    '[1,2,3]',
    { stream: 'btcusdt@trade' },
    tradeFrame('BTCUSDT', 1, 95000.12),
    tradeFrame('BTCUSDT', 2, '9.5e4'),
    tradeFrame('BTCUSDT', 3, '-95000.00'),
    tradeFrame('BTCUSDT', 4, 'NaN'),
    tradeFrame('BTCUSDT', 5, ' 95000'),
    tradeFrame('BTCUSDT', 6, '0.00000000'),
    tradeFrame('BTCUSDT', 7, '0.00100000'), // rounds to zero at a 0.01 tick
    tradeFrame('SOLUSDT', 8, '180.00000000'), // not subscribed
    { ...tradeFrame('BTCUSDT', 9, '95000.00'), stream: 'ethusdt@trade' },
    { stream: 'btcusdt@trade', data: { e: 'trade', s: 'BTCUSDT', t: 1.5, p: '95000.00', T: 1 } },
    { stream: 'btcusdt@trade', data: { e: 'trade', s: 'BTCUSDT', t: 10, p: '95000.00' } },
  ];
  for (const frame of garbage) peer.send(frame);
  // Other events on the stream (the exchange's notices) are not errors, and not prices either.
  peer.send({ stream: 'btcusdt@trade', data: { e: 'serverShutdown', E: 1 } });
  peer.send(tradeFrame('BTCUSDT', 11, '95011.00000000'));
  await until(() => ticks.length === 1);
  expect(ticks).toEqual([expect.objectContaining({ code: 'BTCUSDT', price: '95011.00' })]);
  expect(running.connection().rejectedFrames).toBe(garbage.length);
  expect(running.connection().state).toBe('live');
});

describe('frames and symbols', () => {
  const map = new SymbolMap([['BTCUSDT', 'btcusdt']]);

  it('never yields a trade whose price is not a plain positive decimal, whatever the frame', () => {
    const price = fc.oneof(
      fc.string(),
      fc.double().map(String),
      fc.double(),
      fc.constantFrom('1e5', '-1', '0', '00.1', '1.', '.5', 'Infinity', '95000.12'),
    );
    fc.assert(
      fc.property(price, fc.oneof(fc.integer(), fc.double(), fc.string()), (p, t) => {
        const parsed = parseFrame(JSON.stringify(tradeFrame('BTCUSDT', t as number, p)), map);
        if (parsed.kind !== 'trade') return true;
        return (
          /^(0|[1-9][0-9]*)(\.[0-9]+)?$/.test(parsed.trade.price) &&
          Number.isSafeInteger(parsed.trade.tradeId)
        );
      }),
    );
    fc.assert(
      fc.property(fc.string(), (text) => parseFrame(text, map).kind !== 'trade' || text.includes('"trade"')),
    );
  });

  it('rounds exchange prices half-up to the tick size as decimal text', () => {
    expect(marketPrice('95012.34500000', '0.01')).toBe('95012.35');
    expect(marketPrice('0.22001499', '0.00001')).toBe('0.22001');
    expect(marketPrice('0.00400000', '0.01')).toBeUndefined();
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 14n }), fc.integer({ min: 0, max: 8 }), (units, scale) => {
        const text = (Number(units) / 10 ** scale).toFixed(scale);
        const rounded = marketPrice(text, '0.0001');
        return rounded === undefined || /^[0-9]+\.[0-9]{4}$/.test(rounded);
      }),
    );
  });

  it('maps every crypto market by default, exactly the listed ones when configured, and refuses typos', () => {
    expect([...symbolMapFor(undefined, markets).byCode]).toEqual([
      ['BTCUSDT', 'btcusdt'],
      ['ETHUSDT', 'ethusdt'],
    ]);
    expect([...symbolMapFor('ETHUSDT=ethusdt', markets).byCode]).toEqual([['ETHUSDT', 'ethusdt']]);
    expect(() => symbolMapFor('NOPE=nope', markets)).toThrow(/no market NOPE/);
    expect(() => symbolMapFor('BTCUSDT:btcusdt', markets)).toThrow(/CODE=symbol/);
  });
});

describe('configuration', () => {
  const env = { NODE_ENV: 'test', DATA_DIR: '/tmp/swx-config-test' };

  it('never points at an exchange by default: the simulator runs and no exchange settings exist', () => {
    expect(loadConfig(env)).toMatchObject({ marketFeed: 'simulated', exchangeFeed: undefined });
  });

  it('needs an explicit ws:// or wss:// URL for MARKET_FEED=exchange, and takes the documented defaults', () => {
    expect(() => loadConfig({ ...env, MARKET_FEED: 'exchange' })).toThrow(/EXCHANGE_FEED_URL/);
    expect(() =>
      loadConfig({ ...env, MARKET_FEED: 'exchange', EXCHANGE_FEED_URL: 'https://example.test/stream' }),
    ).toThrow(/ws:\/\/ or wss:\/\//);
    expect(
      loadConfig({ ...env, MARKET_FEED: 'exchange', EXCHANGE_FEED_URL: 'ws://127.0.0.1:9/stream' })
        .exchangeFeed,
    ).toEqual({
      url: 'ws://127.0.0.1:9/stream',
      symbols: undefined,
      conflateMs: 250,
      idleTimeoutMs: 30_000,
      backoffInitialMs: 500,
      backoffMaxMs: 30_000,
    });
    expect(() =>
      loadConfig({
        ...env,
        MARKET_FEED: 'exchange',
        EXCHANGE_FEED_URL: 'ws://127.0.0.1:9/stream',
        EXCHANGE_BACKOFF_INITIAL_MS: '5000',
        EXCHANGE_BACKOFF_MAX_MS: '100',
      }),
    ).toThrow(/EXCHANGE_BACKOFF_INITIAL_MS/);
  });

  it('keeps credentials and the stream list out of the reported URL', () => {
    const reported = new ExchangeFeed({
      url: 'wss://user:secret@stream.example.test:9443/stream?streams=x@trade',
      markets,
      symbols,
    }).connection();
    expect(reported.url).toBe('wss://stream.example.test:9443/stream');
    expect(reported.state).toBe('stopped');
  });
});
