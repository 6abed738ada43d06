import { refusal, tradingServer, usdt, type TradingTestServer } from './helpers';

/**
 * Order minimums (issue 28): each market has a minimum size, a size step and a minimum notional
 * (`market_order_limits`, per type with per-market overrides), shown in `getMarketInfo`; anything below or off
 * the step is refused with its code and changes nothing. Before this, 0.0000001 BTC opened a position with
 * 0.00 margin and 0.00 fee.
 */
let server: TradingTestServer;

beforeAll(async () => {
  // The first staff account (id 1) changes the parameter in the last test.
  server = await tradingServer({ env: { ADMIN_USERNAME: 'chief', ADMIN_PASSWORD: 'Back-office-2026' } });
  await server.tick('BTCUSDT', '90000.00');
  await server.tick('ETHUSDT', '3000.00');
});
afterAll(async () => server.close());

describe('order minimums', () => {
  it('are in the market information', async () => {
    const info = await server.app.inject({ method: 'GET', url: '/swx/customer/index/getMarketInfo/BTCUSDT' });
    expect(info.json().result).toMatchObject({
      orderLimits: { minSize: '0.0001', sizeStep: '0.0001', minNotional: '5' },
      optionStaleGraceSeconds: 60,
    });
  });

  it('refuse a margin order of 0.0000001 BTC (11407), an off-step one (11408), a tiny notional (11409)', async () => {
    const customer = await server.customer();
    const t = server.services.trading;
    const buy = (lots: string, code = 'BTCUSDT') =>
      t.margin.buy(customer, { code, direction: 'long', lots, leverage: 1, orderType: 'market' });
    expect(await refusal(() => buy('0.0000001'))).toBe('11407');
    expect(await refusal(() => buy('0.00015'))).toBe('11408');
    // 0.001 ETH at 3000 is 3 USDT: below the 5 USDT minimum.
    expect(await refusal(() => buy('0.001', 'ETHUSDT'))).toBe('11409');
    expect(await t.margin.list(customer)).toEqual([]);
    expect(await usdt(server, customer)).toEqual({ available: '100000', held: '0' });
    const ok = await buy('0.0002');
    expect(ok).toMatchObject({ status: 'open', lots: '0.0002' });
    expect(Number(ok.margin)).toBeGreaterThan(0);
    expect(Number(ok.fee)).toBeGreaterThan(0);
  });

  it('refuse spot orders the same way, at the limit price for a limit order', async () => {
    const customer = await server.customer();
    const t = server.services.trading;
    const submit = (quantity: string, price?: string) =>
      t.spot.submit(customer, {
        code: 'ETHUSDT',
        side: 'buy',
        orderType: price ? 'limit' : 'market',
        quantity,
        ...(price ? { price } : {}),
      });
    expect(await refusal(() => submit('0.00001'))).toBe('11407');
    expect(await refusal(() => submit('0.00155'))).toBe('11408');
    expect(await refusal(() => submit('0.0016'))).toBe('11409');
    // 0.002 at 3000 is 6 USDT (enough); as a limit at 2000 it is 4 USDT (not).
    expect(await refusal(() => submit('0.002', '2000'))).toBe('11409');
    expect((await submit('0.002')).status).toBe('filled');
  });

  it('follow a per-market override of the parameter', async () => {
    const staff = { staffId: '1', reason: 'test' };
    const setting = JSON.parse(server.services.params.get('market_order_limits')) as Record<string, unknown>;
    await server.services.params.set(
      'market_order_limits',
      JSON.stringify({
        ...setting,
        markets: { BTCUSDT: { minSize: '0.01', sizeStep: '0.01', minNotional: '100' } },
      }),
      staff,
    );
    try {
      const customer = await server.customer();
      const buy = (lots: string) =>
        server.services.trading.margin.buy(customer, {
          code: 'BTCUSDT',
          direction: 'long',
          lots,
          leverage: 1,
          orderType: 'market',
        });
      expect(await refusal(() => buy('0.0002'))).toBe('11407');
      expect((await buy('0.01')).status).toBe('open');
      const info = await server.app.inject({
        method: 'GET',
        url: '/swx/customer/index/getMarketInfo/BTCUSDT',
      });
      expect(info.json().result.orderLimits).toEqual({
        minSize: '0.01',
        sizeStep: '0.01',
        minNotional: '100',
      });
      // A malformed setting is refused when stored.
      await expect(
        server.services.params.set('market_order_limits', JSON.stringify({ types: {} }), staff),
      ).rejects.toMatchObject({ code: '11041' });
    } finally {
      await server.services.params.set('market_order_limits', JSON.stringify(setting), staff);
    }
  });
});
