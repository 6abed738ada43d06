import { and, eq, like } from 'drizzle-orm';
import { erc20Abi } from 'viem';
import type { SignedUpCustomer } from '../../../auth/testing';
import { staffMember } from '../../../staff/__tests__/helpers';
import type { LocalChain } from '../../../test/local-chain';
import type { CashierTestServer } from '../../__tests__/helpers';
import { cashierChainDeposits, cashierChainSends, cashierChainSweeps } from '../../tables';
import type { ChainNetwork } from '../networks';
import { ChainSweeps, sweepGasKey, sweepTransferKey } from '../sweeps';
import { chainTestServer, instanceSender } from './chain-server';

// Deposit addresses swept into the hot wallet, against a real Hardhat node and the whole server: a token sweep
// first sends the address its gas and waits for that to confirm; the gas is never taken for a deposit; the
// native coin is swept less its own gas; a threshold waits for enough; two instances start one sweep; the
// ledger does not move; staff read every sweep with its transactions.

const CHAIN = 31_337_301;
const ETHER = 10n ** 18n;

let chain: LocalChain;
let server: CashierTestServer;
let usdt: string;
let hot: string;
let config: ChainNetwork;

const sweeps = () => server.services.chainSweeps!;
const watch = () => server.services.chainDeposits.watch();

async function mine(blocks: number): Promise<void> {
  await chain.mine(blocks);
}

async function nativeOf(address: string): Promise<bigint> {
  return chain.public.getBalance({ address: address as `0x${string}` });
}

async function tokensOf(address: string): Promise<bigint> {
  return chain.public.readContract({
    address: usdt as `0x${string}`,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [address as `0x${string}`],
  });
}

/** A verified customer's deposit address on the test network. */
async function customerAddress(): Promise<{ customer: SignedUpCustomer; address: string }> {
  const customer = await server.customer();
  const res = await server.call(customer, 'GET', '/user/depositAddresses');
  expect(res.code).toBe('200');
  return { customer, address: res.result.networks[0].address.toLowerCase() };
}

/** Watches until everything sent so far to our addresses is credited (the test network needs 3 blocks). */
async function credited(): Promise<void> {
  await watch();
  await mine(2);
  await watch();
}

async function sweepRows(address: string) {
  return server.services.database.db
    .select()
    .from(cashierChainSweeps)
    .where(eq(cashierChainSweeps.address, address))
    .orderBy(cashierChainSweeps.id);
}

async function sendsOf(sweepId: bigint) {
  return server.services.database.db
    .select()
    .from(cashierChainSends)
    .where(like(cashierChainSends.key, `sweep:${sweepId}:%`))
    .orderBy(cashierChainSends.id);
}

/** Another instance's sweeps (a restart, or a second server) over `network`. */
function instance(network: Partial<ChainNetwork> = {}): ChainSweeps {
  const { sender, deps } = instanceSender(server, { ...config, ...network });
  return new ChainSweeps({ db: deps.db, units: deps.units, log: deps.log, now: deps.now }, [sender]);
}

beforeAll(async () => {
  ({ chain, server, usdt, config } = await chainTestServer(CHAIN));
  hot = (await server.services.chainPayouts!.hotWallets())[0]!.address;
  // The watcher starts at the head it first finds: every transfer below is after it.
  await watch();
}, 120_000);

afterEach(async () => server.check());
afterAll(async () => {
  await server?.close();
  await chain?.stop();
});

describe('sweeps into the hot wallet', () => {
  it('waits while the hot wallet cannot pay the gas, then sends the gas, waits for it to confirm, and only then moves the tokens; the ledger does not move', async () => {
    const { customer, address } = await customerAddress();
    await chain.mint(usdt, address, 150n * ETHER);
    await credited();
    expect((await server.balance(customer.userId, 'USDT')).available).toBe('150');

    // The hot wallet holds nothing yet: the sweep waits for funds, nothing is signed.
    expect(await sweeps().pass()).toMatchObject({ started: 1 });
    const [sweep] = await sweepRows(address);
    expect(sweep).toMatchObject({ status: 'funding', coin: 'USDT', rawBalance: (150n * ETHER).toString() });
    expect(await sendsOf(sweep!.id)).toEqual([]);

    await chain.sendNative(hot, 10n * ETHER);
    await sweeps().pass();
    const [gas] = await sendsOf(sweep!.id);
    expect(gas).toMatchObject({ key: sweepGasKey(sweep!.id, 1), fromAddress: hot, toAddress: address });
    expect(await nativeOf(address)).toBe(BigInt(gas!.rawAmount));
    // Mined (1 of 3 confirmations), not confirmed: the token transfer is not signed yet.
    await sweeps().pass();
    expect((await sweepRows(address))[0]).toMatchObject({ status: 'funding', gasRounds: 1 });
    expect((await sendsOf(sweep!.id)).map((send) => send.key)).toEqual([sweepGasKey(sweep!.id, 1)]);
    // The gas is ours: the watcher does not take it for the customer's deposit.
    await credited();
    const deposits = await server.call(customer, 'GET', '/user/chainDeposits');
    expect(deposits.result.map((d: { coin: string }) => d.coin)).toEqual(['USDT']);
    expect((await server.balance(customer.userId, 'ETH')).available).toBe('0');

    await mine(3);
    await sweeps().pass();
    expect((await sweepRows(address))[0]).toMatchObject({ status: 'sweeping' });
    expect(await tokensOf(address)).toBe(0n);
    expect(await tokensOf(hot)).toBe(150n * ETHER);
    await mine(3);
    expect(await sweeps().pass()).toMatchObject({ done: 1 });
    expect((await sweepRows(address))[0]).toMatchObject({ status: 'done', lastError: null });
    // Ledger-neutral: the customer's balance is as credited.
    expect((await server.balance(customer.userId, 'USDT')).available).toBe('150');

    // Nothing new credited since: the next pass starts nothing for this address.
    expect(await sweeps().pass()).toMatchObject({ started: 0 });
    expect(await sweepRows(address)).toHaveLength(1);

    const listed = await server.admin('GET', '/chain/sweeps?status=done');
    expect(listed.code).toBe('200');
    const item = listed.result.items.find((s: { address: string }) => s.address === address);
    expect(item).toMatchObject({
      network: 'alpha',
      networkName: 'Alpha',
      userId: customer.userId,
      hotWallet: hot,
      coin: 'USDT',
      tokenContract: usdt,
      balance: '150',
      status: 'done',
      finishedAt: expect.any(String),
    });
    expect(item.transactions).toEqual([
      expect.objectContaining({
        kind: 'gas',
        status: 'confirmed',
        amount: expect.stringMatching(/^0\.\d+$/),
        coin: 'ETH',
      }),
      expect.objectContaining({ kind: 'transfer', status: 'confirmed', amount: '150', coin: 'USDT' }),
    ]);
    for (const transaction of item.transactions)
      expect(transaction.explorerUrl).toBe(`https://explorer.test/tx/${transaction.txHash}`);
  });

  it('sweeps the native coin less its own gas, in one transaction', async () => {
    const { customer, address } = await customerAddress();
    await chain.sendNative(address, ETHER);
    await credited();
    expect((await server.balance(customer.userId, 'ETH')).available).toBe('1');
    const before = await nativeOf(hot);
    await sweeps().pass();
    const [sweep] = await sweepRows(address);
    expect(sweep).toMatchObject({ status: 'sweeping', coin: 'ETH', tokenContract: null, gasRounds: 0 });
    const sends = await sendsOf(sweep!.id);
    expect(sends.map((send) => send.key)).toEqual([sweepTransferKey(sweep!.id)]);
    const moved = BigInt(sends[0]!.rawAmount);
    expect(await nativeOf(hot)).toBe(before + moved);
    // What stays behind is less than the gas the transfer was signed to pay at most.
    const left = await nativeOf(address);
    expect(left).toBeLessThan(21_000n * 200n * 10n ** 9n);
    expect(moved + left).toBeLessThan(ETHER);
    await mine(3);
    expect(await sweeps().pass()).toMatchObject({ done: 1 });
    expect((await server.balance(customer.userId, 'ETH')).available).toBe('1');
  });

  it('waits for the threshold of credited deposits since the last sweep', async () => {
    const withThreshold = instance({
      tokens: [
        { coin: 'ETH', contract: undefined, decimals: 18, formNetwork: 'ETH' },
        { coin: 'USDT', contract: usdt, decimals: 18, formNetwork: 'ERC20', sweepThreshold: 200n * ETHER },
      ],
    });
    const { address } = await customerAddress();
    await chain.mint(usdt, address, 130n * ETHER);
    await credited();
    // The server's own sweeps (no threshold) would take it: only the instance with a threshold runs here.
    const first = await withThreshold.pass();
    expect(first).toMatchObject({ started: 0 });
    expect(await sweepRows(address)).toEqual([]);
    await chain.mint(usdt, address, 130n * ETHER);
    await credited();
    expect(await withThreshold.pass()).toMatchObject({ started: 1 });
    expect((await sweepRows(address))[0]).toMatchObject({ rawBalance: (260n * ETHER).toString() });
    // Carried to the end by the server's own pass.
    for (let i = 0; i < 4 && (await sweepRows(address))[0]!.status !== 'done'; i += 1) {
      await mine(3);
      await sweeps().pass();
    }
    expect((await sweepRows(address))[0]).toMatchObject({ status: 'done' });
    expect(await tokensOf(address)).toBe(0n);
  });

  it('starts one sweep and one gas top-up when two instances pass at once, and a restarted instance carries it on', async () => {
    const { address } = await customerAddress();
    await chain.mint(usdt, address, 130n * ETHER);
    await credited();
    const [a, b] = [instance(), instance()];
    await Promise.all([a.pass(), b.pass()]);
    const rows = await sweepRows(address);
    expect(rows).toHaveLength(1);
    const gas = (await sendsOf(rows[0]!.id)).filter((send) => send.key.includes(':gas:'));
    expect(gas).toHaveLength(1);
    // A third instance (the restart) finishes it from what is recorded.
    const restarted = instance();
    for (let i = 0; i < 4 && (await sweepRows(address))[0]!.status !== 'done'; i += 1) {
      await mine(3);
      await restarted.pass();
    }
    expect((await sweepRows(address))[0]).toMatchObject({ status: 'done' });
    expect((await sendsOf(rows[0]!.id)).map((send) => send.key)).toEqual([
      sweepGasKey(rows[0]!.id, 1),
      sweepTransferKey(rows[0]!.id),
    ]);
    // Nothing credited to anyone from the gas.
    const gasDeposits = await server.services.database.db
      .select()
      .from(cashierChainDeposits)
      .where(and(eq(cashierChainDeposits.toAddress, address), eq(cashierChainDeposits.coin, 'ETH')));
    expect(gasDeposits).toEqual([]);
  });

  it('sends another round of gas when the gas price rose past the first before the tokens moved', async () => {
    const { address } = await customerAddress();
    await chain.mint(usdt, address, 140n * ETHER);
    await credited();
    await sweeps().pass();
    const [sweep] = await sweepRows(address);
    expect(sweep).toMatchObject({ status: 'funding', gasRounds: 1 });
    await mine(3);
    // The first top-up is confirmed, then the base fee jumps to 50 gwei: what arrived no longer pays the transfer.
    await chain.public.request({
      method: 'hardhat_setNextBlockBaseFeePerGas' as never,
      params: [`0x${(50n * 10n ** 9n).toString(16)}`] as never,
    });
    await mine(1);
    await sweeps().pass();
    expect((await sweepRows(address))[0]).toMatchObject({ status: 'funding', gasRounds: 2 });
    expect((await sendsOf(sweep!.id)).map((send) => send.key)).toEqual([
      sweepGasKey(sweep!.id, 1),
      sweepGasKey(sweep!.id, 2),
    ]);
    for (let i = 0; i < 4 && (await sweepRows(address))[0]!.status !== 'done'; i += 1) {
      await mine(3);
      await sweeps().pass();
    }
    expect((await sweepRows(address))[0]).toMatchObject({ status: 'done', gasRounds: 2 });
    expect(await tokensOf(address)).toBe(0n);
  });

  it('lets finance read the sweeps a page at a time, and nobody else', async () => {
    const page = await server.admin('GET', '/chain/sweeps?page=1&pageSize=2');
    expect(page.code).toBe('200');
    expect(page.result).toMatchObject({ page: 1, pageSize: 2 });
    expect(page.result.total).toBeGreaterThanOrEqual(4);
    expect(page.result.items).toHaveLength(2);
    const ids = page.result.items.map((s: { id: string }) => Number(s.id));
    expect(ids[0]).toBeGreaterThan(ids[1]);
    expect((await server.admin('GET', '/chain/sweeps?page=0')).status).toBe(400);
    expect((await server.admin('GET', '/chain/sweeps?status=lost')).status).toBe(400);
    const reviewer = (await staffMember(server, 'sweepreader', ['reviewer'])).token;
    const refused = await server.app.inject({
      method: 'GET',
      url: '/swx/admin/chain/sweeps?page=0',
      headers: { authorization: reviewer },
    });
    expect(refused.statusCode).toBe(403);
  });
});
