import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { propertyRuns, propertySeed } from '../../../test/property-runs';
import { openFreshDatabase } from '../../../test/database';
import { startLocalChain, type LocalChain } from '../../../test/local-chain';
import type { Database } from '../../../db/client';
import { UnitOfWork } from '../../../platform/unit-of-work';
import { Keyring, SealedSecrets, Sealer } from '../../../platform/crypto';
import { cashierChainNonces, cashierChainSendAttempts, cashierChainSends } from '../../tables';
import { DepositAddresses } from '../addresses';
import type { ChainNetwork } from '../networks';
import {
  ChainSender,
  GasAboveCap,
  SealedSeedKeys,
  WalletShort,
  gweiToWei,
  type ChainSenderDeps,
} from '../sender';

// The hot-wallet sender against a real Hardhat node: nonces from the database, each send recorded before it is
// broadcast and once per key, fees under the cap, and tracking to the confirmations through a dropped
// transaction and a reorganisation.

const CHAIN = 31_337_101;
const ETHER = 10n ** 18n;

let chain: LocalChain;
let database: Database;
let drop: () => Promise<void>;
let deps: ChainSenderDeps;
let hot: string;
let usdt: string;
let now = Date.parse('2026-11-28T12:00:00Z');
const logged: { level: string; message: string }[] = [];

function network(extra: Partial<ChainNetwork> = {}): ChainNetwork {
  return {
    id: 'alpha',
    name: 'Alpha',
    chainId: CHAIN,
    rpcUrl: chain.rpcUrl,
    confirmations: 3,
    explorerTxUrl: undefined,
    startBlock: undefined,
    reorgWindow: 64,
    blocksPerPass: 100,
    gasPriceCapGwei: '200',
    tokens: [
      { coin: 'ETH', contract: undefined, decimals: 18, formNetwork: undefined },
      { coin: 'USDT', contract: usdt, decimals: 18, formNetwork: undefined },
    ],
    ...extra,
  };
}

function sender(extra: Partial<ChainNetwork> = {}, options = {}): ChainSender {
  return new ChainSender(network(extra), deps, { resendAfterMs: 60_000, maxAttempts: 2, ...options });
}

const rpc = (method: string, params: unknown[] = []) =>
  (chain.public.request as (args: { method: string; params: unknown[] }) => Promise<unknown>)({
    method,
    params,
  });

async function balance(address: string): Promise<bigint> {
  return chain.public.getBalance({ address: address as `0x${string}` });
}

async function sendRow(key: string) {
  const [row] = await database.db.select().from(cashierChainSends).where(eq(cashierChainSends.key, key));
  return row!;
}

let recipients = 0;
function recipient(): string {
  recipients += 1;
  return `0x${'7'.repeat(30)}${recipients.toString(16).padStart(10, '0')}`;
}

beforeAll(async () => {
  chain = await startLocalChain(CHAIN);
  ({ database, drop } = await openFreshDatabase('migrated'));
  const log = {
    info: (_: object, message: string) => logged.push({ level: 'info', message }),
    warn: (_: object, message: string) => logged.push({ level: 'warn', message }),
    error: (_: object, message: string) => logged.push({ level: 'error', message }),
  };
  const secrets = new SealedSecrets(database.db, new Sealer(Keyring.ephemeral()));
  // The seed is made by the deposit addresses (the first customer's address); the sender only reads it.
  await new DepositAddresses(database.db, secrets).addressFor('1', { chainId: CHAIN });
  deps = {
    db: database.db,
    units: new UnitOfWork(database.db, log),
    keys: new SealedSeedKeys(database.db, secrets),
    log,
    now: () => now,
  };
  usdt = await chain.deployToken('Test Tether', 'USDT');
  hot = await sender().hotWalletAddress();
  await chain.sendNative(hot, 100n * ETHER);
  await chain.mint(usdt, hot, 1_000n * ETHER);
}, 120_000);

afterAll(async () => {
  await database?.close();
  await drop?.();
  await chain?.stop();
});

describe('the hot-wallet sender', () => {
  it("signs from m/44'/60'/0'/0/0 and sends native coin, confirmed at exactly the confirmations required", async () => {
    const s = sender();
    const to = recipient();
    const sent = await s.send({ key: 'native:1', to, rawAmount: 2n * ETHER });
    expect(sent).toMatchObject({ status: 'pending', from: hot, nonce: 0, attempts: 1 });
    expect(await balance(to)).toBe(2n * ETHER); // automining: in a block at once
    expect(await s.track('native:1')).toMatchObject({ status: 'mined', confirmations: 1 });
    await chain.mine(1);
    expect(await s.track('native:1')).toMatchObject({ status: 'mined', confirmations: 2 });
    await chain.mine(1);
    expect(await s.track('native:1')).toMatchObject({
      status: 'confirmed',
      confirmations: 3,
      txHash: sent.txHash,
    });
    // The same key again: the recorded send, nothing new signed or paid.
    expect(await s.send({ key: 'native:1', to, rawAmount: 2n * ETHER })).toMatchObject({ id: sent.id });
    expect(await balance(to)).toBe(2n * ETHER);
  });

  it('sends an ERC-20 transfer to the holder, not to the contract', async () => {
    const s = sender();
    const to = recipient();
    const sent = await s.send({ key: 'token:1', to, token: usdt, rawAmount: 25n * ETHER });
    await chain.mine(2);
    expect(await s.track('token:1')).toMatchObject({ status: 'confirmed', token: usdt, to });
    const held = await chain.public.readContract({
      address: usdt as `0x${string}`,
      abi: (await import('viem')).erc20Abi,
      functionName: 'balanceOf',
      args: [to as `0x${string}`],
    });
    expect(held).toBe(25n * ETHER);
    expect(sent.nonce).toBe(1);
  });

  it('refuses, recording nothing, when the wallet cannot pay the amount and gas, or gas is above the cap', async () => {
    const s = sender();
    await expect(
      s.send({ key: 'short:1', to: recipient(), rawAmount: 1_000n * ETHER }),
    ).rejects.toBeInstanceOf(WalletShort);
    await expect(
      s.send({ key: 'short:2', to: recipient(), token: usdt, rawAmount: 10_000n * ETHER }),
    ).rejects.toBeInstanceOf(WalletShort);
    // A cap below the node's base fee: nothing is signed.
    await expect(
      sender({ gasPriceCapGwei: '0.000000001' }).send({ key: 'cap:1', to: recipient(), rawAmount: 1n }),
    ).rejects.toBeInstanceOf(GasAboveCap);
    expect(await s.find('short:1')).toBeUndefined();
    expect(await s.find('cap:1')).toBeUndefined();
    // No nonce was spent by the refusals.
    const [nonce] = await database.db
      .select()
      .from(cashierChainNonces)
      .where(eq(cashierChainNonces.address, hot));
    expect(nonce!.nextNonce).toBe(2);
  });

  it('never pays more per gas than the cap', async () => {
    const base = (await chain.public.getBlock()).baseFeePerGas!;
    const cap = base + 1n; // above the base fee, below what the node would suggest with a tip
    const capGwei = `${cap / 10n ** 9n}.${(cap % 10n ** 9n).toString().padStart(9, '0')}`;
    const s = sender({ gasPriceCapGwei: capGwei });
    expect(gweiToWei(capGwei)).toBe(cap);
    const sent = await s.send({ key: 'capped:1', to: recipient(), rawAmount: 1n, gasCapWei: cap });
    const [attempt] = await database.db
      .select()
      .from(cashierChainSendAttempts)
      .where(eq(cashierChainSendAttempts.sendId, BigInt(sent.id)));
    expect(BigInt(attempt!.maxFeePerGas)).toBeLessThanOrEqual(cap);
  });

  it('broadcasts the same signed transaction again after a crash between recording and broadcast, and after it is dropped', async () => {
    await rpc('evm_setAutomine', [false]);
    try {
      const s = sender();
      const to = recipient();
      const first = await s.send({ key: 'dropped:1', to, rawAmount: ETHER });
      // The node forgets it (a dropped transaction), as if the broadcast never happened (a crash before it).
      expect(await rpc('hardhat_dropTransaction', [first.txHash])).toBe(true);
      await rpc('evm_mine');
      expect(await balance(to)).toBe(0n);
      // Restarted: a new sender finds the record and broadcasts the same bytes (same hash, same nonce).
      const again = sender();
      expect(await again.track('dropped:1')).toMatchObject({ status: 'pending', txHash: first.txHash });
      await rpc('evm_mine');
      expect(await balance(to)).toBe(ETHER);
      await chain.mine(3);
      expect(await again.track('dropped:1')).toMatchObject({ status: 'confirmed', txHash: first.txHash });
      expect(await balance(to)).toBe(ETHER);
    } finally {
      await rpc('evm_setAutomine', [true]);
    }
  });

  it('raises the fees at the same nonce when not mined in time, then cancels the nonce; only one is ever mined', async () => {
    await rpc('evm_setAutomine', [false]);
    try {
      const s = sender();
      const to = recipient();
      const first = await s.send({ key: 'slow:1', to, rawAmount: ETHER });
      now += 61_000;
      const second = await s.track('slow:1');
      expect(second).toMatchObject({ status: 'pending', attempts: 2, nonce: first.nonce });
      expect(second.txHash).not.toBe(first.txHash);
      now += 61_000;
      // maxAttempts (2) transfers were tried: the third attempt is the cancel, a 0-value self-transfer.
      expect(await s.track('slow:1')).toMatchObject({ status: 'cancelling', attempts: 3 });
      await rpc('evm_mine');
      await chain.mine(2);
      expect(await s.track('slow:1')).toMatchObject({ status: 'cancelled' });
      expect(await balance(to)).toBe(0n);
      const row = await sendRow('slow:1');
      expect(row.finishedAt).not.toBeNull();
    } finally {
      await rpc('evm_setAutomine', [true]);
    }
  });

  it('goes back to pending when the mined transaction is removed by a reorganisation, and is mined again', async () => {
    const s = sender();
    const to = recipient();
    const snapshot = await chain.snapshot();
    await rpc('evm_setAutomine', [false]);
    let sent;
    try {
      sent = await s.send({ key: 'reorg:1', to, rawAmount: ETHER });
      await rpc('evm_mine');
      expect(await s.track('reorg:1')).toMatchObject({ status: 'mined' });
      await chain.revert(snapshot);
      await chain.mine(2);
      // The block that held it is gone: pending again, and the same bytes are broadcast.
      expect(await s.track('reorg:1')).toMatchObject({ status: 'pending' });
      await rpc('evm_mine');
    } finally {
      await rpc('evm_setAutomine', [true]);
    }
    await chain.mine(3);
    expect(await s.track('reorg:1')).toMatchObject({ status: 'confirmed', txHash: sent.txHash });
    expect(await balance(to)).toBe(ETHER);
  });

  it('gives two concurrent senders (two instances) distinct nonces, and one send per key', async () => {
    const one = sender();
    const two = sender();
    const sends = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        (i % 2 === 0 ? one : two).send({ key: `concurrent:${i % 3}`, to: recipient(), rawAmount: 1n }),
      ),
    );
    const byKey = new Map(sends.map((send) => [send.key, send.nonce]));
    expect(byKey.size).toBe(3);
    expect(new Set(byKey.values()).size).toBe(3);
    for (const send of sends) expect(send.nonce).toBe(byKey.get(send.key));
    const rows = await database.db.select().from(cashierChainSends);
    expect(new Set(rows.map((row) => row.nonce)).size).toBe(rows.length);
  });

  it('pays each key at most once whatever the interleaving of sends, drops, restarts, slow blocks and tracking (property)', async () => {
    type Step = 'send' | 'drop' | 'restart' | 'track' | 'mine' | 'wait';
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom<Step>('send', 'drop', 'restart', 'track', 'mine', 'wait'), {
          minLength: 4,
          maxLength: 14,
        }),
        async (steps) => {
          const to = recipient();
          const key = `property:${to}`;
          let s = sender();
          await rpc('evm_setAutomine', [false]);
          try {
            for (const step of steps) {
              if (step === 'send') await s.send({ key, to, rawAmount: 1_000n }).catch(() => undefined);
              if (step === 'restart') s = sender();
              if (step === 'track' && (await s.find(key))) await s.track(key);
              if (step === 'mine') await rpc('evm_mine');
              if (step === 'wait') now += 61_000;
              if (step === 'drop') {
                const found = await s.find(key);
                // A mined transaction cannot be dropped (the node says so): only a pending one is.
                if (found) await rpc('hardhat_dropTransaction', [found.txHash]).catch(() => undefined);
              }
            }
          } finally {
            await rpc('evm_setAutomine', [true]);
          }
          // Everything left is mined now, and tracked to its end.
          await chain.mine(4);
          if (await s.find(key)) for (let i = 0; i < 3; i += 1) await s.track(key).catch(() => undefined);
          const paid = await balance(to);
          expect(paid === 0n || paid === 1_000n).toBe(true);
          const record = await s.find(key);
          if (record?.status === 'confirmed') expect(paid).toBe(1_000n);
          if (record?.status === 'cancelled' || record === undefined) expect(paid).toBe(0n);
        },
      ),
      { numRuns: propertyRuns(12), seed: propertySeed(30_6) },
    );
  });
});
