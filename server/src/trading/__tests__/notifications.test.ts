import { and, eq } from 'drizzle-orm';
import type { NotificationItem } from '@swx/shared/contract';
import { tradingReceipts } from '../tables';
import type { Customer } from '..';
import { refusal, tradingServer, type TradingTestServer } from './helpers';

// Events the customer did not see happen are stored as notifications (the account's list, pushed live), in
// the same transaction as the event; what the customer did themselves, or a refusal, stores none.

let server: TradingTestServer;
beforeAll(async () => {
  server = await tradingServer();
  await server.tick('BTCUSDT', '100000.00');
  await server.tick('ETHUSDT', '3000.00');
});
afterAll(async () => server.close());

const long = { code: 'BTCUSDT', direction: 'long', lots: '1', leverage: 10, orderType: 'market' } as const;
const short = { ...long, direction: 'short' } as const;

async function noticesOf(customer: Customer): Promise<NotificationItem[]> {
  return (await server.services.notifications.list(customer.userId, 1, 100)).items;
}

/** The one notification the customer has; fails when there is none or more than one. */
async function onlyNotice(customer: Customer): Promise<NotificationItem> {
  const items = await noticesOf(customer);
  expect(items).toHaveLength(1);
  return items[0]!;
}

function expectPushed(customer: Customer, item: NotificationItem) {
  const pushed = server.events.filter(
    (e) => e.userId === customer.userId && e.event.type === 'notification' && e.event.id === item.id,
  );
  expect(pushed).toHaveLength(1);
  expect(pushed[0]!.event).toMatchObject({ kind: item.kind, titleKey: item.titleKey, params: item.params });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A notification's kind and the text keys the client renders it with. */
const keysOf = (kind: string) => ({
  kind,
  titleKey: `notifications.${kind}.title`,
  bodyKey: `notifications.${kind}.body`,
});

describe('spot', () => {
  it('a waiting limit order filled by the feed is noted once, with its keys, params and reference', async () => {
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
    expect(await noticesOf(customer)).toEqual([]);
    await server.tick('BTCUSDT', '98900.00');
    const item = await onlyNotice(customer);
    expect(item).toMatchObject({
      ...keysOf('spot.limit_filled'),
      referenceType: 'spot_order',
      referenceId: order.id,
      read: false,
      params: {
        mode: 'demo',
        code: 'BTCUSDT',
        side: 'buy',
        quantity: '0.1',
        coin: 'BTC',
        limitPrice: '99000',
        price: '98900',
        value: '9890',
        fee: '9.89',
      },
    });
    expectPushed(customer, item);
    // A further tick through the limit, and a refused cancel of the filled order, note nothing more.
    await server.tick('BTCUSDT', '98000.00');
    expect(await refusal(() => t.spot.cancel(customer, order.id))).toBe('11065');
    expect(await noticesOf(customer)).toHaveLength(1);
  });

  it('a market order, and a limit order the customer cancels, are noted nowhere', async () => {
    await server.tick('BTCUSDT', '100000.00');
    const customer = await server.customer();
    const t = server.services.trading;
    await t.spot.submit(customer, { code: 'BTCUSDT', side: 'buy', orderType: 'market', quantity: '0.01' });
    const order = await t.spot.submit(customer, {
      code: 'BTCUSDT',
      side: 'sell',
      orderType: 'limit',
      quantity: '0.01',
      price: '120000',
    });
    await t.spot.cancel(customer, order.id);
    await server.tick('BTCUSDT', '121000.00');
    expect(await noticesOf(customer)).toEqual([]);
  });
});

describe('margin', () => {
  it('a waiting limit entry opened by the feed is noted once', async () => {
    await server.tick('BTCUSDT', '100000.00');
    const customer = await server.customer();
    const waiting = await server.services.trading.margin.buy(customer, {
      ...long,
      orderType: 'limit',
      price: '99000',
    });
    await server.tick('BTCUSDT', '99500.00');
    expect(await noticesOf(customer)).toEqual([]);
    await server.tick('BTCUSDT', '98900.00');
    const item = await onlyNotice(customer);
    expect(item).toMatchObject({
      ...keysOf('margin.entry_opened'),
      referenceType: 'margin_position',
      referenceId: waiting.id,
      params: {
        mode: 'demo',
        code: 'BTCUSDT',
        direction: 'long',
        lots: '1',
        leverage: 10,
        limitPrice: '99000',
        price: '98900',
        margin: '9900',
        fee: '99',
        liquidationPrice: '93950',
      },
    });
    expectPushed(customer, item);
  });

  it('closes by stop loss, take profit and liquidation are each noted once; a margin call once', async () => {
    await server.tick('BTCUSDT', '100000.00');
    const t = server.services.trading;
    const stopped = await server.customer();
    const profited = await server.customer();
    const liquidated = await server.customer();
    const ps = await t.margin.buy(stopped, { ...long, stopLoss: '96000' });
    const pt = await t.margin.buy(profited, { ...short, takeProfit: '96000' });
    const pl = await t.margin.buy(liquidated, long);

    await server.tick('BTCUSDT', '97500.00');
    const call = await onlyNotice(liquidated);
    expect(call).toMatchObject({
      ...keysOf('margin.margin_call'),
      referenceType: 'margin_position',
      referenceId: pl.id,
      params: {
        mode: 'demo',
        code: 'BTCUSDT',
        direction: 'long',
        lots: '1',
        leverage: 10,
        price: '97500',
        equity: '7500',
        margin: '10000',
        liquidationPrice: '95000',
      },
    });
    expectPushed(liquidated, call);
    // The stop loss's own margin call fired on the same tick; the take-profit short is in profit.
    expect((await noticesOf(stopped)).map((n) => n.kind)).toEqual(['margin.margin_call']);
    expect(await noticesOf(profited)).toEqual([]);

    await server.tick('BTCUSDT', '96000.00');
    const [stopNotice] = await noticesOf(stopped);
    expect(stopNotice).toMatchObject({
      ...keysOf('margin.stop_loss'),
      referenceType: 'margin_position',
      referenceId: ps.id,
      params: {
        mode: 'demo',
        code: 'BTCUSDT',
        direction: 'long',
        lots: '1',
        leverage: 10,
        openPrice: '100000',
        triggerPrice: '96000',
        price: '96000',
        fee: '96',
        profit: '-4196',
      },
    });
    expectPushed(stopped, stopNotice!);
    const [profitNotice] = await noticesOf(profited);
    expect(profitNotice).toMatchObject({
      kind: 'margin.take_profit',
      referenceId: pt.id,
      params: { direction: 'short', triggerPrice: '96000', price: '96000', profit: '3804' },
    });
    expect(await noticesOf(profited)).toHaveLength(1);

    // The margin call is not repeated on a further fall; liquidation comes once, even past its level.
    await server.tick('BTCUSDT', '95500.00');
    expect(await noticesOf(liquidated)).toHaveLength(1);
    await server.tick('BTCUSDT', '90000.00');
    await server.tick('BTCUSDT', '89000.00');
    const [liquidation, ...older] = await noticesOf(liquidated);
    expect(older.map((n) => n.kind)).toEqual(['margin.margin_call']);
    expect(liquidation).toMatchObject({
      kind: 'margin.liquidated',
      titleKey: 'notifications.margin.liquidated.title',
      referenceId: pl.id,
      params: { triggerPrice: '95000', price: '90000', fee: '0', profit: '-10100' },
    });
    expectPushed(liquidated, liquidation!);
    expect(await noticesOf(stopped)).toHaveLength(2);
  });

  it('a close or cancel by the customer, and refused actions, store no notification', async () => {
    await server.tick('BTCUSDT', '100000.00');
    const customer = await server.customer();
    const t = server.services.trading;
    const p = await t.margin.buy(customer, long);
    await server.tick('BTCUSDT', '101000.00');
    await t.margin.close(customer, p.id);
    expect(await refusal(() => t.margin.close(customer, p.id))).toBe('11065');
    const waiting = await t.margin.buy(customer, { ...short, orderType: 'limit', price: '120000' });
    await t.margin.close(customer, waiting.id);
    expect(await refusal(() => t.margin.buy(customer, { ...long, stopLoss: '101500' }))).toBe('11061');
    expect(await refusal(() => t.margin.modify(customer, { id: p.id, stopLoss: '90000' }))).toBe('11065');
    await server.tick('BTCUSDT', '121000.00');
    await server.tick('BTCUSDT', '80000.00');
    expect(await noticesOf(customer)).toEqual([]);
    expect(server.events.some((e) => e.userId === customer.userId && e.event.type === 'notification')).toBe(
      false,
    );
  });

  it('a close by rule that rolls back stores no notification; the retry that commits stores one', async () => {
    await server.tick('BTCUSDT', '100000.00');
    const customer = await server.customer();
    const p = await server.services.trading.margin.buy(customer, { ...long, stopLoss: '99000' });
    const db = server.database.db;
    // A receipt already taken for this stop loss makes the close's receipt insert fail, after the
    // notification was written: the whole close, notification included, rolls back.
    const blocker = {
      kind: 'margin' as const,
      recordId: BigInt(p.id),
      userId: BigInt(customer.userId),
      mode: customer.mode,
      event: 'stop_loss',
      code: 'BTCUSDT',
      requestedPrice: null,
      fillPrice: '1',
      tickPrice: '1',
      tickTime: new Date(server.clock.now),
      tickSeq: 0,
      journalIds: [],
    };
    await db.insert(tradingReceipts).values(blocker);
    await server.tick('BTCUSDT', '98500.00');
    expect((await server.services.trading.margin.list(customer))[0]!.status).toBe('open');
    expect(await noticesOf(customer)).toEqual([]);
    expect(server.events.some((e) => e.userId === customer.userId && e.event.type === 'notification')).toBe(
      false,
    );

    await db
      .delete(tradingReceipts)
      .where(
        and(
          eq(tradingReceipts.kind, 'margin'),
          eq(tradingReceipts.recordId, BigInt(p.id)),
          eq(tradingReceipts.event, 'stop_loss'),
        ),
      );
    // The failed job puts the trigger back in the index (asynchronously); the next tick through it retries.
    for (let attempt = 0; attempt < 50; attempt += 1) {
      await server.tick('BTCUSDT', attempt % 2 ? '98400.00' : '98300.00');
      if ((await server.services.trading.margin.list(customer))[0]!.status === 'closed') break;
      await sleep(20);
    }
    expect((await server.services.trading.margin.list(customer))[0]!.status).toBe('closed');
    const item = await onlyNotice(customer);
    expect(item).toMatchObject({ kind: 'margin.stop_loss', referenceId: p.id });
    expectPushed(customer, item);
  });
});

describe('options', () => {
  const buy = (customer: Customer, direction: 'up' | 'down') =>
    server.services.trading.options.buy(customer, { code: 'ETHUSDT', direction, amount: '100', period: 60 });

  it('a win, a loss and a refund at equal price are each noted once, with both ticks', async () => {
    const open = await server.tick('ETHUSDT', '3000.00');
    const start = server.clock.now;
    const winner = await server.customer();
    const loser = await server.customer();
    const won = await buy(winner, 'up');
    const lost = await buy(loser, 'down');
    expect(await noticesOf(winner)).toEqual([]);
    const settle = await server.tick('ETHUSDT', '3020.00', start + 60_000);
    await server.tick('ETHUSDT', '2900.00', start + 60_001);
    const win = await onlyNotice(winner);
    expect(win).toMatchObject({
      ...keysOf('option.won'),
      referenceType: 'option',
      referenceId: won.id,
      params: {
        mode: 'demo',
        code: 'ETHUSDT',
        direction: 'up',
        amount: '100',
        period: 60,
        openPrice: '3000',
        openTickTime: new Date(open.time).toISOString(),
        openSeq: String(open.seq),
        settlePrice: '3020',
        settleTickTime: new Date(settle.time).toISOString(),
        settleSeq: String(settle.seq),
        profit: '85',
        payout: '185',
      },
    });
    expectPushed(winner, win);
    expect(await onlyNotice(loser)).toMatchObject({
      kind: 'option.lost',
      referenceId: lost.id,
      params: { direction: 'down', openPrice: '3000', settlePrice: '3020', profit: '-100', payout: '0' },
    });

    server.clock.now = start + 120_000;
    await server.tick('ETHUSDT', '2950.00');
    const even = await server.customer();
    const refunded = await buy(even, 'up');
    // A fresh price 20 s before expiry, none after: settled by the timer at that price.
    await server.tick('ETHUSDT', '2950.00', server.clock.now + 40_000);
    server.clock.now += 61_000;
    server.services.trading.engine.settleDue(server.clock.now);
    await server.services.trading.engine.idle();
    expect(await onlyNotice(even)).toMatchObject({
      kind: 'option.refunded',
      titleKey: 'notifications.option.refunded.title',
      referenceId: refunded.id,
      params: { openPrice: '2950', settlePrice: '2950', profit: '0', payout: '100' },
    });
    // Settling again (another timer pass, another tick) notes nothing more.
    server.services.trading.engine.settleDue(server.clock.now + 10_000);
    await server.tick('ETHUSDT', '2960.00');
    for (const customer of [winner, loser, even]) expect(await noticesOf(customer)).toHaveLength(1);
  });
});
