import { signUpCustomer, type SignedUpCustomer } from '../../auth/testing';
import { tradingPositions } from '../tables';
import { tradingServer, refusal, usdt, type TradingTestServer } from './helpers';

let server: TradingTestServer;
let alice: SignedUpCustomer;
let bob: SignedUpCustomer;
beforeAll(async () => {
  server = await tradingServer();
  await server.tick('BTCUSDT', '100000.00');
  await server.tick('ETHUSDT', '3000.00');
  alice = await signUpCustomer(server);
  bob = await signUpCustomer(server);
});
afterAll(async () => server.close());

type Mode = 'YES' | 'NO';
async function call(
  who: SignedUpCustomer | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  mode: Mode = 'NO',
) {
  const res = await server.app.inject({
    method,
    url: `/swx/customer${url}`,
    headers: { ...(who ? { authorization: `Bearer ${who.token}` } : {}), virtually: mode },
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
  // The answers are checked field by field below; their static type would add nothing here.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.statusCode, body: res.json() as { code: string; message: string; result: any } };
}

it('runs the order group over HTTP with the pinned payloads and success codes', async () => {
  const opened = await call(alice, 'POST', '/order/buyU', {
    code: 'BTCUSDT',
    direction: 'long',
    lots: '0.1',
    leverage: 10,
    orderType: 'market',
    stopLoss: '96000',
    takeProfit: '110000',
  });
  expect(opened.body).toMatchObject({
    code: '200',
    message: '20004',
    result: { status: 'open', margin: '1000', fee: '10' },
  });
  const list = await call(alice, 'GET', '/order/listUOrder?status=open&status=waiting');
  expect(list.body.result).toHaveLength(1);
  for (const field of [
    'id',
    'code',
    'direction',
    'lots',
    'leverage',
    'openPrice',
    'closePrice',
    'stopLoss',
    'takeProfit',
    'margin',
    'fee',
    'profit',
    'status',
    'openTime',
    'closeTime',
  ]) {
    expect(list.body.result[0]).toHaveProperty(field);
  }
  const modified = await call(alice, 'POST', '/order/modifyU', { id: opened.body.result.id, takeProfit: '' });
  expect(modified.body).toMatchObject({ message: '20005', result: { takeProfit: null } });
  const closed = await call(alice, 'POST', '/order/stopU', { id: opened.body.result.id });
  expect(closed.body.result).toMatchObject({ status: 'closed', closeReason: 'customer' });
  const receipt = await call(alice, 'GET', `/order/receipt/margin/${opened.body.result.id}`);
  expect(receipt.body.result.map((r: { event: string }) => r.event)).toEqual(['open', 'close']);

  const spot = await call(alice, 'POST', '/order/submit', {
    code: 'ETHUSDT',
    side: 'buy',
    orderType: 'market',
    quantity: '1',
  });
  expect(spot.body).toMatchObject({
    message: '20004',
    result: { status: 'filled', fillPrice: '3000', fee: '3' },
  });
  expect((await call(alice, 'GET', '/order/listBbOrder')).body.result).toHaveLength(1);

  const option = await call(alice, 'POST', '/order/buyOptions', {
    code: 'ETHUSDT',
    direction: 'up',
    amount: '100',
    period: 60,
  });
  expect(option.body).toMatchObject({ message: '20004', result: { status: 'open', openPrice: '3000' } });
  const byId = await call(alice, 'GET', `/order/getOptionsOrderById/${option.body.result.id}`);
  for (const field of [
    'id',
    'code',
    'direction',
    'amount',
    'period',
    'rate',
    'openPrice',
    'settlePrice',
    'profit',
    'status',
    'openTime',
    'expiryTime',
  ]) {
    expect(byId.body.result).toHaveProperty(field);
  }
  expect((await call(alice, 'GET', '/order/listOptionsOrder')).body.result).toHaveLength(1);

  const assets = await call(alice, 'GET', '/order/getAssestInfo/all');
  expect(assets.body.result.mode).toBe('demo');
  const eth = assets.body.result.assets.find((a: { currency: string }) => a.currency === 'ETH');
  expect(eth).toMatchObject({ available: '1', priceUsdt: '3000', valueUsdt: '3000' });
  const onlyEth = await call(alice, 'GET', '/order/getAssestInfo/ETH');
  expect(onlyEth.body.result.assets).toHaveLength(1);
  const profit = await call(alice, 'GET', '/order/getProfitTotal');
  expect(profit.body.result).toMatchObject({
    mode: 'demo',
    realised: { margin: '-20', spot: '0' },
    // The ETH bought at 3,000 is still worth 3,000: its fee is the whole result so far.
    unrealised: '-3',
  });
  // The real account set sees none of it.
  expect((await call(alice, 'GET', '/order/listUOrder', undefined, 'YES')).body.result).toEqual([]);
  expect(
    (await call(alice, 'GET', `/order/getOptionsOrderById/${option.body.result.id}`, undefined, 'YES')).body
      .code,
  ).toBe('11064');
  expect(
    (await call(alice, 'GET', '/order/getAssestInfo/USDT', undefined, 'YES')).body.result.assets[0],
  ).toMatchObject({ available: '0' });
});

it('refuses bad input on every endpoint with a 4xx catalogue code and changes nothing', async () => {
  const before = await server.services.ledger.balances(bob.userId, 'demo');
  const cases: [method: 'GET' | 'POST', url: string, payload: unknown, code: string][] = [
    ['POST', '/order/submit', {}, '11030'],
    [
      'POST',
      '/order/submit',
      { code: 'BTCUSDT', side: 'buy', orderType: 'market', quantity: 'abc' },
      '10016',
    ],
    [
      'POST',
      '/order/submit',
      { code: 'BTCUSDT', side: 'buy', orderType: 'market', quantity: '1', extra: 1 },
      '400',
    ],
    ['POST', '/order/submit', { code: 'BTCUSDT', side: 'hold', orderType: 'market', quantity: '1' }, '400'],
    ['POST', '/order/submit', { code: 'btc usdt', side: 'buy', orderType: 'market', quantity: '1' }, '11030'],
    [
      'POST',
      '/order/submit',
      { code: 'BTCUSDT', side: 'buy', orderType: 'limit', quantity: '1', price: '-5' },
      '11066',
    ],
    ['POST', '/order/cancelBb', { id: 'x' }, '11064'],
    ['POST', '/order/cancelBb', { id: '999999' }, '11064'],
    [
      'POST',
      '/order/quoteU',
      { code: 'BTCUSDT', direction: 'up', lots: '1', leverage: 10, orderType: 'market' },
      '400',
    ],
    [
      'POST',
      '/order/buyU',
      { code: 'BTCUSDT', direction: 'long', lots: '-1', leverage: 10, orderType: 'market' },
      '10016',
    ],
    [
      'POST',
      '/order/buyU',
      { code: 'BTCUSDT', direction: 'long', lots: '1', leverage: 0, orderType: 'market' },
      '11060',
    ],
    [
      'POST',
      '/order/buyU',
      { code: 'BTCUSDT', direction: 'long', lots: '1', leverage: 10, orderType: 'market', stopLoss: 'low' },
      '11061',
    ],
    [
      'POST',
      '/order/buyU',
      { code: 'BTCUSDT', direction: 'long', lots: '1', leverage: 10, orderType: 'market', takeProfit: '1e9' },
      '11062',
    ],
    [
      'POST',
      '/order/buyU',
      { code: 'BTCUSDT', direction: 'long', lots: '1', leverage: 10, orderType: 'market', quoteId: 'nope' },
      '11007',
    ],
    [
      'POST',
      '/order/buyU',
      { code: 'BTCUSDT', direction: 'long', lots: '1000', leverage: 10, orderType: 'market' },
      '10011',
    ],
    [
      'POST',
      '/order/buyU',
      { code: 'XAUUSD', direction: 'long', lots: '1', leverage: 10, orderType: 'market' },
      '10015',
    ],
    ['POST', '/order/stopU', { id: '0' }, '11064'],
    ['POST', '/order/stopU', { id: '999999' }, '11064'],
    ['POST', '/order/modifyU', { id: '999999', stopLoss: '1' }, '11064'],
    [
      'POST',
      '/order/buyOptions',
      { code: 'ETHUSDT', direction: 'up', amount: '100', period: 'soon' },
      '10017',
    ],
    ['POST', '/order/buyOptions', { code: 'ETHUSDT', direction: 'up', amount: '0', period: 60 }, '10016'],
    [
      'POST',
      '/order/buyOptions',
      { code: 'ETHUSDT', direction: 'sideways', amount: '100', period: 60 },
      '10014',
    ],
    ['POST', '/order/buyOptions', { code: 'ETHUSDT', direction: 'up', amount: '100', period: 45 }, '10017'],
    ['GET', '/order/getOptionsOrderById/abc', undefined, '11064'],
    ['GET', '/order/getOptionsOrderById/999999', undefined, '11064'],
    ['GET', '/order/receipt/loan/1', undefined, '11064'],
    ['GET', '/order/receipt/margin/999999', undefined, '11064'],
    ['GET', '/order/getAssestInfo/%3Cscript%3E', undefined, '400'],
    ['GET', '/order/listUOrder?status=bogus', undefined, '400'],
    ['GET', '/order/listBbOrder?status=bogus', undefined, '400'],
  ];
  const answers = [];
  for (const [method, url, payload] of cases) {
    const res = await call(bob, method, url, payload);
    answers.push([url, res.body.code, res.status >= 400 && res.status < 500, res.body.result]);
  }
  expect(answers).toEqual(cases.map(([, url, , code]) => [url, code, true, null]));
  expect((await call(null, 'GET', '/order/listUOrder')).status).toBe(401);
  expect((await call(null, 'POST', '/order/buyU', {})).status).toBe(401);
  expect(await server.services.ledger.balances(bob.userId, 'demo')).toEqual(before);
  expect((await call(bob, 'GET', '/order/listUOrder')).body.result).toEqual([]);
  expect((await call(bob, 'GET', '/order/listBbOrder')).body.result).toEqual([]);
  expect((await call(bob, 'GET', '/order/listOptionsOrder')).body.result).toEqual([]);
});

it("does not let another customer read, close, modify or cancel someone's orders", async () => {
  const position = await call(alice, 'POST', '/order/buyU', {
    code: 'BTCUSDT',
    direction: 'short',
    lots: '0.2',
    leverage: 5,
    orderType: 'market',
  });
  const limit = await call(alice, 'POST', '/order/submit', {
    code: 'BTCUSDT',
    side: 'buy',
    orderType: 'limit',
    quantity: '0.01',
    price: '50000',
  });
  const option = await call(alice, 'POST', '/order/buyOptions', {
    code: 'BTCUSDT',
    direction: 'down',
    amount: '50',
    period: 120,
  });
  const pid = position.body.result.id;
  expect((await call(bob, 'POST', '/order/stopU', { id: pid })).body.code).toBe('11064');
  expect((await call(bob, 'POST', '/order/modifyU', { id: pid, stopLoss: '120000' })).body.code).toBe(
    '11064',
  );
  expect((await call(bob, 'POST', '/order/cancelBb', { id: limit.body.result.id })).body.code).toBe('11064');
  expect((await call(bob, 'GET', `/order/getOptionsOrderById/${option.body.result.id}`)).body.code).toBe(
    '11064',
  );
  expect((await call(bob, 'GET', `/order/receipt/margin/${pid}`)).body.code).toBe('11064');
  // Alice's own real account set is another set too.
  expect((await call(alice, 'POST', '/order/stopU', { id: pid }, 'YES')).body.code).toBe('11064');
  const still = await call(alice, 'GET', '/order/listUOrder?status=open');
  expect(still.body.result.map((p: { id: string }) => p.id)).toContain(pid);
  expect((await call(alice, 'GET', '/order/listBbOrder?status=pending')).body.result).toHaveLength(1);
});

it('never overdraws one balance with many parallel orders', async () => {
  const customer = await server.customer('real', '1000');
  const t = server.services.trading;
  // Options (100), margin (50 + 0.1 fee) and spot buys (~100) racing for 1000 USDT: some must be refused.
  const outcomes = await Promise.all(
    Array.from({ length: 24 }, (_, i) =>
      refusal(() =>
        i % 3 === 0
          ? t.options.buy(customer, { code: 'ETHUSDT', direction: 'up', amount: '100', period: 60 })
          : i % 3 === 1
            ? t.margin.buy(customer, {
                code: 'BTCUSDT',
                direction: 'long',
                lots: '0.001',
                leverage: 2,
                orderType: 'market',
              })
            : t.spot.submit(customer, {
                code: 'ETHUSDT',
                side: 'buy',
                orderType: 'market',
                quantity: '0.0333',
              }),
      ),
    ),
  );
  expect(outcomes.every((o) => o === undefined || o === '10011')).toBe(true);
  expect(outcomes.filter((o) => o === '10011').length).toBeGreaterThan(0);
  const balance = await usdt(server, customer);
  expect(Number(balance.available)).toBeGreaterThanOrEqual(0);
  expect(await server.services.ledger.check()).toEqual({ ok: true, problems: [] });
});

it('states the risk figure only from 100 real-money customers with closed positions', async () => {
  expect((await call(null, 'GET', '/order/riskStats')).body.result).toMatchObject({
    windowDays: 90,
    leveraged: { lossShare: null },
    options: { lossShare: null },
  });
  const closeTime = new Date(server.clock.now - 86_400_000);
  const rows = Array.from({ length: 120 }, (_, i) => ({
    userId: BigInt(9_000_000 + i),
    mode: 'real' as const,
    code: 'BTCUSDT',
    direction: 'long' as const,
    lots: '1',
    leverage: 2,
    contractSize: '1',
    orderType: 'market' as const,
    openPrice: '100',
    closePrice: '90',
    margin: '50',
    openFee: '0.1',
    profit: i < 90 ? '-10.2' : '5',
    maintenanceRate: '0.5',
    marginCallRate: '0.75',
    status: 'closed' as const,
    closeTime,
    openTime: closeTime,
  }));
  await server.database.db.insert(tradingPositions).values(rows);
  // Demo positions never count.
  await server.database.db
    .insert(tradingPositions)
    .values(rows.map((r) => ({ ...r, mode: 'demo' as const, userId: r.userId + 1000n })));
  const stats = (await call(null, 'GET', '/order/riskStats')).body.result;
  expect(stats.leveraged.customers).toBeGreaterThanOrEqual(120);
  expect(Number(stats.leveraged.lossShare)).toBeGreaterThanOrEqual(75);
  expect(stats.options.lossShare).toBeNull();
});
