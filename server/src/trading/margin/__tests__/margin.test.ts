import { marginOrderRefusal } from '@swx/shared/contract';
import { tradingServer, refusal, usdt, type TradingTestServer } from '../../__tests__/helpers';

let server: TradingTestServer;
beforeAll(async () => {
  server = await tradingServer();
  await server.tick('BTCUSDT', '100000.00');
});
afterAll(async () => server.close());

const long = { code: 'BTCUSDT', direction: 'long', lots: '1', leverage: 10, orderType: 'market' } as const;
const short = { ...long, direction: 'short' } as const;

async function reset(price = '100000.00') {
  await server.tick('BTCUSDT', price);
}

describe('opening', () => {
  it('opens market orders that arrive together in one batch, each decided on its own balance', async () => {
    await reset();
    const transferMany = jest.spyOn(server.services.ledger, 'transferMany');
    // 0.02 lots at ×2 needs 1,000 margin + 2 fee (0.1 %): the poor customer can pay for two, not three.
    const small = { ...long, lots: '0.02', leverage: 2 } as const;
    const poor = await server.customer('real', '2100');
    const rich = await server.customer('real', '100000');
    const orders = [poor, rich, poor, rich, poor, rich];
    const outcomes = await Promise.all(
      orders.map((customer) => refusal(() => server.services.trading.margin.buy(customer, small))),
    );
    expect(outcomes).toEqual([undefined, undefined, undefined, undefined, '10011', undefined]);
    // They went to the ledger together (one lock statement, one write), not one transaction each.
    expect(transferMany.mock.calls.some(([, requests]) => requests.length === orders.length)).toBe(true);
    transferMany.mockRestore();
    for (const [customer, opened, left] of [
      [poor, 2, '96'],
      [rich, 3, '96994'],
    ] as const) {
      const positions = await server.services.trading.margin.list(customer);
      expect(positions).toHaveLength(opened);
      for (const position of positions) {
        const [receipt] = await server.services.trading.receipts.list(customer, 'margin', position.id);
        // Each position's receipt names its own entry: its own margin and fee, nobody else's.
        expect(receipt!.entries.map((e) => [e.account, e.amount])).toEqual(
          expect.arrayContaining([
            ['available', '-1002'],
            ['held', '1000'],
          ]),
        );
      }
      expect(await usdt(server, customer)).toEqual({
        available: left,
        held: String(1000 * opened),
      });
    }
    expect(await server.services.ledger.check()).toEqual({ ok: true, problems: [] });
  });

  it('holds the margin, charges the fee and fixes liquidation and margin-call prices', async () => {
    await reset();
    const customer = await server.customer();
    const position = await server.services.trading.margin.buy(customer, long);
    expect(position).toMatchObject({
      status: 'open',
      openPrice: '100000',
      margin: '10000',
      fee: '100',
      liquidationPrice: '95000',
      marginCallPrice: '97500',
    });
    expect(await usdt(server, customer)).toEqual({ available: '89900', held: '10000' });
    const receipts = await server.services.trading.receipts.list(customer, 'margin', position.id);
    expect(receipts[0]).toMatchObject({ event: 'open', fillPrice: '100000', tick: { price: '100000' } });
    expect(receipts[0]!.entries.map((e) => [e.account, e.amount])).toEqual(
      expect.arrayContaining([
        ['available', '-10100'],
        ['held', '10000'],
        ['platform_fees', '100'],
      ]),
    );
  });

  it('validates stop loss and take profit against the side and the liquidation price', async () => {
    await reset();
    const customer = await server.customer();
    const t = server.services.trading;
    expect(await refusal(() => t.margin.buy(customer, { ...long, stopLoss: '100000' }))).toBe('11061');
    expect(await refusal(() => t.margin.buy(customer, { ...long, stopLoss: '94999' }))).toBe('11063');
    expect(await refusal(() => t.margin.buy(customer, { ...long, takeProfit: '99999' }))).toBe('11062');
    expect(await refusal(() => t.margin.buy(customer, { ...short, stopLoss: '99999' }))).toBe('11061');
    expect(await refusal(() => t.margin.buy(customer, { ...short, stopLoss: '105001' }))).toBe('11063');
    expect(await refusal(() => t.margin.buy(customer, { ...short, takeProfit: '100001' }))).toBe('11062');
    expect(await refusal(() => t.margin.buy(customer, { ...long, leverage: 3 }))).toBe('11060');
    expect(await refusal(() => t.margin.buy(customer, { ...long, lots: '0' }))).toBe('10016');
    expect(await refusal(() => t.margin.buy(customer, { ...long, orderType: 'limit' }))).toBe('11066');
    expect(await refusal(() => t.margin.buy(customer, { ...long, code: 'AAPL', leverage: 5 }))).toBe('10015');
    expect(await usdt(server, customer)).toEqual({ available: '100000', held: '0' });
    expect(await t.margin.list(customer)).toEqual([]);
  });

  it('caps crypto leverage for real accounts and refuses what the balance cannot cover with 10011', async () => {
    await reset();
    const real = await server.customer('real', '1000');
    const t = server.services.trading;
    expect(await refusal(() => t.margin.buy(real, { ...long, leverage: 5 }))).toBe('11060');
    expect(await refusal(() => t.margin.buy(real, { ...long, leverage: 2 }))).toBe('10011');
    expect(await t.margin.list(real)).toEqual([]);
    expect(await usdt(server, real)).toEqual({ available: '1000', held: '0' });
    const ok = await t.margin.buy(real, { ...long, lots: '0.01', leverage: 2 });
    expect(ok).toMatchObject({ margin: '500', fee: '1' });
    // Demo and real are apart: the real position is not in the demo list.
    expect(await t.margin.list({ ...real, mode: 'demo' })).toEqual([]);
  });
});

describe('triggers fire exactly at the rule', () => {
  it('long stop loss at or below its level, settled at the triggering tick', async () => {
    await reset();
    const customer = await server.customer();
    const p = await server.services.trading.margin.buy(customer, {
      ...long,
      stopLoss: '96000',
      takeProfit: '105000',
    });
    await server.tick('BTCUSDT', '96000.01');
    expect((await server.services.trading.margin.list(customer))[0]!.status).toBe('open');
    const tick = await server.tick('BTCUSDT', '96000.00');
    const [closed] = await server.services.trading.margin.list(customer);
    expect(closed).toMatchObject({
      id: p.id,
      status: 'closed',
      closeReason: 'stop_loss',
      closePrice: '96000',
      closeFee: '96',
      profit: '-4196',
    });
    expect(await usdt(server, customer)).toEqual({ available: '95804', held: '0' });
    const receipts = await server.services.trading.receipts.list(customer, 'margin', p.id);
    expect(receipts.map((r) => r.event)).toEqual(['open', 'stop_loss']);
    expect(receipts[1]).toMatchObject({
      requestedPrice: '96000',
      fillPrice: '96000',
      tick: { seq: String(tick.seq) },
    });
    expect(
      server.events.some((e) => e.userId === customer.userId && e.event.type === 'position_closed'),
    ).toBe(true);
  });

  it('long take profit at or above its level', async () => {
    await reset();
    const customer = await server.customer();
    await server.services.trading.margin.buy(customer, { ...long, takeProfit: '105000' });
    await server.tick('BTCUSDT', '104999.99');
    expect((await server.services.trading.margin.list(customer))[0]!.status).toBe('open');
    await server.tick('BTCUSDT', '105000.00');
    expect((await server.services.trading.margin.list(customer))[0]).toMatchObject({
      status: 'closed',
      closeReason: 'take_profit',
      profit: '4795', // 5000 − 100 open fee − 105 close fee
    });
  });

  it('short stop loss and take profit on the mirrored sides', async () => {
    await reset();
    const a = await server.customer();
    const b = await server.customer();
    await server.services.trading.margin.buy(a, { ...short, stopLoss: '104000' });
    await server.services.trading.margin.buy(b, { ...short, takeProfit: '95000' });
    await server.tick('BTCUSDT', '103999.99');
    expect((await server.services.trading.margin.list(a))[0]!.status).toBe('open');
    await server.tick('BTCUSDT', '104000.00');
    expect((await server.services.trading.margin.list(a))[0]).toMatchObject({
      status: 'closed',
      closeReason: 'stop_loss',
    });
    await server.tick('BTCUSDT', '95000.01');
    expect((await server.services.trading.margin.list(b))[0]!.status).toBe('open');
    await server.tick('BTCUSDT', '95000.00');
    expect((await server.services.trading.margin.list(b))[0]).toMatchObject({
      status: 'closed',
      closeReason: 'take_profit',
    });
  });

  it('margin call once at 75 %, liquidation at the maintenance level, loss capped at the margin', async () => {
    await reset();
    const a = await server.customer();
    const b = await server.customer();
    const pa = await server.services.trading.margin.buy(a, long);
    const pb = await server.services.trading.margin.buy(b, short);
    await server.tick('BTCUSDT', '97500.01');
    expect(server.events.filter((e) => e.userId === a.userId && e.event.type === 'margin_call')).toHaveLength(
      0,
    );
    await server.tick('BTCUSDT', '97500.00');
    await server.tick('BTCUSDT', '97400.00');
    expect(server.events.filter((e) => e.userId === a.userId && e.event.type === 'margin_call')).toHaveLength(
      1,
    );
    await server.tick('BTCUSDT', '95000.01');
    expect((await server.services.trading.margin.list(a))[0]!.status).toBe('open');
    // A gap far beyond the liquidation price: the customer loses the margin and no more.
    await server.tick('BTCUSDT', '80000.00');
    expect((await server.services.trading.margin.list(a))[0]).toMatchObject({
      id: pa.id,
      status: 'liquidated',
      closePrice: '80000',
      closeFee: '0',
      profit: '-10100',
    });
    expect(await usdt(server, a)).toEqual({ available: '89900', held: '0' });
    // The short gained 20 000 − fees.
    expect((await server.services.trading.margin.list(b))[0]!.status).toBe('open');
    await server.tick('BTCUSDT', '105000.00');
    expect((await server.services.trading.margin.list(b))[0]).toMatchObject({
      id: pb.id,
      status: 'liquidated',
      profit: '-5205',
    });
    expect(await server.services.ledger.check()).toEqual({ ok: true, problems: [] });
  });
});

describe('customer actions', () => {
  it('closes at the current feed price once; a second close is refused', async () => {
    await reset();
    const customer = await server.customer();
    const p = await server.services.trading.margin.buy(customer, long);
    await server.tick('BTCUSDT', '101000.00');
    const open = (await server.services.trading.margin.list(customer))[0]!;
    expect(open).toMatchObject({ currentPrice: '101000', profit: '1000' });
    const closed = await server.services.trading.margin.close(customer, p.id);
    expect(closed).toMatchObject({
      status: 'closed',
      closeReason: 'customer',
      closePrice: '101000',
      profit: '799',
    });
    expect(await refusal(() => server.services.trading.margin.close(customer, p.id))).toBe('11065');
    expect(await usdt(server, customer)).toEqual({ available: '100799', held: '0' });
  });

  it('modifies stop loss and take profit with the same validation; the old levels stop applying', async () => {
    await reset();
    const customer = await server.customer();
    const t = server.services.trading;
    const p = await t.margin.buy(customer, { ...long, stopLoss: '96000' });
    expect(await refusal(() => t.margin.modify(customer, { id: p.id, stopLoss: '94000' }))).toBe('11063');
    expect(await refusal(() => t.margin.modify(customer, { id: p.id, takeProfit: '90000' }))).toBe('11062');
    const modified = await t.margin.modify(customer, { id: p.id, stopLoss: '97000', takeProfit: '103000' });
    expect(modified).toMatchObject({ stopLoss: '97000', takeProfit: '103000' });
    await server.tick('BTCUSDT', '96500.00');
    expect((await t.margin.list(customer))[0]).toMatchObject({
      status: 'closed',
      closeReason: 'stop_loss',
      closePrice: '96500',
    });
  });

  it('a limit entry waits with margin and fee held, opens when the feed reaches it, or is cancelled', async () => {
    await reset();
    const customer = await server.customer();
    const t = server.services.trading;
    const waiting = await t.margin.buy(customer, { ...long, orderType: 'limit', price: '99000' });
    expect(waiting).toMatchObject({ status: 'waiting', margin: '9900', fee: '99', openPrice: null });
    expect(await usdt(server, customer)).toEqual({ available: '90001', held: '9999' });
    await server.tick('BTCUSDT', '99500.00');
    expect((await t.margin.list(customer))[0]!.status).toBe('waiting');
    await server.tick('BTCUSDT', '98900.00');
    expect((await t.margin.list(customer))[0]).toMatchObject({
      status: 'open',
      openPrice: '98900',
      liquidationPrice: '93950',
    });
    expect(await usdt(server, customer)).toEqual({ available: '90001', held: '9900' });

    const other = await t.margin.buy(customer, { ...short, orderType: 'limit', price: '120000' });
    const cancelled = await t.margin.close(customer, other.id);
    expect(cancelled.status).toBe('cancelled');
    expect(await usdt(server, customer)).toEqual({ available: '90001', held: '9900' });
  });

  it('honours a quote and re-quotes when the price moved, the quote expired or was for another order', async () => {
    await reset();
    const customer = await server.customer();
    const t = server.services.trading;
    const quote = await t.margin.quote(customer, { ...long, takeProfit: '110000' });
    expect(quote).toMatchObject({
      price: '100000',
      requiredMargin: '10000',
      fee: '100',
      liquidationPrice: '95000',
      expectedReturn: '9790',
    });
    expect(
      await refusal(() =>
        t.margin.buy(customer, { ...long, lots: '2', takeProfit: '110000', quoteId: quote.quoteId }),
      ),
    ).toBe('11007');
    await server.tick('BTCUSDT', '100600.00');
    expect(
      await refusal(() => t.margin.buy(customer, { ...long, takeProfit: '110000', quoteId: quote.quoteId })),
    ).toBe('11007');
    await server.tick('BTCUSDT', '100400.00');
    expect(
      (await t.margin.buy(customer, { ...long, takeProfit: '110000', quoteId: quote.quoteId })).status,
    ).toBe('open');
    const again = await t.margin.quote(customer, long);
    server.clock.now += 31_000;
    // A fresh price at the later time, so the refusal is the quote's age and not the stale-price guard.
    await server.tick('BTCUSDT', '100400.00');
    expect(await refusal(() => t.margin.buy(customer, { ...long, quoteId: again.quoteId }))).toBe('11007');
    server.clock.now -= 31_000;
  });

  it('refuses to quote an order the available balance cannot pay, by the order ticket’s rule', async () => {
    await reset();
    // Real crypto accounts are capped at 2×: 1 lot takes 50,000 margin and a 100 fee.
    const order = { ...long, leverage: 2 } as const;
    const poor = await server.customer('real', '50099.99');
    const t = server.services.trading;
    expect(await refusal(() => t.margin.quote(poor, order))).toBe('10011');
    expect(
      marginOrderRefusal({
        lots: order.lots,
        contractSize: '1',
        price: '100000',
        leverage: order.leverage,
        feeRate: '0.001',
        availableUsdt: '50099.99',
        // The market's minimums as getMarketInfo serves them: 1 lot clears them, so the balance decides.
        limits: server.services.markets.orderLimits('BTCUSDT'),
      }),
    ).toMatchObject({ reason: 'balance', code: '10011', needed: '50100' });
    const enough = await server.customer('real', '50100');
    expect((await t.margin.quote(enough, order)).requiredMargin).toBe('50000');
    // Held funds do not count: a waiting limit entry (22,545 held) leaves 27,555 available.
    await t.margin.buy(enough, { ...order, lots: '0.5', orderType: 'limit', price: '90000' });
    expect(await refusal(() => t.margin.quote(enough, { ...order, lots: '0.6' }))).toBe('10011');
    expect(await refusal(() => t.margin.quote(enough, { ...order, lots: '0.5' }))).toBeUndefined();
  });

  it('takes the quote tolerance and lifetime from the staff parameters', async () => {
    await reset();
    const customer = await server.customer();
    const t = server.services.trading;
    const { staffId } = await server.database.db.transaction((tx) =>
      server.services.staff.create(tx, 'quote-desk', 'Quote-desk-pass-2026', null, ['admin']),
    );
    const staff = { staffId, reason: 'test: wider quote tolerance, longer quotes' };
    await server.services.params.set('quote_price_tolerance', '0.01', staff);
    await server.services.params.set('quote_ttl_seconds', '60', staff);
    try {
      const quote = await t.margin.quote(customer, long);
      expect(Date.parse(quote.expiresAt) - server.clock.now).toBe(60_000);
      server.clock.now += 31_000;
      await server.tick('BTCUSDT', '100900.00');
      // 0.9 % moved and 31 s passed: inside both parameters, outside the defaults.
      expect((await t.margin.buy(customer, { ...long, quoteId: quote.quoteId })).status).toBe('open');
      const next = await t.margin.quote(customer, long);
      await server.tick('BTCUSDT', '102000.00');
      expect(await refusal(() => t.margin.buy(customer, { ...long, quoteId: next.quoteId }))).toBe('11007');
    } finally {
      server.clock.now -= 31_000;
      await server.services.params.set('quote_price_tolerance', '0.005', staff);
      await server.services.params.set('quote_ttl_seconds', '30', staff);
    }
  });
});
