import fc from 'fast-check';
import { isCatalogueCode } from '@swx/shared/contract';
import type { SignedUpCustomer } from '../../auth/testing';
import { cashierServer, hex64, type CashierTestServer } from './helpers';
import { verifyCustomer } from '../../kyc/__tests__/helpers';
import { propertyRuns } from '../../test/property-runs';

let server: CashierTestServer;
let alice: SignedUpCustomer;
let bob: SignedUpCustomer;
let proof: string;

beforeAll(async () => {
  server = await cashierServer();
  alice = await server.customer();
  bob = await server.customer();
  proof = await server.upload(alice);
  // Withdrawals need a verified identity (on by default): alice goes through KYC first.
  await verifyCustomer(server, alice);
  await server.fund(alice.userId, 'USDT', '1000');
});
afterEach(async () => server.check());
afterAll(async () => server.close());

/** Everything a bad request could have changed. */
async function state() {
  const db = server.database.db;
  const { cashierDeposits, cashierWithdrawals } = await import('../tables');
  return {
    deposits: (await db.select().from(cashierDeposits)).length,
    withdrawals: (await db.select().from(cashierWithdrawals)).length,
    alice: await server.services.ledger.balances(alice.userId, 'real'),
  };
}

const value = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(
    '-1',
    '1e5',
    '0x12',
    ' 120',
    '120.',
    '.5',
    'NaN',
    '99999999999999999999',
    '0.0000000000000000001',
  ),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
);
const field = <T extends string>(names: readonly T[]) =>
  fc.dictionary(fc.constantFrom(...names, '__proto__', 'extra'), value, { maxKeys: names.length + 1 });

const endpoints: [string, fc.Arbitrary<unknown>][] = [
  ['/user/recharge', field(['coin', 'network', 'amount', 'txHash', 'proofImage'] as const)],
  ['/user/withdrawalQuote', field(['method', 'coin', 'network', 'amount'] as const)],
  [
    '/user/withdrawal',
    field([
      'method',
      'coin',
      'network',
      'address',
      'amount',
      'payeeName',
      'cardNumber',
      'bankName',
      'quoteId',
    ] as const),
  ],
  ['/user/cancelWithdrawal', field(['id'] as const)],
  ['/user/notifications/read', field(['ids', 'all'] as const)],
];

describe('malformed input', () => {
  it.each(endpoints)('%s answers a 4xx catalogue code and changes nothing', async (url, body) => {
    const before = await state();
    await fc.assert(
      fc.asyncProperty(fc.oneof(body, value), async (payload) => {
        const res = await server.app.inject({
          method: 'POST',
          url: `/swx/customer${url}`,
          payload: JSON.stringify(payload),
          headers: { authorization: alice.token, virtually: 'YES', 'content-type': 'application/json' },
        });
        const json = res.json();
        // A quote is a read: a well-formed one may succeed, and stores nothing the state below counts.
        if (res.statusCode === 200) {
          expect(url === '/user/withdrawalQuote' || url === '/user/notifications/read').toBe(true);
          return;
        }
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        expect(isCatalogueCode(json.code)).toBe(true);
        expect(json.result).toBeNull();
        expect(res.body).not.toMatch(/at .*\.ts:\d+/);
      }),
      { numRuns: propertyRuns(60) },
    );
    expect(await state()).toEqual(before);
  });
});

describe('every user-scoped endpoint refuses another customer’s records', () => {
  it('deposits, withdrawals, notifications and uploads', async () => {
    const dep = await server.call(alice, 'POST', '/user/recharge', {
      coin: 'USDT',
      network: 'TRC20',
      amount: '200',
      txHash: hex64(),
      proofImage: proof,
    });
    const q = await server.call(alice, 'POST', '/user/withdrawalQuote', {
      method: 'crypto',
      coin: 'USDT',
      network: 'TRC20',
      amount: '10',
    });
    const wd = await server.call(alice, 'POST', '/user/withdrawal', {
      method: 'crypto',
      coin: 'USDT',
      network: 'TRC20',
      address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
      amount: '10',
      quoteId: q.result.quoteId,
    });
    await server.admin('POST', `/reviews/deposit/${dep.result.id}/approve`);
    const note = (await server.call(alice, 'GET', '/user/notifications')).result.items[0];
    const before = await state();

    // Bob's views hold none of Alice's records.
    expect((await server.call(bob, 'GET', '/user/listRecharge')).result).toEqual([]);
    expect((await server.call(bob, 'GET', '/user/listWithdrwal')).result).toEqual([]);
    expect((await server.call(bob, 'GET', '/user/notifications')).result.items).toEqual([]);
    expect((await server.call(bob, 'GET', '/user/records')).result.items).toEqual([]);
    // Bob's actions on Alice's ids: not found / nothing.
    const cancel = await server.call(bob, 'POST', '/user/cancelWithdrawal', { id: wd.result.id });
    expect(cancel.status).toBe(404);
    const read = await server.call(bob, 'POST', '/user/notifications/read', { ids: [note.id] });
    expect(read.result.marked).toBe(0);
    expect((await server.call(alice, 'GET', '/user/notifications')).result.items[0].read).toBe(false);
    // Bob cannot use Alice's proof image or quote.
    const useProof = await server.call(bob, 'POST', '/user/recharge', {
      coin: 'USDT',
      network: 'TRC20',
      amount: '200',
      txHash: hex64(),
      proofImage: proof,
    });
    expect(useProof.code).toBe('11008');
    expect(await state()).toEqual(before);
    expect((await server.call(alice, 'GET', '/user/listWithdrwal')).result[0].status).toBe('pending');
  });
});
