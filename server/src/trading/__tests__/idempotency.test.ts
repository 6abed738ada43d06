import { eq } from 'drizzle-orm';
import { RequestClaims } from '../../guards/request-claims';
import { signUpCustomer, type SignedUpCustomer } from '../../auth/testing';
import { submissionClaims } from '../../guards/tables';
import { tradingServer, type TradingTestServer } from './helpers';

/**
 * Orders with an `Idempotency-Key`: the claim is made final in the order's own transaction together with the
 * exact answer, so a retry gets the original envelope back (and executes nothing), with no second write of
 * the answer after the response. Market orders go through the batched fills; limit orders, options, closes
 * and exit changes through their own unit of work.
 */
let server: TradingTestServer;
let who: SignedUpCustomer;
beforeAll(async () => {
  server = await tradingServer();
  await server.tick('BTCUSDT', '100000.00');
  await server.tick('ETHUSDT', '3000.00');
  who = await signUpCustomer(server);
});
afterAll(async () => server.close());

async function post(url: string, payload: object, key?: string) {
  const response = await server.app.inject({
    method: 'POST',
    url: `/swx/customer${url}`,
    headers: { authorization: who.token, virtually: 'NO', ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });
  return { body: response.json(), replayed: response.headers['idempotent-replayed'] === 'true' };
}

/** The answer kept with the customer's newest finished `Idempotency-Key` claim (keys are stored hashed). */
async function storedAnswer(): Promise<unknown> {
  const rows = await server.database.db.select().from(submissionClaims);
  const finished = rows.filter((row) => row.key.startsWith(`key:user:${who.userId}:`) && row.finishedAt);
  expect(finished.length).toBeGreaterThan(0);
  return finished.sort((x, y) => y.createdAt.getTime() - x.createdAt.getTime())[0]!.response;
}

const cases: [string, string, object, string][] = [
  [
    'margin market',
    '/order/buyU',
    { code: 'BTCUSDT', direction: 'long', lots: '0.01', leverage: 10, orderType: 'market' },
    '20004',
  ],
  [
    'spot market',
    '/order/submit',
    { code: 'ETHUSDT', side: 'buy', orderType: 'market', quantity: '0.01' },
    '20004',
  ],
  [
    'spot limit',
    '/order/submit',
    { code: 'ETHUSDT', side: 'buy', orderType: 'limit', quantity: '0.01', price: '2000' },
    '20004',
  ],
  [
    'margin limit',
    '/order/buyU',
    { code: 'BTCUSDT', direction: 'long', lots: '0.01', leverage: 10, orderType: 'limit', price: '90000' },
    '20004',
  ],
  ['option', '/order/buyOptions', { code: 'ETHUSDT', direction: 'up', amount: '10', period: 60 }, '20004'],
];

it.each(cases)(
  '%s: a retry with the same key answers the original envelope and places nothing',
  async (_name, url, form, code) => {
    const key = `k-${url}-${JSON.stringify(form)}`;
    const keep = jest.spyOn(server.services.submissionGuard, 'keepResponse');
    const first = await post(url, form, key);
    expect(first.body).toMatchObject({ code: '200', message: code });
    // The answer kept in the order's transaction is already the exact one sent: nothing written afterwards.
    expect(keep).not.toHaveBeenCalled();
    keep.mockRestore();
    expect(await storedAnswer()).toEqual(first.body);
    const balances = await server.services.ledger.balances(who.userId, 'demo');
    const again = await post(url, form, key);
    expect(again).toEqual({ body: first.body, replayed: true });
    expect(await server.services.ledger.balances(who.userId, 'demo')).toEqual(balances);
  },
);

it('closing and changing exits keep their exact answers too', async () => {
  const opened = await post('/order/buyU', {
    code: 'BTCUSDT',
    direction: 'short',
    lots: '0.02',
    leverage: 10,
    orderType: 'market',
  });
  const id = opened.body.result.id as string;
  const keep = jest.spyOn(server.services.submissionGuard, 'keepResponse');
  const modified = await post('/order/modifyU', { id, stopLoss: '101000' }, `modify-${id}`);
  expect(modified.body).toMatchObject({ code: '200', message: '20005' });
  const closed = await post('/order/stopU', { id }, `close-${id}`);
  expect(closed.body.code).toBe('200');
  expect(keep).not.toHaveBeenCalled();
  keep.mockRestore();
  expect(await post('/order/modifyU', { id, stopLoss: '101000' }, `modify-${id}`)).toEqual({
    body: modified.body,
    replayed: true,
  });
  expect(await post('/order/stopU', { id }, `close-${id}`)).toEqual({ body: closed.body, replayed: true });
  expect(await server.services.ledger.check()).toEqual({ ok: true, problems: [] });
});

it('a refused order keeps no claim: the corrected retry with the same key goes through', async () => {
  const key = 'refused-then-fixed';
  const refused = await post(
    '/order/buyU',
    { code: 'BTCUSDT', direction: 'long', lots: '100000', leverage: 10, orderType: 'market' },
    key,
  );
  expect(refused.body.code).toBe('10011');
  const placed = await post(
    '/order/buyU',
    { code: 'BTCUSDT', direction: 'long', lots: '0.03', leverage: 10, orderType: 'market' },
    key,
  );
  expect(placed.body).toMatchObject({ code: '200', message: '20004' });
});

it('a batch whose one request lost its claim to a retry fills the others and refuses that one alone', async () => {
  const guard = server.services.submissionGuard;
  const [first, second] = [await server.customer(), await server.customer()];
  const claim = (name: string) => ({
    key: `key:user:test:${name}`,
    ttlMs: 60_000,
    leaseMs: 30_000,
    holder: `holder-${name}`,
    fingerprint: name,
  });
  const [kept, lost] = [claim('kept'), claim('lost')];
  expect(await guard.claim([kept])).toBe(true);
  expect(await guard.claim([lost])).toBe(true);
  // The second request's lease lapsed and a retry took its claim over.
  await server.database.db
    .update(submissionClaims)
    .set({ holder: 'the-retry' })
    .where(eq(submissionClaims.key, lost.key));
  const order = {
    code: 'BTCUSDT',
    direction: 'long',
    lots: '0.01',
    leverage: 10,
    orderType: 'market',
  } as const;
  const { margin } = server.services.trading;
  // Placed in the same event-loop turn: one batch.
  const [placed, refused] = await Promise.allSettled([
    margin.buy(first, order, new RequestClaims(guard, [kept])),
    margin.buy(second, order, new RequestClaims(guard, [lost])),
  ]);
  expect(placed.status).toBe('fulfilled');
  expect(refused).toMatchObject({ status: 'rejected', reason: { code: '30000' } });
  expect(await margin.list(second)).toEqual([]);
  const [row] = await server.database.db
    .select()
    .from(submissionClaims)
    .where(eq(submissionClaims.key, kept.key));
  expect(row!.finishedAt).not.toBeNull();
  expect(row!.response).toEqual({
    code: '200',
    message: '20004',
    result: (placed as PromiseFulfilledResult<unknown>).value,
  });
  expect(await server.services.ledger.check()).toEqual({ ok: true, problems: [] });
});
