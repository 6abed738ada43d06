import { createTestServer } from '../../test/harness';
import { tradingServer, withHelpers, type TradingTestServer } from './helpers';

/**
 * The option-expiry sweep runs on the scheduler's leader only. Two instances on one PostgreSQL database (as
 * behind a load balancer): the follower's pass sweeps nothing, the leader's settles each expired option once,
 * and when the leader is gone the other instance takes the leadership and its sweep settles what is due.
 * PostgreSQL only: on PGlite one process owns the database and both "instances" would lead.
 */
const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;
jest.setTimeout(120_000);

onPostgres('option expiry sweep across instances', () => {
  let a: TradingTestServer;
  let b: TradingTestServer;
  beforeAll(async () => {
    a = await tradingServer();
    b = withHelpers(await createTestServer({ shareDatabaseWith: a }));
    await a.tick('ETHUSDT', '3000.00');
    await b.tick('ETHUSDT', '3000.00');
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  /** Expiries `server`'s engine is waiting for (its heap is private; read for the test only). */
  const waiting = (server: TradingTestServer) =>
    (server.services.trading.engine as unknown as { expiries: Map<string, { size: number }> }).expiries.get(
      'ETHUSDT',
    )?.size ?? 0;
  async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
    for (let i = 0; i < 400 && !(await condition()); i++) await pause(25);
    expect(await condition()).toBe(true);
  }
  async function sweep(server: TradingTestServer): Promise<boolean> {
    const { leader } = await server.services.scheduler.runDue();
    await server.services.trading.engine.idle();
    return leader;
  }

  it('settles on the leader only, once, and on the next leader when the first is gone', async () => {
    expect(await sweep(a)).toBe(true);
    expect(await sweep(b)).toBe(false);
    const customer = await a.customer();
    const buy = () =>
      a.services.trading.options.buy(customer, {
        code: 'ETHUSDT',
        direction: 'up',
        amount: '100',
        period: 60,
      });

    const first = await buy();
    // The other instance hears of it through the bus and waits for its expiry too.
    await until(() => waiting(b) === 1);
    a.clock.now += 62_000;
    b.clock.now += 62_000;
    expect(await sweep(b)).toBe(false);
    expect((await b.services.trading.options.get(customer, first.id)).status).toBe('open');
    // The last price is older than the stale window at expiry: the option settles at the first fresh tick
    // within the grace window (issue 28), here the opening price again, so the stake comes back.
    await a.tick('ETHUSDT', '3000.00');
    // The sweep's first pass comes one interval after the leadership was gained.
    await pause(300);
    await sweep(a);
    await sweep(a);
    expect((await a.services.trading.options.get(customer, first.id)).status).toBe('refunded');

    // The clock moved past the crypto stale window (30 s): a fresh price first, or the order is refused.
    await a.tick('ETHUSDT', '3000.00');
    await b.tick('ETHUSDT', '3000.00');
    const before = waiting(b);
    const second = await buy();
    await until(() => waiting(b) === before + 1);
    a.clock.now += 62_000;
    b.clock.now += 62_000;
    // The leader stops (its scheduler steps down, as a dying instance's lock is released).
    await a.services.scheduler.lifecycle.stop();
    await b.tick('ETHUSDT', '3000.00');
    await until(async () => sweep(b));
    await pause(300);
    await sweep(b);
    expect((await b.services.trading.options.get(customer, second.id)).status).toBe('refunded');

    // Each settled once: an opening and one settlement receipt apiece; the books balance.
    for (const { id } of [first, second]) {
      const receipts = await a.services.trading.receipts.list(customer, 'option', id);
      expect(receipts.map((r) => r.event)).toEqual(['open', 'settlement']);
    }
    expect(await a.services.ledger.check()).toEqual({ ok: true, problems: [] });
  });
});
