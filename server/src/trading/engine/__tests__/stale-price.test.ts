import { tradingServer, refusal, type TradingTestServer } from '../../__tests__/helpers';

/** Crypto's default stale window (`price_stale_seconds` type 2). */
const CRYPTO_STALE_MS = 30_000;

let server: TradingTestServer;
beforeAll(async () => {
  server = await tradingServer();
});
afterAll(async () => server.close());

const long = { code: 'BTCUSDT', direction: 'long', lots: '1', leverage: 10, orderType: 'market' } as const;

async function orderOutcomes() {
  const customer = await server.customer();
  const t = server.services.trading;
  return {
    spot: await refusal(() =>
      t.spot.submit(customer, { code: 'BTCUSDT', side: 'buy', orderType: 'market', quantity: '0.01' }),
    ),
    margin: await refusal(() => t.margin.buy(customer, { ...long, lots: '0.01' })),
    options: await refusal(() =>
      t.options.buy(customer, { code: 'BTCUSDT', direction: 'up', amount: '100', period: 60 }),
    ),
  };
}

it('refuses orders on a stale price with 10015 and takes them again after a fresh tick', async () => {
  await server.tick('BTCUSDT', '100000.00');
  server.clock.now += CRYPTO_STALE_MS;
  // Exactly at the window's end the price is still fresh.
  expect(await orderOutcomes()).toEqual({ spot: undefined, margin: undefined, options: undefined });
  server.clock.now += 1;
  expect(server.services.markets.isStale('BTCUSDT', server.clock.now)).toBe(true);
  expect(await orderOutcomes()).toEqual({ spot: '10015', margin: '10015', options: '10015' });
  // Another market that ticks keeps trading: the guard is per market.
  await server.tick('ETHUSDT', '3000.00');
  const customer = await server.customer();
  await expect(
    server.services.trading.spot.submit(customer, {
      code: 'ETHUSDT',
      side: 'buy',
      orderType: 'market',
      quantity: '1',
    }),
  ).resolves.toMatchObject({ status: 'filled' });
  await server.tick('BTCUSDT', '100000.00');
  expect(await orderOutcomes()).toEqual({ spot: undefined, margin: undefined, options: undefined });
});

it('fires no stop loss, take profit, liquidation or limit fill on a stale tick; the next fresh tick catches up', async () => {
  await server.tick('BTCUSDT', '100000.00');
  const t = server.services.trading;
  const stopped = await server.customer();
  const liquidated = await server.customer();
  const profited = await server.customer();
  const waiting = await server.customer();
  await t.margin.buy(stopped, { ...long, stopLoss: '96000' });
  await t.margin.buy(liquidated, { ...long, leverage: 20 }); // liquidation at 97,500
  await t.margin.buy(profited, { ...long, direction: 'short', takeProfit: '96500' });
  const limit = await t.spot.submit(waiting, {
    code: 'BTCUSDT',
    side: 'buy',
    orderType: 'limit',
    quantity: '0.01',
    price: '97000',
  });
  const statuses = async () => [
    (await t.margin.list(stopped))[0]!.status,
    (await t.margin.list(liquidated))[0]!.status,
    (await t.margin.list(profited))[0]!.status,
    (await t.spot.list(waiting)).find((o) => o.id === limit.id)!.status,
  ];
  const before = await statuses();
  expect(before).toEqual(['open', 'open', 'open', limit.status]);

  // The feed falls silent; a tick that crosses every level then arrives late, already older than the window.
  server.clock.now += CRYPTO_STALE_MS + 5_000;
  await server.tick('BTCUSDT', '94000.00', server.clock.now - CRYPTO_STALE_MS - 1);
  expect(server.services.markets.latestTick('BTCUSDT')!.price).toBe('94000.00');
  expect(await statuses()).toEqual(before);
  // Still stale (the late tick is old): a customer's own close at that price is refused too.
  const [open] = await t.margin.list(stopped);
  expect(await refusal(() => t.margin.close(stopped, open!.id))).toBe('10015');

  // A fresh tick: everything its price reaches settles at that price, once (the stop loss at 96,000 before
  // the position's own liquidation at 95,000).
  const fresh = await server.tick('BTCUSDT', '95500.00');
  const [stop] = await t.margin.list(stopped);
  expect(stop).toMatchObject({ status: 'closed', closeReason: 'stop_loss', closePrice: '95500' });
  const [liquidation] = await t.margin.list(liquidated);
  expect(liquidation).toMatchObject({ status: 'liquidated', closeReason: 'liquidation' });
  const [profit] = await t.margin.list(profited);
  expect(profit).toMatchObject({ status: 'closed', closeReason: 'take_profit', closePrice: '95500' });
  expect((await t.spot.list(waiting)).find((o) => o.id === limit.id)).toMatchObject({ status: 'filled' });
  const receipts = await t.receipts.list(stopped, 'margin', stop!.id);
  expect(receipts.at(-1)).toMatchObject({ fillPrice: '95500', tick: { seq: String(fresh.seq) } });
  expect(await server.services.ledger.check()).toEqual({ ok: true, problems: [] });
});
