import { tradingServer, refusal, usdt, type TradingTestServer } from '../../__tests__/helpers';

let server: TradingTestServer;
beforeAll(async () => {
  server = await tradingServer();
  await server.tick('BTCUSDT', '100000.00');
  await server.tick('SOLUSDT', '200.00');
});
afterAll(async () => server.close());

const balances = (c: { userId: string; mode: 'real' | 'demo' }) =>
  server.services.ledger.balances(c.userId, c.mode);

it('fills market buys and sells at the latest tick with the fee to the platform', async () => {
  const customer = await server.customer();
  const t = server.services.trading;
  const buy = await t.spot.submit(customer, {
    code: 'BTCUSDT',
    side: 'buy',
    orderType: 'market',
    quantity: '0.5',
  });
  expect(buy).toMatchObject({ status: 'filled', fillPrice: '100000', fee: '50', value: '50000' });
  await server.tick('BTCUSDT', '101000.00');
  await t.spot.submit(customer, { code: 'BTCUSDT', side: 'sell', orderType: 'market', quantity: '0.2' });
  const b = await balances(customer);
  expect(b.USDT).toEqual({ available: '70129.8', held: '0' });
  expect(b.BTC).toEqual({ available: '0.3', held: '0' });
  // A coin without an account yet (SOL) is opened on the first fill.
  await t.spot.submit(customer, { code: 'SOLUSDT', side: 'buy', orderType: 'market', quantity: '10' });
  expect((await balances(customer)).SOL).toEqual({ available: '10', held: '0' });
  expect(
    await refusal(() =>
      t.spot.submit(customer, { code: 'BTCUSDT', side: 'sell', orderType: 'market', quantity: '1' }),
    ),
  ).toBe('10011');
  const receipts = await t.receipts.list(customer, 'spot', buy.id);
  expect(receipts[0]!.entries.map((e) => [e.currency, e.account, e.amount])).toEqual(
    expect.arrayContaining([
      ['USDT', 'available', '-50050'],
      ['USDT', 'platform_fees', '50'],
      ['BTC', 'available', '0.5'],
    ]),
  );
  expect(await server.services.ledger.check()).toEqual({ ok: true, problems: [] });
});

it('holds a limit buy, fills it when the feed crosses at the crossing price, returns the unused hold', async () => {
  await server.tick('BTCUSDT', '100000.00');
  const customer = await server.customer();
  const t = server.services.trading;
  const order = await t.spot.submit(customer, {
    code: 'BTCUSDT',
    side: 'buy',
    orderType: 'limit',
    quantity: '0.1',
    price: '99000',
  });
  expect(order.status).toBe('pending');
  expect(await usdt(server, customer)).toEqual({ available: '90090.1', held: '9909.9' });
  await server.tick('BTCUSDT', '99000.01');
  expect((await t.spot.list(customer))[0]!.status).toBe('pending');
  const tick = await server.tick('BTCUSDT', '98000.00');
  expect((await t.spot.list(customer))[0]).toMatchObject({
    status: 'filled',
    fillPrice: '98000',
    fee: '9.8',
  });
  expect(await usdt(server, customer)).toEqual({ available: '90190.2', held: '0' });
  expect((await t.receipts.list(customer, 'spot', order.id))[0]).toMatchObject({
    requestedPrice: '99000',
    tick: { seq: String(tick.seq) },
  });
  expect(await refusal(() => t.spot.cancel(customer, order.id))).toBe('11065');
});

it('cancels a pending limit sell and releases the coin', async () => {
  await server.tick('BTCUSDT', '100000.00');
  const customer = await server.customer();
  const t = server.services.trading;
  await t.spot.submit(customer, { code: 'BTCUSDT', side: 'buy', orderType: 'market', quantity: '0.1' });
  const sell = await t.spot.submit(customer, {
    code: 'BTCUSDT',
    side: 'sell',
    orderType: 'limit',
    quantity: '0.1',
    price: '102000',
  });
  expect((await balances(customer)).BTC).toEqual({ available: '0', held: '0.1' });
  const cancelled = await t.spot.cancel(customer, sell.id);
  expect(cancelled.status).toBe('cancelled');
  expect((await balances(customer)).BTC).toEqual({ available: '0.1', held: '0' });
  // The cancelled order's trigger no longer applies.
  await server.tick('BTCUSDT', '103000.00');
  expect(await t.spot.list(customer, ['cancelled'])).toHaveLength(1);
  expect((await balances(customer)).BTC).toEqual({ available: '0.1', held: '0' });
});

it('refuses markets without spot, missing or surplus limit prices, zero and too fine quantities, changing nothing', async () => {
  const customer = await server.customer();
  const t = server.services.trading;
  expect(
    await refusal(() =>
      t.spot.submit(customer, { code: 'EURUSD', side: 'buy', orderType: 'market', quantity: '1' }),
    ),
  ).toBe('11067');
  expect(
    await refusal(() =>
      t.spot.submit(customer, { code: 'NOPE', side: 'buy', orderType: 'market', quantity: '1' }),
    ),
  ).toBe('11030');
  expect(
    await refusal(() =>
      t.spot.submit(customer, { code: 'BTCUSDT', side: 'buy', orderType: 'limit', quantity: '1' }),
    ),
  ).toBe('11066');
  expect(
    await refusal(() =>
      t.spot.submit(customer, {
        code: 'BTCUSDT',
        side: 'buy',
        orderType: 'market',
        quantity: '1',
        price: '1',
      }),
    ),
  ).toBe('11066');
  expect(
    await refusal(() =>
      t.spot.submit(customer, { code: 'BTCUSDT', side: 'buy', orderType: 'market', quantity: '0' }),
    ),
  ).toBe('10016');
  // Finer than BTC's ledger precision (10⁻⁸): refused with 11500, not rounded.
  expect(
    await refusal(() =>
      t.spot.submit(customer, { code: 'BTCUSDT', side: 'buy', orderType: 'market', quantity: '0.000000001' }),
    ),
  ).toBe('11500');
  expect(
    await refusal(() =>
      t.spot.submit(customer, { code: 'BTCUSDT', side: 'buy', orderType: 'market', quantity: '5' }),
    ),
  ).toBe('10011');
  expect(await t.spot.list(customer)).toEqual([]);
  expect(await usdt(server, customer)).toEqual({ available: '100000', held: '0' });
});

it('counts spot trading in the profit total: sells against the average cost, the rest at the price', async () => {
  await server.tick('SOLUSDT', '200.00');
  const customer = await server.customer();
  const t = server.services.trading;
  const buy = (quantity: string) =>
    t.spot.submit(customer, { code: 'SOLUSDT', side: 'buy', orderType: 'market', quantity });
  await buy('10'); // 2,000 + fee 2
  await server.tick('SOLUSDT', '300.00');
  await buy('10'); // 3,000 + fee 3: 20 SOL cost 5,005, 250.25 each
  await server.tick('SOLUSDT', '400.00');
  await t.spot.submit(customer, { code: 'SOLUSDT', side: 'sell', orderType: 'market', quantity: '5' }); // 2,000 − 2
  const total = await server.services.portfolio.profitTotal(customer);
  // Realised: 2,000 − 2 − 5 × 250.25 = 746.75. Held: 15 SOL at 400 against 15 × 250.25: 2,246.25.
  expect(total.realised).toMatchObject({ spot: '746.75', margin: '0', options: '0', total: '746.75' });
  expect(total.unrealised).toBe('2246.25');
  expect(total.total).toBe('2993');
});
