import { createTestServer, type TestServer } from '../../test/harness';
import { ExchangePeer, recordedFramesNow, tradeFrame, until } from './exchange-peer';

/** The whole server on MARKET_FEED=exchange, its exchange a local peer: prices, status and the stale guard. */
let peer: ExchangePeer;
let server: TestServer;

beforeAll(async () => {
  peer = await ExchangePeer.start();
  server = await createTestServer({
    env: {
      MARKET_FEED: 'exchange',
      EXCHANGE_FEED_URL: peer.url,
      EXCHANGE_SYMBOLS: 'BTCUSDT=btcusdt,ETHUSDT=ethusdt',
      EXCHANGE_CONFLATE_MS: '0',
    },
    start: true,
  });
});
afterAll(async () => {
  await server.close();
  await peer.close();
});

const status = async () => {
  const res = await server.app.inject({ method: 'GET', url: '/swx/customer/index/feedStatus' });
  return (res.json() as { result: Record<string, unknown> }).result;
};

it('runs the exchange feed on the leader: real prices, unlabelled as simulated, with the link reported', async () => {
  await until(() => peer.connections === 1);
  expect(peer.paths[0]).toBe('/stream?streams=btcusdt@trade/ethusdt@trade');
  for (const frame of recordedFramesNow()) peer.send(frame);
  await until(() => server.services.markets.latestTick('BTCUSDT')?.price === '95014.56');
  expect(server.services.markets.latestTick('ETHUSDT')?.price).toBe('3301.41');
  const answer = await status();
  expect(answer).toMatchObject({
    feed: 'exchange',
    simulated: false,
    staleMarkets: [],
    connection: { state: 'live', reconnects: 0, gaps: 0, rejectedFrames: 0 },
  });
  // Unmapped markets get no price from this feed (not a simulated one mixed in) and are listed.
  expect((answer.connection as { unmapped: string[] }).unmapped).toEqual(
    expect.arrayContaining(['SOLUSDT', 'AAPL']),
  );
  expect(server.services.markets.latestTick('SOLUSDT')).toBeUndefined();
});

it('shows a market as stale once its window passes without a trade, and fresh again on the next one', async () => {
  const markets = server.services.markets;
  const last = markets.latestTick('BTCUSDT')!;
  const later = last.time + markets.staleAfterMs('BTCUSDT') + 1;
  expect(markets.isStale('BTCUSDT', later)).toBe(true);
  expect(markets.feedStatus(later).staleMarkets).toEqual(['BTCUSDT', 'ETHUSDT']);
  expect(markets.info(markets.get('BTCUSDT'), later)).toMatchObject({ stale: true, staleAfterSeconds: 30 });
  expect(markets.listItem(markets.get('BTCUSDT'), later).stale).toBe(true);
  peer.send(tradeFrame('BTCUSDT', 5_291_834_109, '95020.00000000'));
  await until(() => markets.latestTick('BTCUSDT')!.price === '95020.00');
  expect(markets.isStale('BTCUSDT')).toBe(false);
  expect(markets.listItem(markets.get('BTCUSDT'), Date.now()).stale).toBe(false);
});

it('reports a dropped link while it reconnects, then live again', async () => {
  peer.drop();
  await until(() => peer.connections === 2);
  await until(() => server.services.markets.feedStatus().connection?.state === 'live');
  expect((await status()).connection).toMatchObject({ state: 'live', reconnects: 1 });
});
