import Decimal from 'decimal.js';
import type { SignedUpCustomer } from '../../auth/testing';
import { platformAccount } from '../../ledger/accounts';
import { QUOTE_TTL_MS } from '../service';
import { cashierServer, type CashierTestServer } from './helpers';
import { verifyCustomer } from '../../kyc/__tests__/helpers';

let server: CashierTestServer;
let alice: SignedUpCustomer;
let bob: SignedUpCustomer;

const TRON = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const ETH = '0xd909038e5914b96875867923fa30ca41081994ac';
const CARD = '4111 1111 1111 1111';

beforeAll(async () => {
  server = await cashierServer();
  alice = await server.customer();
  bob = await server.customer();
  // Withdrawals need a verified identity (`kyc_required_for_withdrawal`, on by default): both go through KYC.
  await verifyCustomer(server, alice);
  await verifyCustomer(server, bob);
  await server.fund(alice.userId, 'USDT', '1000');
  await server.fund(bob.userId, 'USDT', '1000');
  // Quotes check the balance: Alice also holds some BTC and ETH for the per-coin cases.
  await server.fund(alice.userId, 'BTC', '1');
  await server.fund(alice.userId, 'ETH', '1');
});
afterEach(async () => server.check());
afterAll(async () => server.close());

async function quote(who: SignedUpCustomer, body: Record<string, unknown>, mode: 'YES' | 'NO' = 'YES') {
  return server.call(who, 'POST', '/user/withdrawalQuote', body, mode);
}

/** Quotes and submits a crypto USDT (TRC20) withdrawal. */
async function withdraw(who: SignedUpCustomer, amount: string, extra: Record<string, unknown> = {}) {
  const q = await quote(who, { method: 'crypto', coin: 'USDT', network: 'TRC20', amount });
  if (q.code !== '200') return q;
  return server.call(who, 'POST', '/user/withdrawal', {
    method: 'crypto',
    coin: 'USDT',
    network: 'TRC20',
    address: TRON,
    amount,
    quoteId: q.result.quoteId,
    ...extra,
  });
}

describe('quotes', () => {
  it('quotes the 1 % fee on top of the amount before confirming', async () => {
    const res = await quote(alice, { method: 'crypto', coin: 'USDT', network: 'TRC20', amount: '100' });
    expect(res.code).toBe('200');
    expect(res.result).toMatchObject({
      fee: '1',
      amountReceived: '100',
      totalDebited: '101',
      feeRate: '0.01',
      currency: 'USDT',
    });
    expect(res.result.quoteId).toMatch(/^[0-9a-f]{32}$/);
    const ttl = Date.parse(res.result.expiresAt) - Date.now();
    expect(ttl).toBeGreaterThan(QUOTE_TTL_MS - 10_000);
    expect(ttl).toBeLessThanOrEqual(QUOTE_TTL_MS);
  });

  it('rounds the fee up to the coin unit of the ledger (USDT cents, BTC 10⁻⁸)', async () => {
    const res = await quote(alice, { method: 'crypto', coin: 'USDT', network: 'TRC20', amount: '0.01' });
    expect(res.result.fee).toBe('0.01');
    const btc = await quote(alice, { method: 'crypto', coin: 'BTC', network: 'BTC', amount: '0.12345678' });
    expect(btc.result.fee).toBe('0.00123457');
  });

  it('checks the destination when it is sent, before any terms are given', async () => {
    const crypto = { method: 'crypto', coin: 'USDT', network: 'TRC20', amount: '10' };
    expect((await quote(alice, { ...crypto, address: TRON })).code).toBe('200');
    expect((await quote(alice, { ...crypto, address: ETH })).code).toBe('11084');
    expect((await quote(alice, { ...crypto, address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU8' })).code).toBe(
      '11084',
    );
    expect((await quote(alice, { ...crypto, address: '  ' })).code).toBe('10021');
    expect((await quote(alice, { ...crypto, network: 'ERC20', address: ETH })).code).toBe('200');
    const bank = { method: 'bank', amount: '10', payeeName: 'Alice Lee', bankName: 'Bank of Test' };
    expect((await quote(alice, { ...bank, cardNumber: CARD })).code).toBe('200');
    expect((await quote(alice, { ...bank, cardNumber: '4111 1111 1111 1112' })).code).toBe('11085');
    // The pinned body without a destination still quotes (the withdrawal itself checks it).
    expect((await quote(alice, crypto)).code).toBe('200');
  });

  it('needs a method, a coin on a matching network, and the real account', async () => {
    expect((await quote(alice, { amount: '10' })).code).toBe('10025');
    expect((await quote(alice, { method: 'crypto', amount: '10' })).code).toBe('11081');
    expect((await quote(alice, { method: 'crypto', coin: 'BTC', network: 'ERC20', amount: '1' })).code).toBe(
      '11081',
    );
    expect((await quote(alice, { method: 'crypto', coin: 'USDT', network: 'TRC20', amount: '0' })).code).toBe(
      '11010',
    );
    expect(
      (await quote(alice, { method: 'crypto', coin: 'USDT', network: 'TRC20', amount: '10.001' })).code,
    ).toBe('11500');
    const demo = await quote(alice, { method: 'bank', amount: '10' }, 'NO');
    expect(demo.code).toBe('11006');
  });
});

describe('submitting', () => {
  it('holds amount plus fee, answers 20003 with the queue position and target time', async () => {
    const before = await server.balance(alice.userId);
    const res = await withdraw(alice, '100');
    expect(res.code).toBe('200');
    expect(res.message).toBe('20003');
    expect(res.result).toMatchObject({ status: 'pending', amount: '100', fee: '1', totalDebited: '101' });
    expect(res.result.queuePosition).toBeGreaterThanOrEqual(1);
    const hours = Date.parse(res.result.targetTime) - Date.parse(res.result.createdAt);
    expect(hours).toBe(24 * 3_600_000);
    const after = await server.balance(alice.userId);
    expect(new Decimal(before.available).minus(after.available).toFixed()).toBe('101');
    expect(new Decimal(after.held).minus(before.held).toFixed()).toBe('101');
  });

  it('refuses an amount above the available balance at the quote and changes nothing', async () => {
    const before = await server.balance(bob.userId);
    const res = await withdraw(bob, '999');
    expect(res.status).toBe(422);
    // 11159 (the withdrawal's wording), not 10011 (a purchase's): 999 plus the 9.99 fee exceeds 1,000.
    expect(res.code).toBe('11159');
    expect(await server.balance(bob.userId)).toEqual(before);
  });

  it('refuses at confirmation when the balance fell after the quote', async () => {
    const dave = await server.customer();
    await verifyCustomer(server, dave);
    await server.fund(dave.userId, 'USDT', '300');
    const first = await quote(dave, { method: 'crypto', coin: 'USDT', network: 'TRC20', amount: '200' });
    const second = await quote(dave, { method: 'crypto', coin: 'USDT', network: 'TRC20', amount: '200' });
    const body = { method: 'crypto', coin: 'USDT', network: 'TRC20', address: TRON, amount: '200' };
    const ok = await server.call(dave, 'POST', '/user/withdrawal', {
      ...body,
      quoteId: first.result.quoteId,
    });
    expect(ok.code).toBe('200');
    const late = await server.call(dave, 'POST', '/user/withdrawal', {
      ...body,
      quoteId: second.result.quoteId,
    });
    expect(late.code).toBe('11159');
    expect(await server.balance(dave.userId)).toEqual({ available: '98', held: '202' });
  });

  it('refuses a missing quote, a different amount, a used or an expired quote with 11007', async () => {
    const body = { method: 'crypto', coin: 'USDT', network: 'TRC20', address: TRON, amount: '10' };
    const q = await quote(alice, { method: 'crypto', coin: 'USDT', network: 'TRC20', amount: '10' });
    const mismatch = await server.call(alice, 'POST', '/user/withdrawal', {
      ...body,
      amount: '11',
      quoteId: q.result.quoteId,
    });
    expect(mismatch.code).toBe('11007');
    const otherMethod = await server.call(alice, 'POST', '/user/withdrawal', {
      method: 'crypto',
      coin: 'USDT',
      network: 'ERC20',
      address: ETH,
      amount: '10',
      quoteId: q.result.quoteId,
    });
    expect(otherMethod.code).toBe('11007');
    const unknown = await server.call(alice, 'POST', '/user/withdrawal', {
      ...body,
      quoteId: 'f'.repeat(32),
    });
    expect(unknown.code).toBe('11007');
    // Bob cannot use Alice's quote.
    const stolen = await server.call(bob, 'POST', '/user/withdrawal', { ...body, quoteId: q.result.quoteId });
    expect(stolen.code).toBe('11007');

    const used = await server.call(alice, 'POST', '/user/withdrawal', { ...body, quoteId: q.result.quoteId });
    expect(used.code).toBe('200');
    const reused = await server.call(alice, 'POST', '/user/withdrawal', {
      ...body,
      address: 'TDuG3LXyTggsXbxFccFRrnMUTJthJF9cqg',
      quoteId: q.result.quoteId,
    });
    expect(reused.code).toBe('11007');

    const cashier = server.services.cashier;
    const late = await quote(alice, { method: 'crypto', coin: 'USDT', network: 'TRC20', amount: '12' });
    const realNow = cashier.now;
    cashier.now = () => Date.now() + QUOTE_TTL_MS + 1;
    try {
      const expired = await server.call(alice, 'POST', '/user/withdrawal', {
        ...body,
        amount: '12',
        quoteId: late.result.quoteId,
      });
      expect(expired.code).toBe('11007');
    } finally {
      cashier.now = realNow;
    }
    // Expired quotes are purged a day later; the withdrawals made from them keep their terms.
    cashier.now = () => Date.now() + QUOTE_TTL_MS + 25 * 3_600_000;
    try {
      expect(await cashier.purgeExpiredQuotes()).toBeGreaterThan(0);
    } finally {
      cashier.now = realNow;
    }
    const mine = await server.call(alice, 'GET', '/user/listWithdrwal');
    expect(mine.result.find((w: { id: string }) => w.id === used.result.id)).toMatchObject({ fee: '0.1' });
  });

  it('refuses a quote once the fee rate changed', async () => {
    const q = await quote(alice, { method: 'crypto', coin: 'USDT', network: 'TRC20', amount: '13' });
    const staff = { staffId: '1', reason: 'test' };
    await server.services.params.set('withdrawal_fee_rate', '0.02', staff);
    try {
      const res = await server.call(alice, 'POST', '/user/withdrawal', {
        method: 'crypto',
        coin: 'USDT',
        network: 'TRC20',
        address: TRON,
        amount: '13',
        quoteId: q.result.quoteId,
      });
      expect(res.code).toBe('11007');
    } finally {
      await server.services.params.set('withdrawal_fee_rate', '0.01', staff);
    }
  });

  it('validates the address per network', async () => {
    const cases: [string, string, string, string][] = [
      ['USDT', 'TRC20', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU8', '11084'],
      ['USDT', 'TRC20', ETH, '11084'],
      ['USDT', 'ERC20', '0x1234', '11084'],
      ['BTC', 'BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdp', '11084'],
      ['BTC', 'BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb', '11084'],
      ['ETH', 'ETH', TRON, '11084'],
      ['USDT', 'TRC20', '   ', '10021'],
    ];
    for (const [coin, network, address, code] of cases) {
      const q = await quote(alice, { method: 'crypto', coin, network, amount: '0.01' });
      const res = await server.call(alice, 'POST', '/user/withdrawal', {
        method: 'crypto',
        coin,
        network,
        address,
        amount: '0.01',
        quoteId: q.result.quoteId,
      });
      expect([address, res.code]).toEqual([address, code]);
    }
    const q = await quote(alice, { method: 'crypto', coin: 'USDT', network: 'TRC20', amount: '1' });
    const missing = await server.call(alice, 'POST', '/user/withdrawal', {
      method: 'crypto',
      coin: 'USDT',
      network: 'TRC20',
      amount: '1',
      quoteId: q.result.quoteId,
    });
    expect(missing.code).toBe('10021');
    const noMethod = await server.call(alice, 'POST', '/user/withdrawal', {
      amount: '1',
      quoteId: q.result.quoteId,
    });
    expect(noMethod.code).toBe('10025');
  });

  it('accepts valid BTC (segwit, legacy) and ETH addresses', async () => {
    await server.fund(alice.userId, 'BTC', '1');
    await server.fund(alice.userId, 'ETH', '1');
    for (const [coin, network, address] of [
      ['BTC', 'BTC', BTC],
      ['BTC', 'BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
      ['ETH', 'ETH', ETH],
    ] as const) {
      const q = await quote(alice, { method: 'crypto', coin, network, amount: '0.1' });
      const res = await server.call(alice, 'POST', '/user/withdrawal', {
        method: 'crypto',
        coin,
        network,
        address,
        amount: '0.1',
        quoteId: q.result.quoteId,
      });
      expect(res.code).toBe('200');
    }
  });

  it('bank withdrawals need payee, a Luhn-valid card and bank; the card is masked for the customer', async () => {
    const bank = async (fields: Record<string, unknown>) => {
      const q = await quote(alice, { method: 'bank', amount: '20' });
      return server.call(alice, 'POST', '/user/withdrawal', {
        method: 'bank',
        amount: '20',
        quoteId: q.result.quoteId,
        ...fields,
      });
    };
    expect((await bank({ cardNumber: CARD, bankName: 'Bank' })).code).toBe('11086');
    expect((await bank({ payeeName: 'A B', cardNumber: CARD, bankName: '  ' })).code).toBe('11086');
    expect((await bank({ payeeName: 'A B', cardNumber: '4111 1111 1111 1112', bankName: 'Bank' })).code).toBe(
      '11085',
    );
    const ok = await bank({ payeeName: 'Alice B', cardNumber: CARD, bankName: 'Example Bank' });
    expect(ok.code).toBe('200');
    expect(ok.result).toMatchObject({ method: 'bank', currency: 'USDT', cardNumber: '**** 1111' });
    const staffView = await server.admin('GET', '/reviews?kind=withdrawal&status=pending');
    const mine = staffView.result.find((w: { id: string }) => w.id === ok.result.id);
    expect(mine.cardNumber).toBe('4111111111111111');
  });

  it('refuses the demo account', async () => {
    const q = await quote(alice, { method: 'crypto', coin: 'USDT', network: 'TRC20', amount: '5' });
    const res = await server.call(
      alice,
      'POST',
      '/user/withdrawal',
      {
        method: 'crypto',
        coin: 'USDT',
        network: 'TRC20',
        address: TRON,
        amount: '5',
        quoteId: q.result.quoteId,
      },
      'NO',
    );
    expect(res.code).toBe('11006');
  });
});

describe('cancel and review', () => {
  it('cancel releases the hold; approving it afterwards is refused', async () => {
    const before = await server.balance(bob.userId);
    const { result } = await withdraw(bob, '50');
    const cancelled = await server.call(bob, 'POST', '/user/cancelWithdrawal', { id: result.id });
    expect(cancelled.result.status).toBe('cancelled');
    expect(cancelled.result.queuePosition).toBeNull();
    expect(await server.balance(bob.userId)).toEqual(before);
    const approve = await server.admin('POST', `/reviews/withdrawal/${result.id}/approve`);
    expect(approve.code).toBe('11043');
    // The same form again within 10 s is a repeat (30000); either way nothing changes.
    const again = await server.call(bob, 'POST', '/user/cancelWithdrawal', { id: result.id });
    expect(again.code).toBe('30000');
    expect(await server.balance(bob.userId)).toEqual(before);
  });

  it('reject releases the hold and shows the reason', async () => {
    const before = await server.balance(bob.userId);
    const { result } = await withdraw(bob, '60');
    server.events.length = 0;
    const rejected = await server.admin('POST', `/reviews/withdrawal/${result.id}/reject`, {
      reason: 'Address belongs to a sanctioned service',
    });
    expect(rejected.result).toMatchObject({
      status: 'rejected',
      reason: 'Address belongs to a sanctioned service',
    });
    expect(await server.balance(bob.userId)).toEqual(before);
    const list = await server.call(bob, 'GET', '/user/listWithdrwal');
    expect(list.result.find((w: { id: string }) => w.id === result.id).reason).toBe(
      'Address belongs to a sanctioned service',
    );
    expect(server.events).toContainEqual(
      expect.objectContaining({
        userId: bob.userId,
        event: expect.objectContaining({ type: 'notification', kind: 'withdrawal.rejected' }),
      }),
    );
  });

  it('approve keeps the hold; complete with a reference pays the amount to custody and the fee to fees', async () => {
    const before = await server.balance(bob.userId);
    const feesBefore = await server.services.ledger.platformBalance('platform_fees', 'USDT');
    const custodyBefore = await server.services.ledger.platformBalance('platform_external_custody', 'USDT');
    const { result } = await withdraw(bob, '200');

    const early = await server.admin('POST', `/withdrawals/${result.id}/complete`, { reference: 'tx-1' });
    expect(early.code).toBe('11087');

    const approved = await server.admin('POST', `/reviews/withdrawal/${result.id}/approve`);
    expect(approved.result).toMatchObject({ status: 'approved' });
    const held = await server.balance(bob.userId);
    expect(new Decimal(held.held).minus(before.held).toFixed()).toBe('202');
    expect((await server.call(bob, 'POST', '/user/cancelWithdrawal', { id: result.id })).code).toBe('11043');
    expect((await server.admin('POST', `/reviews/withdrawal/${result.id}/approve`)).code).toBe('11043');

    const completed = await server.admin('POST', `/withdrawals/${result.id}/complete`, {
      reference: 'TRX-abc123',
    });
    expect(completed.result).toMatchObject({ status: 'completed', reference: 'TRX-abc123' });
    const after = await server.balance(bob.userId);
    expect(after.held).toBe(before.held);
    expect(new Decimal(before.available).minus(after.available).toFixed()).toBe('202');
    const fees = await server.services.ledger.platformBalance('platform_fees', 'USDT');
    const custody = await server.services.ledger.platformBalance('platform_external_custody', 'USDT');
    expect(new Decimal(fees).minus(feesBefore).toFixed()).toBe('2');
    expect(new Decimal(custody).minus(custodyBefore).toFixed()).toBe('200');
    expect(
      (await server.admin('POST', `/withdrawals/${result.id}/complete`, { reference: 'again' })).code,
    ).toBe('11043');
    expect(
      (await server.admin('POST', `/reviews/withdrawal/${result.id}/reject`, { reason: 'x' })).code,
    ).toBe('11043');
    const notes = await server.call(bob, 'GET', '/user/notifications');
    const kinds = notes.result.items.map((n: { kind: string }) => n.kind);
    expect(kinds).toEqual(expect.arrayContaining(['withdrawal.approved', 'withdrawal.completed']));
    void platformAccount;
  });

  it('the review approve route completes an approved withdrawal given a reference', async () => {
    const { result } = await withdraw(bob, '10');
    await server.admin('POST', `/reviews/withdrawal/${result.id}/approve`);
    const done = await server.admin('POST', `/reviews/withdrawal/${result.id}/approve`, {
      reference: 'ref-9',
    });
    expect(done.result).toMatchObject({ status: 'completed', reference: 'ref-9' });
  });

  it('customers cannot see or cancel each other’s withdrawals', async () => {
    const { result } = await withdraw(alice, '3');
    const res = await server.call(bob, 'POST', '/user/cancelWithdrawal', { id: result.id });
    expect(res.status).toBe(404);
    const bobs = await server.call(bob, 'GET', '/user/listWithdrwal');
    expect(bobs.result.some((w: { id: string }) => w.id === result.id)).toBe(false);
    const alices = await server.call(alice, 'GET', '/user/listWithdrwal?status=pending');
    expect(alices.result.find((w: { id: string }) => w.id === result.id).status).toBe('pending');
  });
});

describe('concurrency', () => {
  it('20 parallel withdrawals spending one balance never overdraw', async () => {
    const carol = await server.customer();
    await verifyCustomer(server, carol);
    await server.fund(carol.userId, 'USDT', '505');
    // Each takes 101 (100 + 1 % fee): exactly five fit in 505.
    const quotes = await Promise.all(
      Array.from({ length: 20 }, () =>
        quote(carol, { method: 'crypto', coin: 'USDT', network: 'TRC20', amount: '100' }),
      ),
    );
    const addresses = [TRON, 'TDuG3LXyTggsXbxFccFRrnMUTJthJF9cqg'];
    const results = await Promise.all(
      quotes.map((q, i) =>
        server.call(carol, 'POST', '/user/withdrawal', {
          method: 'crypto',
          coin: 'USDT',
          network: 'TRC20',
          address: addresses[i % 2],
          amount: '100',
          quoteId: q.result.quoteId,
        }),
      ),
    );
    const codes = results.map((r) => r.code);
    expect(codes.filter((c) => c === '200')).toHaveLength(5);
    // The quotes all passed (each alone fits); the holds refuse the rest with the withdrawal's own wording.
    expect(codes.filter((c) => c !== '200').every((c) => c === '11159')).toBe(true);
    expect(await server.balance(carol.userId)).toEqual({ available: '0', held: '505' });
  });
});

describe('the withdrawal KYC gate', () => {
  it('refuses an unverified customer with 10022 while the parameter is on, and lets them through when off', async () => {
    const carol = await server.customer();
    await server.fund(carol.userId, 'USDT', '100');
    const body = { method: 'crypto', coin: 'USDT', network: 'TRC20', amount: '10' };
    const refused = await quote(carol, body);
    expect(refused.status).toBe(403);
    expect(refused.code).toBe('10022');
    const staff = { staffId: '1', reason: 'test' };
    await server.services.params.set('kyc_required_for_withdrawal', 'false', staff);
    try {
      expect((await quote(carol, body)).code).toBe('200');
    } finally {
      await server.services.params.set('kyc_required_for_withdrawal', 'true', staff);
    }
    expect(await server.balance(carol.userId)).toEqual({ available: '100', held: '0' });
  });
});
