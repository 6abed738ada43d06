import { createTestServer } from '../../test/harness';
import { tradingServer, withHelpers, type TradingTestServer } from './helpers';

/** Two server instances on one database (as behind a load balancer): each engine knows every position. */
let a: TradingTestServer;
let b: TradingTestServer;
beforeAll(async () => {
  a = await tradingServer();
  b = withHelpers(await createTestServer({ shareDatabaseWith: a }));
  await a.tick('BTCUSDT', '100000.00');
  await b.tick('BTCUSDT', '100000.00');
});
afterAll(async () => {
  await b.close();
  await a.close();
});

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((r) => setTimeout(r, 25));
  expect(condition()).toBe(true);
}

it('settles a position opened on one instance when a tick reaches it on the other, once', async () => {
  const customer = await a.customer();
  const position = await a.services.trading.margin.buy(customer, {
    code: 'BTCUSDT',
    direction: 'long',
    lots: '1',
    leverage: 10,
    orderType: 'market',
    stopLoss: '96000',
  });
  await until(
    () =>
      b.services.trading.engine.index.size === a.services.trading.engine.index.size &&
      a.services.trading.engine.index.size > 0,
  );
  await b.tick('BTCUSDT', '95900.00');
  const [closed] = await b.services.trading.margin.list(customer);
  expect(closed).toMatchObject({
    id: position.id,
    status: 'closed',
    closeReason: 'stop_loss',
    closePrice: '95900',
  });
  // The first instance hears of the close and drops its triggers: the same tick there settles nothing again.
  await until(() => a.services.trading.engine.index.size === 0);
  await a.tick('BTCUSDT', '95900.00');
  expect(await a.services.trading.receipts.list(customer, 'margin', position.id)).toHaveLength(2);
  expect(await a.services.ledger.check()).toEqual({ ok: true, problems: [] });
});
