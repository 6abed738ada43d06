import type { SignedUpCustomer } from '../../auth/testing';
import { cashierServer, hex64, type CashierTestServer } from './helpers';

let server: CashierTestServer;
let alice: SignedUpCustomer;
let bob: SignedUpCustomer;
let aliceProof: string;

beforeAll(async () => {
  server = await cashierServer();
  alice = await server.customer();
  bob = await server.customer();
  aliceProof = await server.upload(alice);
});
afterEach(async () => server.check());
afterAll(async () => server.close());

const deposit = (
  who: SignedUpCustomer,
  overrides: Record<string, unknown> = {},
  mode: 'YES' | 'NO' = 'YES',
) =>
  server.call(
    who,
    'POST',
    '/user/recharge',
    { coin: 'USDT', network: 'TRC20', amount: '150', txHash: hex64(), proofImage: aliceProof, ...overrides },
    mode,
  );

describe('deposit options', () => {
  it('lists coins, networks, the receiving address with its QR code, and the minimum per coin', async () => {
    const res = await server.call(alice, 'GET', '/user/depositOptions');
    expect(res.code).toBe('200');
    const coins = Object.fromEntries(res.result.coins.map((c: { coin: string }) => [c.coin, c]));
    expect(coins.USDT.minimum).toBe('120');
    expect(coins.BTC.minimum).toBe('0.015');
    expect(coins.ETH.minimum).toBe('0.2');
    expect(coins.USDT.networks.map((n: { network: string }) => n.network)).toEqual(['TRC20', 'ERC20']);
    const trc20 = coins.USDT.networks[0];
    expect(trc20.address).toBe(server.services.params.get('deposit_address_usdt_trc20'));
    expect(trc20.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(trc20.qrCode.split(',')[1], 'base64').toString()).toContain('<svg');
  });
});

describe('deposit addresses on watched networks', () => {
  it('lists none when no network is watched, and refuses a demo account', async () => {
    const res = await server.call(alice, 'GET', '/user/depositAddresses');
    expect(res.code).toBe('200');
    expect(res.result).toEqual({ networks: [] });
    expect((await server.call(alice, 'GET', '/user/depositAddresses', undefined, 'NO')).code).toBe('11006');
    expect((await server.call(null, 'GET', '/user/depositAddresses')).status).toBe(401);
    expect((await server.call(alice, 'GET', '/user/chainDeposits')).result).toEqual([]);
    expect((await server.call(alice, 'GET', '/user/chainDeposits', undefined, 'NO')).code).toBe('11006');
    const staffView = await server.admin('GET', '/chain/deposits');
    expect(staffView.code).toBe('200');
    expect(staffView.result).toEqual({ networks: [], attention: [] });
  });
});

describe('submitting a deposit', () => {
  it.each([
    ['USDT', 'TRC20', '119.99', '120'],
    ['BTC', 'BTC', '0.01499999', '0.015'],
    ['ETH', 'ETH', '0.19', '0.2'],
  ])(
    'refuses %s below its minimum and names the coin and the minimum',
    async (coin, network, amount, minimum) => {
      const txHash = network === 'ETH' ? `0x${hex64()}` : hex64();
      const res = await deposit(alice, { coin, network, amount, txHash });
      expect(res.status).toBe(422);
      expect(res.code).toBe('11080');
      expect(res.message).toBe(`Minimum deposit for ${coin} is ${minimum}`);
      expect((await server.call(alice, 'GET', '/user/listRecharge')).result).toHaveLength(0);
    },
  );

  it('accepts exactly the minimum and answers 20002 with a pending deposit', async () => {
    const res = await deposit(alice, { coin: 'BTC', network: 'BTC', amount: '0.015' });
    expect(res.code).toBe('200');
    expect(res.message).toBe('20002');
    expect(res.result).toMatchObject({ coin: 'BTC', network: 'BTC', amount: '0.015', status: 'pending' });
    expect(res.result.address).toBe(server.services.params.get('deposit_address_btc'));
    expect(res.result.txHashTail).toHaveLength(6);
  });

  it('checks the hash format per network', async () => {
    expect((await deposit(alice, { network: 'TRC20', txHash: `0x${hex64()}` })).code).toBe('11082');
    expect((await deposit(alice, { network: 'ERC20', txHash: hex64() })).code).toBe('11082');
    expect((await deposit(alice, { coin: 'ETH', network: 'ETH', amount: '1', txHash: 'abc' })).code).toBe(
      '11082',
    );
    expect((await deposit(alice, { coin: 'BTC', network: 'TRC20', amount: '1' })).code).toBe('11081');
    expect((await deposit(alice, { coin: 'DOGE' })).code).toBe('11081');
    expect((await deposit(alice, { network: 'BEP20' })).code).toBe('11081');
    expect((await deposit(alice, { amount: '-5' })).code).toBe('11010');
    expect((await deposit(alice, { amount: '1.1234567' })).code).toBe('11500');
    expect((await deposit(alice, { proofImage: undefined })).code).toBe('11040');
    const ok = await deposit(alice, { network: 'ERC20', txHash: `0x${hex64().toUpperCase()}` });
    expect(ok.code).toBe('200');
    expect(ok.result.txHash).toMatch(/^0x[0-9a-f]{64}$/);
  });

  it('credits a transaction hash only once, whatever its spelling or submitter', async () => {
    const txHash = hex64();
    expect((await deposit(alice, { txHash })).code).toBe('200');
    const bobProof = await server.upload(bob);
    const again = await deposit(bob, { txHash: txHash.toUpperCase(), proofImage: bobProof });
    expect(again.status).toBe(409);
    expect(again.code).toBe('11083');
    // Ethereum's ERC20 and ETH share a chain: the same hash on both is still one transaction.
    const eth = `0x${hex64()}`;
    expect((await deposit(alice, { network: 'ERC20', txHash: eth })).code).toBe('200');
    expect((await deposit(alice, { coin: 'ETH', network: 'ETH', amount: '1', txHash: eth })).code).toBe(
      '11083',
    );
  });

  it('lets two simultaneous submissions of one hash through only once', async () => {
    const txHash = hex64();
    const bobProof = await server.upload(bob);
    const results = await Promise.all([
      deposit(alice, { txHash, amount: '130' }),
      deposit(bob, { txHash, amount: '131', proofImage: bobProof }),
    ]);
    expect(results.map((r) => r.code).sort()).toEqual(['11083', '200']);
  });

  it('refuses a proof image uploaded by another customer', async () => {
    const res = await deposit(bob, { proofImage: aliceProof });
    expect(res.code).toBe('11008');
    expect((await server.call(bob, 'GET', '/user/listRecharge')).result).toHaveLength(0);
  });

  it('refuses the demo account', async () => {
    const res = await deposit(alice, {}, 'NO');
    expect(res.status).toBe(403);
    expect(res.code).toBe('11006');
  });

  it('needs a session', async () => {
    expect((await deposit(null as unknown as SignedUpCustomer)).status).toBe(401);
  });
});

describe('staff decisions', () => {
  it('approve credits exactly the submitted amount from custody, once, and notifies the customer', async () => {
    const before = await server.balance(alice.userId);
    const submitted = await deposit(alice, { amount: '123.45' });
    const id = submitted.result.id;
    const pending = await server.admin('GET', '/reviews?kind=deposit&status=pending');
    expect(pending.result.map((d: { id: string }) => d.id)).toContain(id);

    server.events.length = 0;
    const approved = await server.admin('POST', `/reviews/deposit/${id}/approve`);
    expect(approved.code).toBe('200');
    expect(approved.result.status).toBe('approved');
    const after = await server.balance(alice.userId);
    expect(Number(after.available) - Number(before.available)).toBeCloseTo(123.45, 9);
    expect(after.available).toBe(
      (await import('decimal.js')).default.add(before.available, '123.45').toFixed(),
    );

    const twice = await server.admin('POST', `/reviews/deposit/${id}/approve`);
    expect(twice.status).toBe(409);
    expect(twice.code).toBe('11043');
    expect((await server.balance(alice.userId)).available).toBe(after.available);

    const { entries } = await server.services.ledger.entriesFor(alice.userId, 'real', {
      reference: { type: 'deposit', id },
    });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ type: 'deposit', amount: '123.45' });

    const pushed = server.events.filter((e) => e.userId === alice.userId).map((e) => e.event);
    expect(pushed).toContainEqual(
      expect.objectContaining({ type: 'notification', kind: 'deposit.approved', referenceId: id }),
    );
    const list = await server.call(alice, 'GET', '/user/notifications');
    expect(list.result.items[0]).toMatchObject({
      kind: 'deposit.approved',
      titleKey: 'notifications.deposit.approved.title',
      params: { coin: 'USDT', amount: '123.45' },
      read: false,
    });
    const audit = await server.asAdmin('GET', '/audit?action=review.deposit.approve');
    expect(audit.result.items.some((a: { target: string }) => a.target === `deposit:${id}`)).toBe(true);
  });

  it('reject keeps the balance, records the reason and frees the hash for a corrected submission', async () => {
    const txHash = hex64();
    const before = await server.balance(alice.userId);
    const { result } = await deposit(alice, { txHash });
    const rejected = await server.admin('POST', `/reviews/deposit/${result.id}/reject`, {
      reason: 'Proof does not show the transfer',
    });
    expect(rejected.result).toMatchObject({ status: 'rejected', reason: 'Proof does not show the transfer' });
    expect(await server.balance(alice.userId)).toEqual(before);
    expect((await server.admin('POST', `/reviews/deposit/${result.id}/approve`)).code).toBe('11043');
    const mine = await server.call(alice, 'GET', '/user/listRecharge?status=rejected');
    expect(mine.result.find((d: { id: string }) => d.id === result.id).reason).toBe(
      'Proof does not show the transfer',
    );
    const notes = await server.call(alice, 'GET', '/user/notifications');
    expect(notes.result.items[0]).toMatchObject({ kind: 'deposit.rejected' });
    expect(notes.result.items[0].params.reason).toBe('Proof does not show the transfer');
    // A rejected hash no longer blocks the same transaction being submitted properly.
    expect((await deposit(alice, { txHash, amount: '140' })).code).toBe('200');
  });

  it('answers 404 for an unknown deposit', async () => {
    expect((await server.admin('POST', '/reviews/deposit/999999/approve')).code).toBe('404');
  });

  it('concurrent approvals credit once', async () => {
    const { result } = await deposit(bob, { proofImage: await server.upload(bob) });
    const before = await server.balance(bob.userId);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => server.admin('POST', `/reviews/deposit/${result.id}/approve`)),
    );
    expect(answers.filter((a) => a.code === '200')).toHaveLength(1);
    const after = await server.balance(bob.userId);
    expect(Number(after.available) - Number(before.available)).toBe(150);
  });
});

describe('listing', () => {
  it('shows customers only their own deposits', async () => {
    const mine = await server.call(bob, 'GET', '/user/listRecharge');
    const theirs = await server.call(alice, 'GET', '/user/listRecharge');
    const bobIds = new Set(mine.result.map((d: { id: string }) => d.id));
    for (const d of theirs.result) expect(bobIds.has(d.id)).toBe(false);
  });
});
