import { createTestServer } from '../../../test/harness';
import { tradingServer, refusal, usdt, withHelpers, type TradingTestServer } from '../../__tests__/helpers';

let server: TradingTestServer;
beforeAll(async () => {
  server = await tradingServer();
  await server.tick('ETHUSDT', '3000.00');
});
afterAll(async () => server.close());

const buy = (customer: { userId: string; mode: 'real' | 'demo' }, direction: 'up' | 'down', amount = '100') =>
  server.services.trading.options.buy(customer, { code: 'ETHUSDT', direction, amount, period: 60 });

it('settles at the last tick at or before expiry: win, loss, equal refunds', async () => {
  await server.tick('ETHUSDT', '3000.00');
  const start = server.clock.now;
  const up = await server.customer();
  const down = await server.customer();
  const cUp = await buy(up, 'up');
  const cDown = await buy(down, 'down');
  expect(cUp).toMatchObject({ status: 'open', openPrice: '3000', rate: '0.85', period: 60 });
  expect(await usdt(server, up)).toEqual({ available: '99900', held: '100' });
  await server.tick('ETHUSDT', '3010.00', start + 30_000);
  await server.tick('ETHUSDT', '3020.00', start + 60_000);
  // Still open: the expiry tick may not be the last one at expiry until a later tick or the grace passes.
  expect((await server.services.trading.options.get(up, cUp.id)).status).toBe('open');
  await server.tick('ETHUSDT', '2900.00', start + 60_001);
  expect(await server.services.trading.options.get(up, cUp.id)).toMatchObject({
    status: 'won',
    settlePrice: '3020',
    profit: '85',
  });
  expect(await server.services.trading.options.get(down, cDown.id)).toMatchObject({
    status: 'lost',
    settlePrice: '3020',
    profit: '-100',
  });
  expect(await usdt(server, up)).toEqual({ available: '100085', held: '0' });
  expect(await usdt(server, down)).toEqual({ available: '99900', held: '0' });
  const receipts = await server.services.trading.receipts.list(up, 'option', cUp.id);
  expect(receipts.map((r) => [r.event, r.fillPrice])).toEqual([
    ['open', '3000'],
    ['settlement', '3020'],
  ]);

  // Equal price refunds; settled by the timer with nobody watching (no tick after expiry; the last one, 20 s
  // before it, was still fresh at expiry).
  server.clock.now = start + 120_000;
  await server.tick('ETHUSDT', '2950.00');
  const refunded = await server.customer();
  const c = await buy(refunded, 'up');
  await server.tick('ETHUSDT', '2950.00', server.clock.now + 40_000);
  server.clock.now += 61_000;
  server.services.trading.engine.settleDue(server.clock.now);
  await server.services.trading.engine.idle();
  expect(await server.services.trading.options.get(refunded, c.id)).toMatchObject({
    status: 'refunded',
    profit: '0',
    settlePrice: '2950',
  });
  expect(await usdt(server, refunded)).toEqual({ available: '100000', held: '0' });
  expect(server.events.filter((e) => e.event.type === 'option_settled').length).toBeGreaterThanOrEqual(3);
  expect(await server.services.ledger.check()).toEqual({ ok: true, problems: [] });
});

it('refuses unknown periods (10017), markets without options (10014) and stakes out of bounds (10016) or finer than cents (11500)', async () => {
  const customer = await server.customer();
  const t = server.services.trading;
  expect(
    await refusal(() =>
      t.options.buy(customer, { code: 'ETHUSDT', direction: 'up', amount: '100', period: 61 }),
    ),
  ).toBe('10017');
  expect(
    await refusal(() =>
      t.options.buy(customer, { code: 'NOPE', direction: 'up', amount: '100', period: 60 }),
    ),
  ).toBe('10014');
  expect(
    await refusal(() =>
      t.options.buy(customer, { code: 'ETHUSDT', direction: 'up', amount: '9.99', period: 60 }),
    ),
  ).toBe('10016');
  expect(
    await refusal(() =>
      t.options.buy(customer, { code: 'ETHUSDT', direction: 'up', amount: '50000.01', period: 60 }),
    ),
  ).toBe('10016');
  expect(
    await refusal(() =>
      t.options.buy(customer, { code: 'AAPL', direction: 'up', amount: '100', period: 60 }),
    ),
  ).toBe('10015');
  // A stake finer than USDT's cents (ledger precision): 11500.
  expect(
    await refusal(() =>
      t.options.buy(customer, { code: 'ETHUSDT', direction: 'up', amount: '100.001', period: 60 }),
    ),
  ).toBe('11500');
  expect(await t.options.list(customer)).toEqual([]);
});

it('settles contracts that expired while the server was down, once, with the recorded tick at expiry', async () => {
  const first = withHelpers(await createTestServer());
  let closed = false;
  try {
    await first.tick('BTCUSDT', '90000.00');
    const start = first.clock.now;
    const customer = await first.customer();
    const contract = await first.services.trading.options.buy(customer, {
      code: 'BTCUSDT',
      direction: 'up',
      amount: '200',
      period: 60,
    });
    const position = await first.services.trading.margin.buy(customer, {
      code: 'BTCUSDT',
      direction: 'long',
      lots: '0.1',
      leverage: 10,
      orderType: 'market',
      stopLoss: '88000',
    });
    await first.tick('BTCUSDT', '90500.00', start + 59_000);
    // The first instance dies before the expiry: its engine does no more work, and the ticks it published are
    // in the database as the feed's writer stores them (every second).
    const engine = first.services.trading.engine;
    (engine as unknown as { enqueue: () => void }).enqueue = () => undefined;
    await first.tick('BTCUSDT', '89000.00', start + 61_000);
    await first.services.markets.flushStorage();
    expect((await first.services.trading.options.get(customer, contract.id)).status).toBe('open');

    // A new service graph on the same database (PGlite: same in-process database; PostgreSQL: same URL).
    const second = withHelpers(await createTestServer({ shareDatabaseWith: first }));
    try {
      second.clock.now = start + 3_600_000;
      for (const part of second.services.lifecycle) if (part.name === 'trading-engine') await part.start();
      await second.services.trading.engine.idle();
      const settled = await second.services.trading.options.get(customer, contract.id);
      expect(settled).toMatchObject({ status: 'won', settlePrice: '90500', profit: '170' });
      // Settling again does nothing: the option is no longer open.
      second.services.trading.engine.settleDue(second.clock.now + 1000);
      await second.services.trading.engine.idle();
      expect(await second.services.trading.receipts.list(customer, 'option', contract.id)).toHaveLength(2);
      // The open position was re-indexed from the database: its stop loss fires on the new instance.
      await second.tick('BTCUSDT', '87900.00');
      expect(
        (await second.services.trading.margin.list(customer)).find((p) => p.id === position.id),
      ).toMatchObject({
        status: 'closed',
        closeReason: 'stop_loss',
        closePrice: '87900',
      });
      expect(await second.services.ledger.check()).toEqual({ ok: true, problems: [] });
    } finally {
      await second.close();
    }
  } finally {
    if (!closed) await first.close();
    closed = true;
  }
});

describe('an option expiring while its market is stale (issue 28)', () => {
  // ETHUSDT is crypto: stale after 30 s without a tick; the grace window is 60 s (`option_stale_grace_seconds`).
  it('settles at the first fresh tick within the grace window, and says so on the receipt', async () => {
    const customer = await server.customer();
    server.clock.now += 1_000;
    await server.tick('ETHUSDT', '3000.00');
    const opened = server.clock.now;
    const contract = await buy(customer, 'up');
    // No tick for 60 s: the last price at expiry is a minute old, stale. The timer finds nothing to settle at.
    server.clock.now = opened + 61_000;
    server.services.trading.engine.settleDue(server.clock.now);
    await server.services.trading.engine.idle();
    expect((await server.services.trading.options.get(customer, contract.id)).status).toBe('open');
    // The feed comes back 30 s after expiry: that first fresh price settles it (a win at 3010).
    await server.tick('ETHUSDT', '3010.00', opened + 90_000);
    expect(await server.services.trading.options.get(customer, contract.id)).toMatchObject({
      status: 'won',
      settlePrice: '3010',
    });
    const receipts = await server.services.trading.receipts.list(customer, 'option', contract.id);
    expect(receipts.at(-1)).toMatchObject({
      event: 'settlement',
      fillPrice: '3010',
      rule: 'stale_first_fresh',
    });
  });

  it('is voided with the stake returned when no fresh tick comes within the grace window', async () => {
    const customer = await server.customer();
    server.clock.now += 200_000;
    await server.tick('ETHUSDT', '3000.00');
    const opened = server.clock.now;
    const contract = await buy(customer, 'down');
    expect(await usdt(server, customer)).toEqual({ available: '99900', held: '100' });
    server.clock.now = opened + 60_000 + 60_000 + 1;
    server.services.trading.engine.settleDue(server.clock.now);
    await server.services.trading.engine.idle();
    expect(await server.services.trading.options.get(customer, contract.id)).toMatchObject({
      status: 'voided',
      profit: '0',
      settlePrice: null,
    });
    expect(await usdt(server, customer)).toEqual({ available: '100000', held: '0' });
    const receipts = await server.services.trading.receipts.list(customer, 'option', contract.id);
    expect(receipts.at(-1)).toMatchObject({ event: 'settlement', fillPrice: '3000', rule: 'stale_void' });
    // A tick arriving later changes nothing.
    await server.tick('ETHUSDT', '2000.00');
    expect((await server.services.trading.options.get(customer, contract.id)).status).toBe('voided');
    expect(await server.services.ledger.check()).toEqual({ ok: true, problems: [] });
  });
});
