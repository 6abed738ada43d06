import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type * as Viem from 'viem';
import type * as ViemAccounts from 'viem/accounts';
import type { Db, Tx } from '../../db/client';
import { onFirstUse } from '../../platform/on-first-use';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { SealedSecrets } from '../../platform/crypto';
import {
  cashierChainAddresses,
  cashierChainNonces,
  cashierChainSendAttempts,
  cashierChainSends,
  type ChainSendStatus,
} from '../tables';
import { HOT_WALLET_SEED, randomSeed } from './addresses';
import type { ChainNetwork } from './networks';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (platform/on-first-use.ts)
const viem = onFirstUse(() => require('viem') as typeof Viem);
// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (platform/on-first-use.ts)
const accounts = onFirstUse(() => require('viem/accounts') as typeof ViemAccounts);

type SendRow = typeof cashierChainSends.$inferSelect;
type AttemptRow = typeof cashierChainSendAttempts.$inferSelect;
type Hex = `0x${string}`;

/** A transfer to make: `key` makes it once, whatever the retries (`withdrawal:42`, `sweep:7:gas`). */
export interface SendRequest {
  key: string;
  /** Lower-case recipient. */
  to: string;
  /** The ERC-20 contract (lower-case); undefined: the network's native coin. */
  token?: string | undefined;
  /** In the token's smallest unit. */
  rawAmount: bigint;
  /** The sending address (the hot wallet when undefined; a deposit address of ours for a sweep). */
  from?: string | undefined;
  /** Refuse to pay more than this per gas (wei); default: the network's `gasPriceCapGwei`. */
  gasCapWei?: bigint | undefined;
  /**
   * Native coin only: send everything the address holds less the gas at the fees signed (and what its own
   * unmined sends may still spend); `rawAmount` is then ignored. A sweep empties an address this way.
   */
  wholeBalance?: boolean | undefined;
}

/** A send as callers read it. */
export interface SendRecord {
  id: string;
  key: string;
  chainId: number;
  from: string;
  to: string;
  token: string | null;
  rawAmount: bigint;
  nonce: number;
  status: ChainSendStatus;
  attempts: number;
  /** The newest attempt's hash, or the mined one's once mined. */
  txHash: string;
  /** Confirmations of the mined attempt as of the last tracking (0 before). */
  confirmations: number;
  lastError: string | null;
}

/** The final statuses: `confirmed` moved the value; `failed` (reverted) and `cancelled` moved nothing. */
export const FINISHED_SENDS: readonly ChainSendStatus[] = ['confirmed', 'failed', 'cancelled'];

/** Gas costs more than the cap allows now: nothing was signed or recorded; try again later. */
export class GasAboveCap extends Error {
  constructor(
    readonly neededWei: bigint,
    readonly capWei: bigint,
  ) {
    super(`gas costs ${neededWei} wei per unit now, above the cap of ${capWei}`);
    this.name = 'GasAboveCap';
  }
}

/** The sending address cannot pay the amount and the gas: nothing was signed or recorded. */
export class WalletShort extends Error {
  constructor(
    readonly what: 'native' | 'token',
    readonly neededRaw: bigint,
    readonly availableRaw: bigint,
  ) {
    super(`the wallet holds ${availableRaw} of the ${what} coin, ${neededRaw} are needed (amount and gas)`);
    this.name = 'WalletShort';
  }
}

/** The signing keys of our addresses, derived again from the sealed hot-wallet seed when needed. */
export interface SenderKeys {
  /** The hot wallet: `m/44'/60'/0'/0/0`. */
  hotWallet(): Promise<ViemAccounts.HDAccount>;
  /** The key of one of our addresses (the hot wallet or a deposit address given out), or undefined. */
  account(address: string): Promise<ViemAccounts.HDAccount | undefined>;
}

/** Keys below the sealed seed `cashier.hot-wallet-seed` (addresses.ts): never stored or logged in clear. */
export class SealedSeedKeys implements SenderKeys {
  private root: ViemAccounts.HDKey | undefined;

  constructor(
    private readonly db: Db,
    private readonly secrets: Pick<SealedSecrets, 'getOrCreate'>,
  ) {}

  async hotWallet(): Promise<ViemAccounts.HDAccount> {
    return accounts().hdKeyToAccount(await this.rootKey(), {
      accountIndex: 0,
      changeIndex: 0,
      addressIndex: 0,
    });
  }

  async account(address: string): Promise<ViemAccounts.HDAccount | undefined> {
    const wanted = address.toLowerCase();
    const hot = await this.hotWallet();
    if (hot.address.toLowerCase() === wanted) return hot;
    const [row] = await this.db
      .select()
      .from(cashierChainAddresses)
      .where(eq(cashierChainAddresses.address, wanted));
    if (!row) return undefined;
    return accounts().hdKeyToAccount(await this.rootKey(), {
      accountIndex: row.accountIndex,
      changeIndex: 0,
      addressIndex: row.addressIndex,
    });
  }

  private async rootKey(): Promise<ViemAccounts.HDKey> {
    if (!this.root) {
      const seed = await this.secrets.getOrCreate(HOT_WALLET_SEED, randomSeed);
      this.root = accounts().HDKey.fromMasterSeed(seed);
    }
    return this.root;
  }
}

export interface SenderLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface ChainSenderDeps {
  db: Db;
  units: UnitOfWork;
  keys: SenderKeys;
  log: SenderLog;
  now(): number;
}

export interface ChainSenderOptions {
  /** A new attempt (same nonce, fees raised) when the newest is not mined this long after its broadcast. */
  resendAfterMs?: number;
  /** Transfer attempts before the send is given up (a 0-value self-transfer cancels the nonce). */
  maxAttempts?: number;
  /** The JSON-RPC transport (default: HTTP to the network's `rpcUrl`). */
  transport?: Viem.Transport;
}

/** Replacement fees: +12.5% (nodes refuse a replacement under +10%). */
const BUMP_NUM = 1125n;
const BUMP_DEN = 1000n;
const GWEI = 10n ** 9n;
const ERROR_TEXT_LIMIT = 300;

/**
 * Sends transfers from our wallets on one network (docs/architecture.md, "Withdrawals sent to the chain").
 *
 * Invariants:
 * - A send is recorded, signed, with its nonce, in one transaction that takes the address's next nonce under a
 *   row lock (`cashier_chain_nonces`), before anything is broadcast; the key is unique, so a second call with
 *   the same key (a retry, another instance) gets the recorded send and broadcasts the same signed bytes.
 * - Every attempt of a send uses its one nonce: whatever is re-sent, at most one of them is ever mined.
 * - The outcome counts only once the mined attempt's block is `confirmations` deep and still the node's: a
 *   reorganisation that removes it sends the send back to `pending` (its attempts are broadcast again).
 * - Given up after `maxAttempts` transfer attempts, a send is cancelled by a 0-value self-transfer at its nonce;
 *   it is `cancelled` only once a transaction other than a transfer attempt holds that nonce, confirmed.
 */
export class ChainSender {
  private readonly client: Viem.PublicClient;
  private readonly wallet: Viem.WalletClient;
  private readonly chain: Viem.Chain;
  private readonly resendAfterMs: number;
  private readonly maxAttempts: number;

  constructor(
    readonly network: ChainNetwork,
    private readonly deps: ChainSenderDeps,
    options: ChainSenderOptions = {},
  ) {
    const { createPublicClient, createWalletClient, defineChain, http } = viem();
    const transport = options.transport ?? http(network.rpcUrl, { timeout: 10_000, retryCount: 0 });
    this.chain = defineChain({
      id: network.chainId,
      name: network.name,
      nativeCurrency: { name: 'native', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [network.rpcUrl] } },
    });
    this.client = createPublicClient({ chain: this.chain, transport }) as Viem.PublicClient;
    this.wallet = createWalletClient({ chain: this.chain, transport });
    this.resendAfterMs = options.resendAfterMs ?? 180_000;
    this.maxAttempts = options.maxAttempts ?? 3;
  }

  /** The gas price cap of the network, in wei. */
  get gasCapWei(): bigint {
    return gweiToWei(this.network.gasPriceCapGwei);
  }

  async hotWalletAddress(): Promise<string> {
    return (await this.deps.keys.hotWallet()).address.toLowerCase();
  }

  /** What `address` holds now: of `token` (an ERC-20 contract), or of the native coin. */
  async balanceOf(address: string, token?: string): Promise<bigint> {
    const holder = address.toLowerCase() as Hex;
    if (token) return this.tokenBalance(token.toLowerCase() as Hex, holder);
    return this.client.getBalance({ address: holder });
  }

  /**
   * The most a transfer from `from` would pay for gas if it were signed now: its gas estimate times the fee
   * cap it would carry. Throws `GasAboveCap` when the base fee is at the network's cap.
   */
  async gasCost(request: { from: string; to: string; token?: string | undefined; rawAmount: bigint }) {
    const fees = await this.fees(this.gasCapWei);
    const call = this.transferCall(
      request.to.toLowerCase() as Hex,
      request.token?.toLowerCase() as Hex | undefined,
      request.rawAmount,
    );
    const gas = await this.client.estimateGas({ account: request.from.toLowerCase() as Hex, ...call });
    return gas * fees.maxFeePerGas;
  }

  /** The send of `key`, if one was recorded. */
  async find(key: string): Promise<SendRecord | undefined> {
    const [row] = await this.deps.db.select().from(cashierChainSends).where(eq(cashierChainSends.key, key));
    return row ? this.record(row) : undefined;
  }

  /**
   * Records (once per key) and broadcasts a transfer. Throws `GasAboveCap` or `WalletShort` (nothing recorded)
   * when it cannot be paid now. A send recorded before is returned as it is, its newest attempt broadcast again
   * if it is still waiting to be mined.
   */
  async send(request: SendRequest): Promise<SendRecord> {
    const existing = await this.find(request.key);
    if (existing) {
      if (existing.status === 'pending' || existing.status === 'cancelling')
        await this.broadcastNewest(BigInt(existing.id));
      return (await this.find(request.key))!;
    }
    const row = await this.prepare(request);
    await this.broadcastNewest(row.id);
    return (await this.find(request.key))!;
  }

  /** Signs and records the first attempt (nonce under the row lock); the caller broadcasts it. */
  private async prepare(request: SendRequest): Promise<SendRow> {
    const account = request.from
      ? await this.deps.keys.account(request.from)
      : await this.deps.keys.hotWallet();
    if (!account) throw new Error(`no key of ours signs for ${request.from}`);
    const from = account.address.toLowerCase() as Hex;
    const to = request.to.toLowerCase() as Hex;
    const token = request.token?.toLowerCase() as Hex | undefined;
    if (request.wholeBalance && token) throw new Error('a whole balance is sent in the native coin only');
    const cap = request.gasCapWei ?? this.gasCapWei;
    const fees = await this.fees(cap);
    // A whole balance's value is known only under the lock; a plain transfer's gas does not depend on it.
    const estimated = this.transferCall(to, token, request.wholeBalance ? 0n : request.rawAmount);
    const tokenBalance = token ? await this.tokenBalance(token, from) : 0n;
    // A token transfer the wallet cannot cover would revert (and fail the gas estimate): said as it is.
    if (token && tokenBalance < request.rawAmount)
      throw new WalletShort('token', request.rawAmount, tokenBalance);
    const gas = await this.client.estimateGas({ account: from, ...estimated });
    // The chain's view of the wallet first (outside the lock: no node call holds a database lock).
    const chainNonce = await this.client.getTransactionCount({ address: from, blockTag: 'pending' });
    const native = await this.client.getBalance({ address: from });
    const at = new Date(this.deps.now());
    return this.deps.units.run(async ({ tx }) => {
      // The address's nonce row is locked first: a second call with the same key waits here, then finds it.
      const locked = await this.lockNonce(tx, from, chainNonce);
      const [again] = await tx.select().from(cashierChainSends).where(eq(cashierChainSends.key, request.key));
      if (again) return again;
      const nonce = await this.takeNonce(tx, from, locked);
      // What our own unmined sends from this address may still spend is not ours to spend again.
      const reserved = await this.reserved(tx, from, token);
      const gasMost = gas * fees.maxFeePerGas;
      const amount = request.wholeBalance ? native - gasMost - reserved.native : request.rawAmount;
      if (amount <= 0n && request.wholeBalance)
        throw new WalletShort('native', gasMost + reserved.native + 1n, native);
      const call = this.transferCall(to, token, amount);
      const needNative = (token ? 0n : amount) + gasMost + reserved.native;
      if (native < needNative) throw new WalletShort('native', needNative, native);
      if (token && tokenBalance < request.rawAmount + reserved.token)
        throw new WalletShort('token', request.rawAmount + reserved.token, tokenBalance);
      const raw = await this.sign(account, { ...call, nonce, gas, ...fees });
      const [row] = await tx
        .insert(cashierChainSends)
        .values({
          key: request.key,
          chainId: this.network.chainId,
          fromAddress: from,
          toAddress: to,
          tokenContract: token ?? null,
          rawAmount: amount.toString(),
          nonce,
          gasLimit: gas.toString(),
          status: 'pending',
          attempts: 1,
          createdAt: at,
          updatedAt: at,
        })
        .returning();
      await tx.insert(cashierChainSendAttempts).values({
        sendId: row!.id,
        attempt: 1,
        kind: 'transfer',
        txHash: viem().keccak256(raw),
        rawTx: raw,
        maxFeePerGas: fees.maxFeePerGas.toString(),
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas.toString(),
        createdAt: at,
      });
      return row!;
    });
  }

  /**
   * Locks the address's nonce row (made on first use from the chain's count, pending included) and returns the
   * next nonce: the row's, or the chain's count when the wallet was used from outside (ours are never reused).
   */
  private async lockNonce(tx: Tx, address: string, chainNonce: number): Promise<number> {
    const chainId = this.network.chainId;
    const where = and(eq(cashierChainNonces.chainId, chainId), eq(cashierChainNonces.address, address));
    await tx
      .insert(cashierChainNonces)
      .values({ chainId, address, nextNonce: chainNonce })
      .onConflictDoNothing();
    const [row] = await tx.select().from(cashierChainNonces).where(where).for('update');
    return Math.max(row!.nextNonce, chainNonce);
  }

  /** Takes `nonce` (the locked row's next): the row moves past it in the same transaction. */
  private async takeNonce(tx: Tx, address: string, nonce: number): Promise<number> {
    await tx
      .update(cashierChainNonces)
      .set({ nextNonce: nonce + 1, updatedAt: new Date(this.deps.now()) })
      .where(
        and(eq(cashierChainNonces.chainId, this.network.chainId), eq(cashierChainNonces.address, address)),
      );
    return nonce;
  }

  /** The value and worst-case gas our unfinished, unmined sends from `from` may still spend. */
  private async reserved(tx: Tx, from: string, token: string | undefined) {
    const open = await tx
      .select()
      .from(cashierChainSends)
      .where(
        and(
          eq(cashierChainSends.chainId, this.network.chainId),
          eq(cashierChainSends.fromAddress, from),
          inArray(cashierChainSends.status, ['pending', 'cancelling']),
        ),
      );
    let native = 0n;
    let tokenTotal = 0n;
    for (const send of open) {
      const [newest] = await this.attempts(tx, send.id, 'desc');
      native += BigInt(send.gasLimit) * BigInt(newest?.maxFeePerGas ?? '0');
      if (send.tokenContract === null) native += BigInt(send.rawAmount);
      else if (send.tokenContract === token) tokenTotal += BigInt(send.rawAmount);
    }
    return { native, token: tokenTotal };
  }

  private transferCall(
    to: Hex,
    token: Hex | undefined,
    amount: bigint,
  ): { to: Hex; value: bigint; data?: Hex } {
    if (!token) return { to, value: amount };
    const data = viem().encodeFunctionData({
      abi: viem().erc20Abi,
      functionName: 'transfer',
      args: [to, amount],
    });
    return { to: token, value: 0n, data };
  }

  private async tokenBalance(token: Hex, holder: Hex): Promise<bigint> {
    return this.client.readContract({
      address: token,
      abi: viem().erc20Abi,
      functionName: 'balanceOf',
      args: [holder],
    });
  }

  /**
   * EIP-1559 fees: the tip the node suggests (less, if the cap leaves less above the base fee), and a fee cap of
   * twice the base fee plus the tip, never above `cap`. A base fee at or above the cap sends nothing
   * (`GasAboveCap`).
   */
  private async fees(cap: bigint): Promise<{ maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }> {
    const block = await this.client.getBlock({ blockTag: 'latest' });
    const base = block.baseFeePerGas ?? (await this.client.getGasPrice());
    const tip = await this.client.estimateMaxPriorityFeePerGas().catch(() => GWEI);
    // The base fee alone at the cap leaves no tip to pay: wait for it to fall.
    if (base >= cap) throw new GasAboveCap(base, cap);
    const maxPriorityFeePerGas = min(tip, cap - base);
    return { maxFeePerGas: min(base * 2n + maxPriorityFeePerGas, cap), maxPriorityFeePerGas };
  }

  private async sign(
    account: ViemAccounts.HDAccount,
    fields: {
      to: Hex;
      value: bigint;
      data?: Hex;
      nonce: number;
      gas: bigint;
      maxFeePerGas: bigint;
      maxPriorityFeePerGas: bigint;
    },
  ): Promise<Hex> {
    // Signed locally by the wallet client's account: the key never leaves this process.
    return this.wallet.signTransaction({
      account,
      chain: this.chain,
      type: 'eip1559',
      ...fields,
    });
  }

  private async attempts(reader: Db | Tx, sendId: bigint, order: 'asc' | 'desc'): Promise<AttemptRow[]> {
    return reader
      .select()
      .from(cashierChainSendAttempts)
      .where(eq(cashierChainSendAttempts.sendId, sendId))
      .orderBy(
        order === 'asc'
          ? asc(cashierChainSendAttempts.attempt)
          : sql`${cashierChainSendAttempts.attempt} desc`,
      );
  }

  /** Broadcasts the newest attempt; a node that already has it (or has mined its nonce) is not an error. */
  private async broadcastNewest(sendId: bigint): Promise<void> {
    const [newest] = await this.attempts(this.deps.db, sendId, 'desc');
    if (!newest) return;
    let error: string | null = null;
    try {
      await this.wallet.sendRawTransaction({ serializedTransaction: newest.rawTx as Hex });
    } catch (failure) {
      const text = errorText(failure, this.network.rpcUrl);
      // "already known", "nonce too low" (one attempt was mined): tracking sorts out which.
      if (!/already known|known transaction|nonce too low|nonce has already been used/i.test(text)) {
        error = text;
        this.deps.log.warn(
          { network: this.network.id, sendId: String(sendId), error: text },
          'chain send: the broadcast failed; it is tried again',
        );
      }
    }
    const at = new Date(this.deps.now());
    await this.deps.db
      .update(cashierChainSends)
      .set({ broadcastAt: at, updatedAt: at, lastError: error })
      .where(eq(cashierChainSends.id, sendId));
  }

  /** Moves every unfinished send of this network on (see `trackOne`); one failing does not stop the others. */
  async trackAll(): Promise<SendRecord[]> {
    const open = await this.deps.db
      .select({ id: cashierChainSends.id })
      .from(cashierChainSends)
      .where(
        and(
          eq(cashierChainSends.chainId, this.network.chainId),
          inArray(cashierChainSends.status, ['pending', 'cancelling', 'mined']),
        ),
      )
      .orderBy(asc(cashierChainSends.nonce));
    const records: SendRecord[] = [];
    for (const { id } of open) {
      try {
        records.push(await this.trackOne(id));
      } catch (error) {
        this.deps.log.warn(
          { network: this.network.id, sendId: String(id), error: errorText(error, this.network.rpcUrl) },
          'chain send: tracking failed; tried again next pass',
        );
      }
    }
    return records;
  }

  /** Tracks the send of `key` once (see `trackOne`). */
  async track(key: string): Promise<SendRecord> {
    const found = await this.find(key);
    if (!found) throw new Error(`no send ${key}`);
    return this.trackOne(BigInt(found.id));
  }

  /**
   * One step of a send's life: finds which attempt (if any) was mined and whether its block is still the
   * node's; counts its confirmations; finishes it once deep enough; broadcasts again, raises the fees (same
   * nonce) or cancels when it waits too long.
   */
  async trackOne(id: bigint): Promise<SendRecord> {
    const [send] = await this.deps.db.select().from(cashierChainSends).where(eq(cashierChainSends.id, id));
    if (!send) throw new Error(`no send ${id}`);
    if (FINISHED_SENDS.includes(send.status)) return this.record(send);
    const attempts = await this.attempts(this.deps.db, id, 'asc');
    const head = Number(await this.client.getBlockNumber({ cacheTime: 0 }));
    const mined = await this.minedAttempt(attempts);
    if (mined) {
      const depth = head - mined.blockNumber + 1;
      const deepEnough = depth >= this.network.confirmations;
      const status: ChainSendStatus = !deepEnough
        ? 'mined'
        : mined.attempt.kind === 'cancel'
          ? 'cancelled'
          : mined.success
            ? 'confirmed'
            : 'failed';
      await this.update(id, {
        status,
        minedHash: mined.attempt.txHash,
        blockNumber: mined.blockNumber,
        blockHash: mined.blockHash,
        ...(deepEnough ? { finishedAt: new Date(this.deps.now()) } : {}),
      });
      if (deepEnough)
        this.deps.log.info(
          { network: this.network.id, key: send.key, status, txHash: mined.attempt.txHash },
          'chain send: finished',
        );
      return this.record((await this.row(id))!);
    }
    // Nothing of ours mined (or what was mined is gone with a replaced block): the nonce decides.
    const confirmedCount = await this.client.getTransactionCount({
      address: send.fromAddress as Hex,
      blockNumber: BigInt(Math.max(0, head - this.network.confirmations + 1)),
    });
    if (confirmedCount > send.nonce) {
      // Another transaction holds the nonce, confirmed: none of ours can ever be mined.
      await this.update(id, {
        status: 'cancelled',
        lastError: 'the nonce was used by another transaction',
        finishedAt: new Date(this.deps.now()),
      });
      this.deps.log.error(
        { network: this.network.id, key: send.key, nonce: send.nonce },
        'chain send: its nonce was used by a transaction that is not ours; nothing was sent',
      );
      return this.record((await this.row(id))!);
    }
    if (send.status === 'mined')
      await this.update(id, { status: 'pending', minedHash: null, blockNumber: null });
    const newest = attempts[attempts.length - 1]!;
    const waited = this.deps.now() - (send.broadcastAt?.getTime() ?? 0);
    if (waited >= this.resendAfterMs) {
      await this.nextAttempt(send, attempts);
    } else if (!(await this.nodeKnows(newest.txHash))) {
      // Dropped from the node's pool (or never reached it): the same signed bytes again.
      await this.broadcastNewest(id);
    }
    return this.record((await this.row(id))!);
  }

  /**
   * The attempt mined in a block that is still the node's, if any. A receipt whose block the node no longer
   * has at that height is treated as not mined (a reorganisation).
   */
  private async minedAttempt(attempts: AttemptRow[]) {
    for (const attempt of attempts) {
      const receipt = await this.client
        .getTransactionReceipt({ hash: attempt.txHash as Hex })
        .catch((error: unknown) => {
          if (error instanceof viem().TransactionReceiptNotFoundError) return undefined;
          throw error;
        });
      if (!receipt) continue;
      const block = await this.client.getBlock({ blockNumber: receipt.blockNumber }).catch(() => undefined);
      if (!block || block.hash !== receipt.blockHash) continue;
      return {
        attempt,
        blockNumber: Number(receipt.blockNumber),
        blockHash: receipt.blockHash.toLowerCase(),
        success: receipt.status === 'success',
      };
    }
    return undefined;
  }

  private async nodeKnows(hash: string): Promise<boolean> {
    try {
      await this.client.getTransaction({ hash: hash as Hex });
      return true;
    } catch (error) {
      if (error instanceof viem().TransactionNotFoundError) return false;
      throw error;
    }
  }

  /**
   * A new attempt at the same nonce with fees raised 12.5% (at most the cap): a transfer while attempts are
   * left, else the cancel (a 0-value transfer to ourselves). At the cap, the newest is broadcast again.
   */
  private async nextAttempt(send: SendRow, attempts: AttemptRow[]): Promise<void> {
    const newest = attempts[attempts.length - 1]!;
    const cap = this.gasCapWei;
    const maxFeePerGas = min((BigInt(newest.maxFeePerGas) * BUMP_NUM) / BUMP_DEN + 1n, cap);
    const maxPriorityFeePerGas = min(
      (BigInt(newest.maxPriorityFeePerGas) * BUMP_NUM) / BUMP_DEN + 1n,
      maxFeePerGas,
    );
    const transfers = attempts.filter((a) => a.kind === 'transfer').length;
    const cancel = send.status === 'cancelling' || transfers >= this.maxAttempts;
    if (maxFeePerGas <= BigInt(newest.maxFeePerGas) && !(cancel && newest.kind === 'transfer')) {
      await this.broadcastNewest(send.id);
      return;
    }
    const account = await this.deps.keys.account(send.fromAddress);
    if (!account) throw new Error(`no key of ours signs for ${send.fromAddress}`);
    const call = cancel
      ? { to: send.fromAddress as Hex, value: 0n }
      : this.transferCall(
          send.toAddress as Hex,
          (send.tokenContract ?? undefined) as Hex | undefined,
          BigInt(send.rawAmount),
        );
    const raw = await this.sign(account, {
      ...call,
      nonce: send.nonce,
      gas: cancel ? 21_000n : BigInt(send.gasLimit),
      maxFeePerGas,
      maxPriorityFeePerGas,
    });
    const at = new Date(this.deps.now());
    await this.deps.units.run(async ({ tx }) => {
      const [locked] = await tx
        .select()
        .from(cashierChainSends)
        .where(eq(cashierChainSends.id, send.id))
        .for('update');
      // Another instance moved it on meanwhile: its attempt stands.
      if (!locked || locked.attempts !== send.attempts || FINISHED_SENDS.includes(locked.status)) return;
      await tx.insert(cashierChainSendAttempts).values({
        sendId: send.id,
        attempt: send.attempts + 1,
        kind: cancel ? 'cancel' : 'transfer',
        txHash: viem().keccak256(raw),
        rawTx: raw,
        maxFeePerGas: maxFeePerGas.toString(),
        maxPriorityFeePerGas: maxPriorityFeePerGas.toString(),
        createdAt: at,
      });
      await tx
        .update(cashierChainSends)
        .set({ attempts: send.attempts + 1, status: cancel ? 'cancelling' : 'pending', updatedAt: at })
        .where(eq(cashierChainSends.id, send.id));
    });
    this.deps.log.warn(
      { network: this.network.id, key: send.key, attempt: send.attempts + 1, cancel },
      cancel
        ? 'chain send: given up after its attempts; its nonce is cancelled'
        : 'chain send: not mined in time; sent again at the same nonce with higher fees',
    );
    await this.broadcastNewest(send.id);
  }

  private async row(id: bigint): Promise<SendRow | undefined> {
    const [row] = await this.deps.db.select().from(cashierChainSends).where(eq(cashierChainSends.id, id));
    return row;
  }

  private async update(id: bigint, set: Partial<SendRow>): Promise<void> {
    await this.deps.db
      .update(cashierChainSends)
      .set({ ...set, updatedAt: new Date(this.deps.now()) })
      .where(eq(cashierChainSends.id, id));
  }

  private async record(row: SendRow): Promise<SendRecord> {
    const [newest] = await this.attempts(this.deps.db, row.id, 'desc');
    let confirmations = 0;
    if (row.blockNumber !== null) {
      if (FINISHED_SENDS.includes(row.status)) confirmations = this.network.confirmations;
      else {
        const head = Number(await this.client.getBlockNumber({ cacheTime: 0 }).catch(() => 0n));
        confirmations = Math.max(0, Math.min(this.network.confirmations, head - row.blockNumber + 1));
      }
    }
    return {
      id: String(row.id),
      key: row.key,
      chainId: row.chainId,
      from: row.fromAddress,
      to: row.toAddress,
      token: row.tokenContract,
      rawAmount: BigInt(row.rawAmount),
      nonce: row.nonce,
      status: row.status,
      attempts: row.attempts,
      txHash: row.minedHash ?? newest?.txHash ?? '',
      confirmations,
      lastError: row.lastError,
    };
  }
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

/** A decimal number of gwei as wei (at most 9 decimals). */
export function gweiToWei(gwei: string): bigint {
  const [whole, fraction = ''] = gwei.split('.');
  return BigInt(whole!) * GWEI + BigInt(fraction.padEnd(9, '0').slice(0, 9) || '0');
}

/** A failure as stored and logged: never the node's URL (it may carry an API key). */
function errorText(error: unknown, rpcUrl: string): string {
  const message =
    error instanceof Error ? `${error.name}: ${error.message.split('\n')[0]}` : 'unknown failure';
  return message
    .replaceAll(rpcUrl, '<rpc>')
    .replace(/\b(?:https?|wss?):\/\/\S+/g, '<url>')
    .slice(0, ERROR_TEXT_LIMIT);
}
