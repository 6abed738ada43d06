import { and, eq, sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import type { CashierCoin } from '@swx/shared/contract';
import { HDKey, hdKeyToAccount } from 'viem/accounts';
import { openFreshDatabase } from '../../../test/database';
import { startLocalChain, type LocalChain } from '../../../test/local-chain';
import type { Database } from '../../../db/client';
import { Ledger } from '../../../ledger/service';
import { UnitOfWork } from '../../../platform/unit-of-work';
import { Keyring, SealedSecrets, Sealer } from '../../../platform/crypto';
import { platformSecrets } from '../../../platform/tables';
import { FakeClock } from '../../../platform/clock';
import { createLeadership } from '../../../platform/leadership';
import { Scheduler } from '../../../platform/scheduler';
import { ledgerJournalEntries } from '../../../ledger/tables';
import { cashierChainCursors, cashierChainDeposits } from '../../tables';
import { DepositAddresses, HOT_WALLET_SEED } from '../addresses';
import type { ChainNetwork } from '../networks';
import { jsonRpcReader, type ChainReader } from '../rpc';
import { ChainDeposits } from '../service';
import { NetworkWatcher, type ChainWatcherDeps } from '../watcher';

// Two real local chains (Hardhat nodes) with their own chain ids; a deposit to a customer's address is followed
// from the block it is mined in to its credit, through restarts, duplicate answers and reorganisations.

const CHAIN_A = 31_337_001;
const CHAIN_B = 31_337_002;
const ETHER = 10n ** 18n;
const minimums: Record<CashierCoin, string> = { ETH: '0.2', USDT: '120', BTC: '0.015' };

let a: LocalChain;
let b: LocalChain;
let database: Database;
let drop: () => Promise<void>;
let databaseUrl: string | undefined;
let ledger: Ledger;
let secrets: SealedSecrets;
let addresses: DepositAddresses;
let deps: Omit<ChainWatcherDeps, 'addresses'>;
let usdt: string;
const logged: { level: string; message: string; details: object }[] = [];
let now = Date.parse('2026-11-28T12:00:00Z');

function network(chain: LocalChain, id: string, extra: Partial<ChainNetwork> = {}): ChainNetwork {
  return {
    id,
    name: id,
    chainId: chain.chainId,
    rpcUrl: chain.rpcUrl,
    confirmations: 3,
    explorerTxUrl: undefined,
    startBlock: undefined,
    reorgWindow: 64,
    blocksPerPass: 100,
    tokens: [
      { coin: 'ETH', contract: undefined, decimals: 18, formNetwork: undefined },
      ...(chain === a
        ? [{ coin: 'USDT' as const, contract: usdt, decimals: 18, formNetwork: undefined }]
        : []),
    ],
    ...extra,
  };
}

function watcher(net: ChainNetwork, reader: ChainReader = jsonRpcReader(net.rpcUrl)): NetworkWatcher {
  return new NetworkWatcher(net, reader, { ...deps, addresses });
}

async function deposits(chainId = CHAIN_A) {
  return database.db
    .select()
    .from(cashierChainDeposits)
    .where(eq(cashierChainDeposits.chainId, chainId))
    .orderBy(cashierChainDeposits.id);
}

async function byTx(txHash: string) {
  const [row] = await database.db
    .select()
    .from(cashierChainDeposits)
    .where(eq(cashierChainDeposits.txHash, txHash));
  return row;
}

async function available(userId: string, coin: string): Promise<string> {
  return (await ledger.balances(userId, 'real'))[coin]?.available ?? '0';
}

async function chainCredits(): Promise<number> {
  const [row] = await database.db
    .select({ count: sql<number>`count(*)::int` })
    .from(ledgerJournalEntries)
    .where(sql`${ledgerJournalEntries.onceKey} like 'chain_deposit:%'`);
  return row!.count;
}

beforeAll(async () => {
  [a, b] = await Promise.all([startLocalChain(CHAIN_A), startLocalChain(CHAIN_B)]);
  ({ database, drop, databaseUrl } = await openFreshDatabase('migrated'));
  const log = {
    info: (details: object, message: string) => logged.push({ level: 'info', message, details }),
    warn: (details: object, message: string) => logged.push({ level: 'warn', message, details }),
    error: (details: object, message: string) => logged.push({ level: 'error', message, details }),
  };
  ledger = await Ledger.create(database.db, { demoInitialBalance: () => '0' });
  secrets = new SealedSecrets(database.db, new Sealer(Keyring.ephemeral()));
  addresses = new DepositAddresses(database.db, secrets);
  deps = {
    db: database.db,
    units: new UnitOfWork(database.db, log),
    ledger,
    log,
    now: () => now,
    minimumDeposit: (coin) => new Decimal(minimums[coin]),
    backoff: { firstMs: 1_000, maxMs: 8_000 },
  };
  usdt = await a.deployToken('Test Tether', 'USDT');
});

afterAll(async () => {
  await database?.close();
  await drop?.();
  await Promise.all([a?.stop(), b?.stop()]);
});

describe('deposit addresses', () => {
  it("gives each customer one address per network, derived from the sealed seed at m/44'/60'/<chain>'/0/<index>", async () => {
    const first = await addresses.addressFor('1001', { chainId: CHAIN_A });
    expect(await addresses.addressFor('1001', { chainId: CHAIN_A })).toBe(first);
    const onB = await addresses.addressFor('1001', { chainId: CHAIN_B });
    const other = await addresses.addressFor('1002', { chainId: CHAIN_A });
    expect(new Set([first, onB, other]).size).toBe(3);

    const seed = await secrets.getOrCreate(HOT_WALLET_SEED);
    const root = HDKey.fromMasterSeed(seed);
    const [index1, index2] = [1, 2];
    expect(hdKeyToAccount(root, { path: `m/44'/60'/${CHAIN_A}'/0/${index1}` }).address.toLowerCase()).toBe(
      first,
    );
    expect(hdKeyToAccount(root, { path: `m/44'/60'/${CHAIN_B}'/0/${index1}` }).address.toLowerCase()).toBe(
      onB,
    );
    expect(hdKeyToAccount(root, { path: `m/44'/60'/${CHAIN_A}'/0/${index2}` }).address.toLowerCase()).toBe(
      other,
    );
    // Never stored plain: the sealed row does not hold the seed's bytes.
    const [row] = await database.db
      .select()
      .from(platformSecrets)
      .where(eq(platformSecrets.name, HOT_WALLET_SEED));
    expect(Buffer.from(row!.sealed).includes(seed.subarray(0, 16))).toBe(false);
  });
});

describe('the watcher', () => {
  it('credits a deposit at exactly the confirmations required, not one block earlier', async () => {
    const net = network(a, 'alpha');
    const w = watcher(net);
    expect((await w.pass()).outcome).toBe('ok');
    const to = await addresses.addressFor('1001', { chainId: CHAIN_A });
    const hash = await a.sendNative(to, ETHER);
    expect(await w.pass()).toMatchObject({ outcome: 'ok', credited: 0 });
    expect(await byTx(hash)).toMatchObject({ status: 'seen', amount: '1', logIndex: -1, toAddress: to });
    await a.mine(1); // 2 confirmations
    expect(await w.pass()).toMatchObject({ credited: 0 });
    expect((await byTx(hash))!.status).toBe('seen');
    await a.mine(1); // 3 confirmations
    expect(await w.pass()).toMatchObject({ credited: 1 });
    expect(await byTx(hash)).toMatchObject({ status: 'credited', creditedAmount: '1.000000000000000000' });
    expect(await available('1001', 'ETH')).toBe('1');
    await a.mine(2);
    expect(await w.pass()).toMatchObject({ credited: 0 });
    expect(await available('1001', 'ETH')).toBe('1');
  });

  it('records below-minimum, unknown-token and wrong-network transfers without crediting them; rounds a token down to ledger precision', async () => {
    const net = network(a, 'alpha');
    const w = watcher(net);
    const alice = await addresses.addressFor('1001', { chainId: CHAIN_A });
    const bob = await addresses.addressFor('1002', { chainId: CHAIN_A });
    const aliceOnB = await addresses.addressFor('1001', { chainId: CHAIN_B });
    const other = await a.deployToken('Other', 'OTH');
    const big = await a.mint(usdt, bob, 150_129_999_999_999_999_999n); // 150.129999… USDT
    const small = await a.mint(usdt, alice, 5n * ETHER); // below 120
    const unknown = await a.mint(other, alice, 500n * ETHER);
    const wrong = await a.sendNative(aliceOnB, ETHER); // Alice's address on B, paid on A
    await a.mine(2);
    const pass = await w.pass();
    expect(pass).toMatchObject({ outcome: 'ok', credited: 1 });
    expect(await byTx(big)).toMatchObject({
      status: 'credited',
      coin: 'USDT',
      creditedAmount: '150.120000000000000000',
    });
    expect(await byTx(small)).toMatchObject({ status: 'below_minimum', coin: 'USDT', amount: '5' });
    expect(await byTx(unknown)).toMatchObject({ status: 'unknown_token', coin: null, tokenContract: other });
    expect(await byTx(wrong)).toMatchObject({ status: 'wrong_network', coin: 'ETH', userId: 1001n });
    expect(await available('1002', 'USDT')).toBe('150.12');
    expect(await available('1001', 'USDT')).toBe('0');
    expect(await available('1001', 'ETH')).toBe('1');
  });

  it('after a restart from a stored height behind what was recorded, records and credits nothing twice', async () => {
    const net = network(a, 'alpha', { blocksPerPass: 1 });
    const bob = await addresses.addressFor('1002', { chainId: CHAIN_A });
    const hash = await a.sendNative(bob, 2n * ETHER);
    await a.mine(3);
    // The first instance reads one block at a time and stops.
    await watcher(net).pass();
    const head = await a.head();
    // Catch up and credit.
    const second = watcher({ ...net, blocksPerPass: 100 });
    await second.pass();
    expect((await byTx(hash))!.status).toBe('credited');
    const recorded = (await deposits()).length;
    const credits = await chainCredits();
    // As if the cursor's last moves were lost: the stored height goes back ten blocks.
    const back = head - 10;
    const block = await a.public.getBlock({ blockNumber: BigInt(back) });
    await database.db
      .update(cashierChainCursors)
      .set({ height: back, blockHash: block.hash })
      .where(eq(cashierChainCursors.chainId, CHAIN_A));
    const third = watcher(net);
    for (let i = 0; i < 12; i += 1) await third.pass();
    const [cursor] = await database.db
      .select()
      .from(cashierChainCursors)
      .where(eq(cashierChainCursors.chainId, CHAIN_A));
    expect(cursor!.height).toBe(await a.head());
    expect((await deposits()).length).toBe(recorded);
    expect(await chainCredits()).toBe(credits);
    expect(await available('1002', 'ETH')).toBe('2');
  });

  it('counts confirmations to the last block it read, not to a head the node claims', async () => {
    const real = jsonRpcReader(a.rpcUrl);
    const boasting: ChainReader = { ...real, head: async () => (await real.head()) + 1_000 };
    const w = watcher(network(a, 'alpha'), boasting);
    await w.pass();
    const bob = await addresses.addressFor('1002', { chainId: CHAIN_A });
    const hash = await a.sendNative(bob, ETHER);
    expect(await w.pass()).toMatchObject({ outcome: 'ok', credited: 0 });
    expect((await byTx(hash))!.status).toBe('seen');
    await a.mine(2);
    expect(await w.pass()).toMatchObject({ credited: 1 });
    expect(await available('1002', 'ETH')).toBe('3');
  });

  it('records a log the node answers twice once', async () => {
    const real = jsonRpcReader(a.rpcUrl);
    const doubled: ChainReader = {
      ...real,
      tokenTransfers: async (blockHash) => {
        const logs = await real.tokenTransfers(blockHash);
        return [...logs, ...logs];
      },
    };
    const w = watcher(network(a, 'alpha'), doubled);
    const bob = await addresses.addressFor('1002', { chainId: CHAIN_A });
    const hash = await a.mint(usdt, bob, 200n * ETHER);
    await a.mine(2);
    expect(await w.pass()).toMatchObject({ outcome: 'ok', credited: 1 });
    expect((await deposits()).filter((row) => row.txHash === hash)).toHaveLength(1);
    expect(await available('1002', 'USDT')).toBe('350.12');
  });

  it('drops a deposit whose block is replaced before it is credited', async () => {
    const w = watcher(network(a, 'alpha'));
    await w.pass();
    const alice = await addresses.addressFor('1001', { chainId: CHAIN_A });
    const snapshot = await a.snapshot();
    const hash = await a.sendNative(alice, 3n * ETHER);
    await a.mine(1);
    await w.pass();
    expect((await byTx(hash))!.status).toBe('seen');
    await a.revert(snapshot);
    await a.mine(4); // another branch, longer than the one replaced
    const pass = await w.pass();
    expect(pass.dropped).toBe(1);
    expect((await byTx(hash))!.status).toBe('dropped');
    await a.mine(3);
    await w.pass();
    expect((await byTx(hash))!.status).toBe('dropped');
    expect(await available('1001', 'ETH')).toBe('1');
  });

  it('flags for staff a credited deposit whose block is replaced', async () => {
    const w = watcher(network(a, 'alpha'));
    await w.pass();
    const alice = await addresses.addressFor('1001', { chainId: CHAIN_A });
    const snapshot = await a.snapshot();
    const hash = await a.sendNative(alice, ETHER / 2n);
    await a.mine(2);
    expect(await w.pass()).toMatchObject({ credited: 1 });
    await a.revert(snapshot);
    await a.mine(5);
    logged.length = 0;
    await w.pass();
    const row = await byTx(hash);
    expect(row).toMatchObject({ status: 'reorged' });
    expect(row!.flaggedAt).toBeInstanceOf(Date);
    expect(logged.some((entry) => entry.level === 'error' && /flagged for staff/.test(entry.message))).toBe(
      true,
    );
    expect(await available('1001', 'ETH')).toBe('1.5');
  });

  it('follows a second chain by its own chain id, and a network whose node is down or wrong stalls alone', async () => {
    const bob = await addresses.addressFor('1002', { chainId: CHAIN_B });
    const service = new ChainDeposits(deps, {
      networks: [
        network(a, 'alpha'),
        network(b, 'beta'),
        // Configured as chain 7 but served by node A: its answers are refused.
        { ...network(a, 'wrong'), chainId: 7 },
        // Nobody listens there.
        { ...network(a, 'down'), chainId: 8, rpcUrl: 'http://127.0.0.1:9/secret-key' },
      ],
      addresses,
      pollMs: 1_000,
    });
    const results = await service.watch();
    expect(results.map((r) => [r.network, r.outcome])).toEqual([
      ['alpha', 'ok'],
      ['beta', 'ok'],
      ['wrong', 'stalled'],
      ['down', 'stalled'],
    ]);
    expect(results[2]!.error).toMatch(/serves chain 31337001, not 7/);
    expect(results[3]!.error).not.toMatch(/secret-key/);
    const hash = await b.sendNative(bob, ETHER);
    await b.mine(2);
    // Backing off: the stalled networks wait; the others go on.
    const again = await service.watch();
    expect(again.map((r) => r.outcome)).toEqual(['ok', 'ok', 'waiting', 'waiting']);
    expect(await byTx(hash)).toMatchObject({ status: 'credited', chainId: CHAIN_B, network: 'beta' });
    expect(await available('1002', 'ETH')).toBe('4');
    now += 1_500;
    expect((await service.watch()).map((r) => r.outcome)).toEqual(['ok', 'ok', 'stalled', 'stalled']);
  });

  it('stalls on a block the node answers wrongly, records nothing from it, and resumes where it stood', async () => {
    const real = jsonRpcReader(a.rpcUrl);
    let lying = true;
    const liar: ChainReader = {
      ...real,
      block: async (number, withTransfers) => {
        const block = await real.block(number, withTransfers);
        // A node answering with another branch's block: the parent does not match what we read.
        return lying && block && withTransfers ? { ...block, parentHash: `0x${'ab'.repeat(32)}` } : block;
      },
    };
    const net = network(a, 'alpha');
    await watcher(net).pass();
    const [before] = await database.db
      .select()
      .from(cashierChainCursors)
      .where(eq(cashierChainCursors.chainId, CHAIN_A));
    const alice = await addresses.addressFor('1001', { chainId: CHAIN_A });
    const hash = await a.sendNative(alice, ETHER);
    const w = watcher(net, liar);
    const pass = await w.pass();
    expect(pass.outcome).toBe('stalled');
    expect(await byTx(hash)).toBeUndefined();
    const [stalled] = await database.db
      .select()
      .from(cashierChainCursors)
      .where(and(eq(cashierChainCursors.chainId, CHAIN_A)));
    expect(stalled).toMatchObject({ height: before!.height, blockHash: before!.blockHash, failures: 1 });
    lying = false;
    now += 10_000;
    await a.mine(2);
    expect(await w.pass()).toMatchObject({ outcome: 'ok', credited: 1 });
    expect(await available('1001', 'ETH')).toBe('2.5');
    const [healthy] = await database.db
      .select()
      .from(cashierChainCursors)
      .where(eq(cashierChainCursors.chainId, CHAIN_A));
    expect(healthy).toMatchObject({ failures: 0, lastError: null, stalledSince: null });
  });

  it('runs as the scheduler job cashier.chain-watch on the leader', async () => {
    const clock = new FakeClock(now);
    const scheduler = new Scheduler({
      db: database.db,
      leadership: createLeadership(database, databaseUrl),
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
      clock,
    });
    const service = new ChainDeposits(
      { ...deps, now: () => clock.now() },
      { networks: [network(a, 'alpha')], addresses, pollMs: 1_000 },
    );
    service.registerJobs(scheduler);
    try {
      expect((await scheduler.runDue()).periodic).toEqual(['cashier.chain-watch']);
      const alice = await addresses.addressFor('1001', { chainId: CHAIN_A });
      const hash = await a.sendNative(alice, ETHER);
      await a.mine(2);
      await clock.advance(1_000);
      expect((await scheduler.runDue()).periodic).toEqual(['cashier.chain-watch']);
      expect((await byTx(hash))!.status).toBe('credited');
      expect(await available('1001', 'ETH')).toBe('3.5');
    } finally {
      await scheduler.lifecycle.stop();
    }
  });

  it('lists each watched network with the customer’s own address, checksummed, its QR code and the minimums', async () => {
    const service = new ChainDeposits(deps, {
      networks: [
        network(a, 'alpha', { explorerTxUrl: 'https://explorer.example/tx/{txHash}' }),
        network(b, 'beta'),
      ],
      addresses,
      pollMs: 1_000,
    });
    const { networks } = await service.depositAddresses('1003');
    expect(networks.map((n) => [n.network, n.chainId, n.confirmations])).toEqual([
      ['alpha', CHAIN_A, 3],
      ['beta', CHAIN_B, 3],
    ]);
    expect(networks[0]!.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(networks[0]!.address.toLowerCase()).toBe(await addresses.addressFor('1003', { chainId: CHAIN_A }));
    expect(networks[0]!.address).not.toBe(networks[0]!.address.toLowerCase());
    expect(networks[0]!.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(networks[0]!.explorerTxUrl).toBe('https://explorer.example/tx/{txHash}');
    expect(networks[0]!.coins).toEqual([
      { coin: 'ETH', contract: null, decimals: 18, minimum: '0.2' },
      { coin: 'USDT', contract: usdt, decimals: 18, minimum: '120' },
    ]);
    expect((await service.depositAddresses('1003')).networks[1]!.address).toBe(networks[1]!.address);
  });

  it('lists the customer’s recorded transfers with their confirmations so far and why one is not credited', async () => {
    const service = new ChainDeposits(deps, {
      networks: [
        network(a, 'alpha', { explorerTxUrl: 'https://explorer.example/tx/{txHash}' }),
        network(b, 'beta'),
      ],
      addresses,
      pollMs: 1_000,
    });
    const alice = await addresses.addressFor('1001', { chainId: CHAIN_A });
    await service.watch();
    const hash = await a.sendNative(alice, ETHER / 4n);
    await service.watch();
    const list = await service.listDeposits('1001');
    expect(list[0]).toMatchObject({
      network: 'alpha',
      coin: 'ETH',
      amount: '0.25',
      creditedAmount: null,
      txHash: hash,
      explorerUrl: `https://explorer.example/tx/${hash}`,
      status: 'seen',
      confirmations: 1,
      confirmationsRequired: 3,
      creditedAt: null,
    });
    const statuses = new Set(list.map((d) => d.status));
    expect(statuses).toEqual(
      new Set(['seen', 'credited', 'below_minimum', 'unknown_token', 'wrong_network', 'dropped', 'reorged']),
    );
    const credited = list.find((d) => d.status === 'credited')!;
    expect(credited.confirmations).toBe(3);
    expect(credited.creditedAt).not.toBeNull();
    expect(list.find((d) => d.status === 'unknown_token')).toMatchObject({ coin: null, amount: null });
    expect(await service.listDeposits('1004')).toEqual([]);
  });

  it('shows staff each network’s health and the transfers a person must look at', async () => {
    const service = new ChainDeposits(deps, {
      networks: [
        network(a, 'alpha'),
        { ...network(a, 'down'), chainId: 9, rpcUrl: 'http://127.0.0.1:9/key' },
      ],
      addresses,
      pollMs: 1_000,
    });
    await service.watch();
    const view = await service.staffView();
    expect(view.networks).toEqual([
      expect.objectContaining({
        network: 'alpha',
        chainId: CHAIN_A,
        height: await a.head(),
        failures: 0,
        lastError: null,
      }),
      // Never read: no cursor yet, so its failures live in the watcher only (and its log).
      expect.objectContaining({ network: 'down', chainId: 9, height: null }),
    ]);
    expect(view.attention.map((d) => d.status).sort()).toEqual(['reorged', 'unknown_token', 'wrong_network']);
    const reorged = view.attention.find((d) => d.status === 'reorged')!;
    expect(reorged).toMatchObject({ userId: '1001', network: 'alpha', coin: 'ETH', creditedAmount: '0.5' });
    expect(reorged.flaggedAt).not.toBeNull();
  });

  it('registers no job when no network is watched', () => {
    const registered: string[] = [];
    new ChainDeposits(deps, { networks: [], addresses, pollMs: 1_000 }).registerJobs({
      every: (name) => void registered.push(name),
    });
    expect(registered).toEqual([]);
  });
});
