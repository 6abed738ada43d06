import Decimal from 'decimal.js';
import { eq, sql } from 'drizzle-orm';
import { erc20Abi } from 'viem';
import type { SignedUpCustomer } from '../../../auth/testing';
import { staffMember } from '../../../staff/__tests__/helpers';
import { verifyCustomer } from '../../../kyc/__tests__/helpers';
import { ledgerJournalEntries } from '../../../ledger/tables';
import type { LocalChain } from '../../../test/local-chain';
import type { CashierTestServer } from '../../__tests__/helpers';
import { cashierChainSends } from '../../tables';
import type { ChainNetwork } from '../networks';
import { ChainPayouts, payoutKey } from '../payouts';
import type { ChainSenderOptions } from '../sender';
import { chainTestServer, instanceSender } from './chain-server';

// Approved withdrawals on a watched network paid from the hot wallet, against a real Hardhat node and the whole
// server: sent, confirmed, completed with the hash once; held while the wallet is short or gas above the cap;
// a dropped transaction re-sent (by a restarted instance: the same signed bytes); returned after the attempts;
// two instances never paying one withdrawal twice nor sharing a nonce.

const CHAIN = 31_337_201;
const ETHER = 10n ** 18n;

let chain: LocalChain;
let server: CashierTestServer;
let alice: SignedUpCustomer;
let usdt: string;
let hot: string;
let config: ChainNetwork;
let secondFinance: string;

const rpc = (method: string, params: unknown[] = []) =>
  (chain.public.request as (args: { method: string; params: unknown[] }) => Promise<unknown>)({
    method,
    params,
  });

let recipients = 0;
function recipient(): string {
  recipients += 1;
  return `0x${'5'.repeat(30)}${recipients.toString(16).padStart(10, '0')}`;
}

const payouts = () => server.services.chainPayouts!;

/** Another instance's payouts (a restart, or a second server), with its own sender options. */
function instance(options: ChainSenderOptions = {}, network: Partial<ChainNetwork> = {}): ChainPayouts {
  const { sender, deps } = instanceSender(server, { ...config, ...network }, options);
  return new ChainPayouts(
    { units: deps.units, log: deps.log, now: deps.now },
    server.services.cashier.chainWithdrawals,
    [sender],
  );
}

async function approvedWithdrawal(coin: 'ETH' | 'USDT', amount: string, to: string): Promise<string> {
  const network = coin === 'ETH' ? 'ETH' : 'ERC20';
  const quote = await server.call(alice, 'POST', '/user/withdrawalQuote', {
    method: 'crypto',
    coin,
    network,
    amount,
  });
  expect(quote.code).toBe('200');
  const submitted = await server.call(alice, 'POST', '/user/withdrawal', {
    method: 'crypto',
    coin,
    network,
    address: to,
    amount,
    quoteId: quote.result.quoteId,
  });
  expect(submitted.code).toBe('200');
  // No USDT price for ether here: four eyes (two finance members) approve it; USDT needs one.
  const first = await server.admin('POST', `/reviews/withdrawal/${submitted.result.id}/approve`);
  if (first.result.status === 'approved') return submitted.result.id as string;
  const second = await server.app.inject({
    method: 'POST',
    url: `/swx/admin/reviews/withdrawal/${submitted.result.id}/approve`,
    headers: { authorization: secondFinance },
  });
  expect(second.json().result).toMatchObject({ status: 'approved' });
  return submitted.result.id as string;
}

async function mine(blocks = 1): Promise<void> {
  for (let i = 0; i < blocks; i += 1) await rpc('evm_mine');
}

async function withdrawal(id: string) {
  const list = await server.call(alice, 'GET', '/user/listWithdrwal');
  return list.result.find((w: { id: string }) => w.id === id);
}

async function payoutEntries(id: string): Promise<number> {
  const [row] = await server.services.database.db
    .select({ count: sql<number>`count(*)::int` })
    .from(ledgerJournalEntries)
    .where(eq(ledgerJournalEntries.onceKey, `withdrawal_payout:${id}`));
  return row!.count;
}

async function nativeOf(address: string): Promise<bigint> {
  return chain.public.getBalance({ address: address as `0x${string}` });
}

beforeAll(async () => {
  ({ chain, server, usdt, config } = await chainTestServer(CHAIN));
  secondFinance = (await staffMember(server, 'second', ['finance'])).token;
  alice = await server.customer();
  await verifyCustomer(server, alice);
  await server.fund(alice.userId, 'ETH', '50');
  await server.fund(alice.userId, 'USDT', '5000');
  hot = (await payouts().hotWallets())[0]!.address;
}, 120_000);

afterEach(async () => server.check());
afterAll(async () => {
  await server?.close();
  await chain?.stop();
});

describe('withdrawals paid from the hot wallet', () => {
  it('holds a withdrawal the hot wallet cannot pay (staff warned), then sends it, confirms it and completes it once with its hash', async () => {
    const to = recipient();
    const id = await approvedWithdrawal('ETH', '1.5', to);
    expect(await payouts().pass()).toMatchObject({ held: 1, sent: 0 });
    expect(await withdrawal(id)).toMatchObject({
      status: 'approved',
      chainState: 'waiting_funds',
      txHash: null,
    });
    const staffView = await server.admin('GET', '/chain/deposits');
    expect(staffView.result.hotWallets).toEqual([{ network: 'alpha', address: hot }]);
    expect(staffView.result.heldWithdrawals).toEqual([
      expect.objectContaining({ withdrawalId: id, state: 'waiting_funds', currency: 'ETH', amount: '1.5' }),
    ]);

    await chain.sendNative(hot, 20n * ETHER);
    await chain.mint(usdt, hot, 1_000n * ETHER);
    expect(await payouts().pass()).toMatchObject({ sent: 1 });
    const sending = await withdrawal(id);
    expect(sending).toMatchObject({ status: 'approved', chainState: 'sending', confirmationsRequired: 3 });
    expect(sending.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(sending.explorerUrl).toBe(`https://explorer.test/tx/${sending.txHash}`);
    expect(await nativeOf(to)).toBe(1_500_000_000_000_000_000n);
    // While it is on the chain, nobody completes it by hand or rejects it.
    expect((await server.admin('POST', `/withdrawals/${id}/complete`, { reference: 'x' })).code).toBe(
      '11540',
    );
    expect((await server.admin('POST', `/reviews/withdrawal/${id}/reject`, { reason: 'no' })).code).toBe(
      '11540',
    );

    await payouts().pass();
    expect(await withdrawal(id)).toMatchObject({ chainState: 'confirming', confirmations: 1 });
    await mine(1);
    await payouts().pass();
    expect(await withdrawal(id)).toMatchObject({ status: 'approved', confirmations: 2 });
    await mine(1);
    expect(await payouts().pass()).toMatchObject({ completed: 1 });
    const done = await withdrawal(id);
    expect(done).toMatchObject({ status: 'completed', chainState: null, reference: sending.txHash });
    expect(done.txHash).toBe(sending.txHash);
    await mine(3);
    await payouts().pass();
    expect(await payoutEntries(id)).toBe(1);
    expect(await nativeOf(to)).toBe(1_500_000_000_000_000_000n);
    expect((await server.admin('GET', '/chain/deposits')).result.heldWithdrawals).toEqual([]);
  });

  it('pays an ERC-20 withdrawal to the holder', async () => {
    const to = recipient();
    const id = await approvedWithdrawal('USDT', '120.5', to);
    await payouts().pass();
    await mine(3);
    await payouts().pass();
    expect(await withdrawal(id)).toMatchObject({ status: 'completed' });
    const held = await chain.public.readContract({
      address: usdt as `0x${string}`,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [to as `0x${string}`],
    });
    expect(held).toBe(120_500_000_000_000_000_000n);
  });

  it('holds while gas is above the cap, and sends once it is not', async () => {
    const to = recipient();
    const id = await approvedWithdrawal('ETH', '0.25', to);
    expect(await instance({}, { gasPriceCapGwei: '0.000000001' }).pass()).toMatchObject({ held: 1 });
    expect(await withdrawal(id)).toMatchObject({ chainState: 'waiting_gas' });
    expect(await nativeOf(to)).toBe(0n);
    expect(await payouts().pass()).toMatchObject({ sent: 1 });
    await mine(3);
    await payouts().pass();
    expect(await withdrawal(id)).toMatchObject({ status: 'completed' });
  });

  it('re-sends a dropped transaction, from a restarted instance, as the same signed bytes: paid once', async () => {
    const to = recipient();
    const id = await approvedWithdrawal('ETH', '2', to);
    await rpc('evm_setAutomine', [false]);
    try {
      await payouts().pass();
      const sent = await withdrawal(id);
      expect(await rpc('hardhat_dropTransaction', [sent.txHash])).toBe(true);
      await mine(1);
      expect(await nativeOf(to)).toBe(0n);
      // A restart: a new instance with nothing in memory picks the send up from the database.
      const restarted = instance();
      await restarted.pass();
      await mine(1);
      expect(await nativeOf(to)).toBe(2n * ETHER);
      await mine(2);
      await restarted.pass();
      await payouts().pass();
      expect(await withdrawal(id)).toMatchObject({ status: 'completed', txHash: sent.txHash });
    } finally {
      await rpc('evm_setAutomine', [true]);
    }
    expect(await nativeOf(to)).toBe(2n * ETHER);
    expect(await payoutEntries(id)).toBe(1);
  });

  it('returns the withdrawal to the balance when its transaction is not mined after the attempts (the nonce is cancelled)', async () => {
    const to = recipient();
    const before = await server.balance(alice.userId, 'ETH');
    const id = await approvedWithdrawal('ETH', '3', to);
    const impatient = instance({ resendAfterMs: 0, maxAttempts: 1 });
    await rpc('evm_setAutomine', [false]);
    try {
      await impatient.pass(); // sent
      await impatient.pass(); // not mined at once: the cancel replaces it at the same nonce
      const [send] = await server.services.database.db
        .select()
        .from(cashierChainSends)
        .where(eq(cashierChainSends.key, payoutKey(id)));
      expect(send).toMatchObject({ status: 'cancelling', attempts: 2 });
      await mine(3);
      expect(await impatient.pass()).toMatchObject({ returned: 1 });
    } finally {
      await rpc('evm_setAutomine', [true]);
    }
    expect(await withdrawal(id)).toMatchObject({ status: 'returned', chainState: null });
    expect(await server.balance(alice.userId, 'ETH')).toEqual(before);
    expect(await nativeOf(to)).toBe(0n);
    expect(await payoutEntries(id)).toBe(0);
    await impatient.pass();
    expect(await server.balance(alice.userId, 'ETH')).toEqual(before);
  });

  it('two instances passing at once pay each withdrawal once, with distinct nonces', async () => {
    const targets = [recipient(), recipient(), recipient()];
    const ids = [];
    for (const to of targets) ids.push(await approvedWithdrawal('ETH', '0.1', to));
    const [one, two] = [instance(), instance()];
    await Promise.all([one.pass(), two.pass(), one.pass(), two.pass()]);
    await mine(3);
    await Promise.all([one.pass(), two.pass()]);
    for (const id of ids) expect(await withdrawal(id)).toMatchObject({ status: 'completed' });
    for (const to of targets) expect(await nativeOf(to)).toBe(100_000_000_000_000_000n);
    const sends = await server.services.database.db.select().from(cashierChainSends);
    expect(new Set(sends.map((s) => s.nonce)).size).toBe(sends.length);
    for (const id of ids) expect(await payoutEntries(id)).toBe(1);
    expect(new Decimal((await server.balance(alice.userId, 'ETH')).held).toFixed()).toBe('0');
  });
});
