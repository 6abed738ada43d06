import { and, asc, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { CashierCoin } from '@swx/shared/contract';
import type Decimal from 'decimal.js';
import type { Db, Tx } from '../../db/client';
import type { Ledger } from '../../ledger/service';
import type { UnitOfWork } from '../../platform/unit-of-work';
import { cashierChainBlocks, cashierChainCursors, cashierChainDeposits } from '../tables';
import { creditDeposit } from '../deposits';
import type { AddressOwner, DepositAddresses } from './addresses';
import type { ChainNetwork } from './networks';
import { NodeAnswerRefused, type ChainBlock, type ChainReader } from './rpc';
import { classify, creditedAmount, type Classified, type FoundTransfer } from './rules';

export interface WatcherLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface ChainWatcherDeps {
  db: Db;
  units: UnitOfWork;
  ledger: Pick<Ledger, 'transfer'>;
  addresses: Pick<DepositAddresses, 'owners'>;
  /** The coin's minimum deposit now (`deposit_min_<coin>`). */
  minimumDeposit(coin: CashierCoin): Decimal;
  log: WatcherLog;
  now(): number;
  /** Back-off of a network whose node failed: `firstMs`, doubling per failure in a row, at most `maxMs`. */
  backoff?: { firstMs: number; maxMs: number };
}

/** A transfer to one of our addresses, with who the address was given to. */
interface Found {
  transfer: FoundTransfer;
  owner: AddressOwner;
}

interface Cursor {
  height: number;
  hash: string;
}

/** What one pass over a network did (tests and logs). */
export interface PassResult {
  network: string;
  /** `waiting`: backing off after a failure; `stalled`: this pass failed (nothing wrong was recorded). */
  outcome: 'ok' | 'waiting' | 'stalled';
  head?: number;
  blocksRead: number;
  credited: number;
  dropped: number;
  error?: string;
}

const ERROR_TEXT_LIMIT = 500;
/** Confirmed deposits credited per pass: the rest wait for the next one. */
const CREDITS_PER_PASS = 500;

/**
 * Follows one network block by block (docs/architecture.md, "Deposits from the chain").
 *
 * Invariants:
 * - The cursor (height and hash) moves only with what was recorded from that block, in one transaction, and
 *   each transfer is recorded once per (chain, transaction, log index): a pass cut short anywhere and run again
 *   records and credits nothing twice.
 * - The next block read must be the cursor's child (parent hash); otherwise, or when the cursor's block is no
 *   longer the node's, the watcher goes back to the newest stored block the node still has, drops what was
 *   recorded above it and not credited, flags what was credited (`reorged`), and reads forward again.
 * - A deposit is credited only once `tip - block + 1 >= confirmations`, `tip` being the last block read (each
 *   one the child of the one before), not the head the node claims, and its block's hash is still the node's, through the cashier's crediting path (ledger, `once` per record).
 * - Any failure or refused answer ends the pass for this network only, before anything of it is written, and
 *   the network waits (backing off) before it tries again; other networks go on.
 */
export class NetworkWatcher {
  private failures = 0;
  private retryAt = Number.NEGATIVE_INFINITY;

  constructor(
    readonly network: ChainNetwork,
    private readonly reader: ChainReader,
    private readonly deps: ChainWatcherDeps,
  ) {}

  async pass(): Promise<PassResult> {
    const result: PassResult = {
      network: this.network.id,
      outcome: 'ok',
      blocksRead: 0,
      credited: 0,
      dropped: 0,
    };
    const now = this.deps.now();
    if (now < this.retryAt) return { ...result, outcome: 'waiting' };
    try {
      const chainId = await this.reader.chainId();
      if (chainId !== this.network.chainId)
        throw new NodeAnswerRefused(`the node serves chain ${chainId}, not ${this.network.chainId}`);
      const head = await this.reader.head();
      result.head = head;
      let cursor = await this.cursor(head);
      cursor = await this.followReplacedBranch(cursor, head, result);
      while (cursor.height < head && result.blocksRead < this.network.blocksPerPass) {
        const block = await this.reader.block(cursor.height + 1, true);
        if (!block) break;
        if (block.parentHash !== cursor.hash) {
          const fork = await this.rewind(cursor, head, result);
          // The block we stand on is still the node's, yet its child names another parent: not a chain.
          if (fork.height === cursor.height)
            throw new NodeAnswerRefused(`block ${block.number}'s parent is not block ${cursor.height}`);
          cursor = fork;
          continue;
        }
        const found = await this.transfersIn(block);
        cursor = await this.record(block, found);
        result.blocksRead += 1;
      }
      // Confirmations count up to the last block read and linked by parent hashes, never to the head the node
      // claims: a node announcing a head it cannot serve gets nothing credited early.
      await this.creditConfirmed(cursor.height, result);
      if (this.failures > 0) await this.recovered();
      return result;
    } catch (error) {
      const text = this.errorText(error);
      await this.stalled(text, now);
      return { ...result, outcome: 'stalled', error: text };
    }
  }

  // ---- reading ------------------------------------------------------------------------------------------------

  /** The stored cursor; on the first run, `confirmations` blocks below the head (or at `startBlock`). */
  private async cursor(head: number): Promise<Cursor> {
    const [row] = await this.deps.db
      .select()
      .from(cashierChainCursors)
      .where(eq(cashierChainCursors.chainId, this.network.chainId));
    if (row) return { height: row.height, hash: row.blockHash };
    const first = this.network.startBlock ?? Math.max(0, head - this.network.confirmations + 1);
    const height = first - 1;
    const parent = height < 0 ? undefined : await this.reader.block(height, false);
    if (height >= 0 && !parent) throw new NodeAnswerRefused(`block ${height} below the head is missing`);
    const hash = parent?.hash ?? `0x${'0'.repeat(64)}`;
    await this.deps.units.run(async ({ tx }) => {
      await tx
        .insert(cashierChainCursors)
        .values({
          chainId: this.network.chainId,
          height,
          blockHash: hash,
          updatedAt: new Date(this.deps.now()),
        })
        .onConflictDoNothing();
      if (height >= 0)
        await tx
          .insert(cashierChainBlocks)
          .values({ chainId: this.network.chainId, number: height, hash })
          .onConflictDoNothing();
    });
    const [stored] = await this.deps.db
      .select()
      .from(cashierChainCursors)
      .where(eq(cashierChainCursors.chainId, this.network.chainId));
    return { height: stored!.height, hash: stored!.blockHash };
  }

  /**
   * When the cursor's block is no longer the node's (a reorganisation that left the chain no longer than we
   * read), go back to where the branches meet. A node whose head is below the cursor is lagging, not proof of
   * a replaced branch: wait for it (the parent-hash check catches a real one when it passes the cursor).
   */
  private async followReplacedBranch(cursor: Cursor, head: number, result: PassResult): Promise<Cursor> {
    if (cursor.height < 0 || cursor.height > head) return cursor;
    const tip = await this.reader.block(cursor.height, false);
    if (tip && tip.hash === cursor.hash) return cursor;
    return this.rewind(cursor, head, result);
  }

  /**
   * Goes back to the newest stored block the node still has at its height: what was recorded above it is
   * dropped (not credited yet) or flagged (credited), and the cursor returns there.
   */
  private async rewind(cursor: Cursor, head: number, result: PassResult): Promise<Cursor> {
    const stored = await this.deps.db
      .select()
      .from(cashierChainBlocks)
      .where(and(eq(cashierChainBlocks.chainId, this.network.chainId), lte(cashierChainBlocks.number, head)))
      .orderBy(desc(cashierChainBlocks.number))
      .limit(this.network.reorgWindow);
    let fork: Cursor | undefined;
    for (const row of stored) {
      const block = await this.reader.block(row.number, false);
      if (block?.hash === row.hash) {
        fork = { height: row.number, hash: row.hash };
        break;
      }
    }
    if (!fork)
      throw new Error(
        `the chain was replaced below the blocks kept (reorgWindow ${this.network.reorgWindow}, cursor ${cursor.height}): staff must look`,
      );
    const at = new Date(this.deps.now());
    const chainId = this.network.chainId;
    const changed = await this.deps.units.run(async ({ tx }) => {
      const above = and(
        eq(cashierChainDeposits.chainId, chainId),
        gt(cashierChainDeposits.blockNumber, fork.height),
      );
      const flagged = await tx
        .update(cashierChainDeposits)
        .set({ status: 'reorged', flaggedAt: at, updatedAt: at })
        .where(and(above, eq(cashierChainDeposits.status, 'credited')))
        .returning({ id: cashierChainDeposits.id });
      const dropped = await tx
        .update(cashierChainDeposits)
        .set({ status: 'dropped', updatedAt: at })
        .where(
          and(
            above,
            inArray(cashierChainDeposits.status, ['seen', 'below_minimum', 'unknown_token', 'wrong_network']),
          ),
        )
        .returning({ id: cashierChainDeposits.id });
      await tx
        .delete(cashierChainBlocks)
        .where(and(eq(cashierChainBlocks.chainId, chainId), gt(cashierChainBlocks.number, fork.height)));
      await this.moveCursor(tx, fork);
      return { flagged: flagged.length, dropped: dropped.length };
    });
    result.dropped += changed.dropped;
    const details = { network: this.network.id, from: cursor.height, to: fork.height, ...changed };
    if (fork.height === cursor.height) return fork;
    if (changed.flagged > 0)
      this.deps.log.error(
        details,
        'chain deposits: a credited deposit was in a replaced block; flagged for staff',
      );
    else this.deps.log.warn(details, 'chain deposits: blocks were replaced (reorganisation); reading again');
    return fork;
  }

  /** Transfers in `block` to any address we gave out (on any network), each once. */
  private async transfersIn(block: ChainBlock): Promise<Found[]> {
    const tokens = await this.reader.tokenTransfers(block.hash);
    const owners = await this.deps.addresses.owners(this.deps.db, [
      ...block.transfers.map((t) => t.to),
      ...tokens.map((t) => t.to),
    ]);
    const found = new Map<string, FoundTransfer>();
    for (const transfer of block.transfers) {
      if (!owners.has(transfer.to) || found.has(`${transfer.txHash}:-1`)) continue;
      // A reverted transaction moved no value, though it names one.
      if (!(await this.reader.succeeded(transfer.txHash, block.hash))) continue;
      found.set(`${transfer.txHash}:-1`, { ...transfer, logIndex: -1, contract: undefined });
    }
    for (const transfer of tokens) {
      if (!owners.has(transfer.to) || transfer.value === 0n) continue;
      // The same log twice in one answer is one transfer.
      found.set(`${transfer.txHash}:${transfer.logIndex}`, transfer);
    }
    return [...found.values()].map((transfer) => ({ transfer, owner: owners.get(transfer.to)! }));
  }

  // ---- recording ----------------------------------------------------------------------------------------------

  /** Records `found` and moves the cursor to `block`, in one transaction. */
  private async record(block: ChainBlock, found: Found[]): Promise<Cursor> {
    const at = new Date(this.deps.now());
    const chainId = this.network.chainId;
    await this.deps.units.run(async ({ tx }) => {
      for (const { transfer, owner } of found) {
        const decided = classify(this.network, transfer, owner, (coin) => this.deps.minimumDeposit(coin));
        await this.recordOne(tx, block, transfer, owner.userId, decided, at);
      }
      await tx
        .insert(cashierChainBlocks)
        .values({ chainId, number: block.number, hash: block.hash })
        .onConflictDoUpdate({
          target: [cashierChainBlocks.chainId, cashierChainBlocks.number],
          set: { hash: block.hash },
        });
      await tx
        .delete(cashierChainBlocks)
        .where(
          and(
            eq(cashierChainBlocks.chainId, chainId),
            lte(cashierChainBlocks.number, block.number - this.network.reorgWindow),
          ),
        );
      await this.moveCursor(tx, { height: block.number, hash: block.hash });
    });
    return { height: block.number, hash: block.hash };
  }

  /**
   * One transfer, once: a new one is inserted; one recorded before (a pass run again, a block read again after
   * a reorganisation) keeps its decision, takes the block it is in now, and comes back from `dropped` (decided
   * afresh) or `reorged` (credited before: the money stays, the flag stays for staff).
   */
  private async recordOne(
    tx: Tx,
    block: ChainBlock,
    transfer: FoundTransfer,
    userId: string,
    decided: Classified,
    at: Date,
  ): Promise<void> {
    const key = and(
      eq(cashierChainDeposits.chainId, this.network.chainId),
      eq(cashierChainDeposits.txHash, transfer.txHash),
      eq(cashierChainDeposits.logIndex, transfer.logIndex),
    );
    const [existing] = await tx.select().from(cashierChainDeposits).where(key).for('update');
    if (!existing) {
      await tx.insert(cashierChainDeposits).values({
        chainId: this.network.chainId,
        network: this.network.id,
        txHash: transfer.txHash,
        logIndex: transfer.logIndex,
        blockNumber: block.number,
        blockHash: block.hash,
        fromAddress: transfer.from,
        toAddress: transfer.to,
        tokenContract: transfer.contract ?? null,
        coin: decided.coin,
        rawAmount: transfer.value.toString(),
        amount: decided.amount,
        userId: BigInt(userId),
        status: decided.status,
        seenAt: at,
        updatedAt: at,
      });
      return;
    }
    const status =
      existing.status === 'dropped'
        ? decided.status
        : existing.status === 'reorged'
          ? 'credited'
          : existing.status;
    await tx
      .update(cashierChainDeposits)
      .set({ blockNumber: block.number, blockHash: block.hash, status, updatedAt: at })
      .where(eq(cashierChainDeposits.id, existing.id));
  }

  private async moveCursor(tx: Tx, to: Cursor): Promise<void> {
    await tx
      .update(cashierChainCursors)
      .set({ height: to.height, blockHash: to.hash, updatedAt: new Date(this.deps.now()) })
      .where(eq(cashierChainCursors.chainId, this.network.chainId));
  }

  // ---- crediting ----------------------------------------------------------------------------------------------

  /**
   * Credits every `seen` deposit with its confirmations below `tip` (the last block read) whose block is still
   * the node's; drops the others.
   */
  private async creditConfirmed(tip: number, result: PassResult): Promise<void> {
    const deepest = tip - this.network.confirmations + 1;
    const due = await this.deps.db
      .select()
      .from(cashierChainDeposits)
      .where(
        and(
          eq(cashierChainDeposits.chainId, this.network.chainId),
          eq(cashierChainDeposits.status, 'seen'),
          lte(cashierChainDeposits.blockNumber, deepest),
        ),
      )
      .orderBy(asc(cashierChainDeposits.id))
      .limit(CREDITS_PER_PASS);
    const hashes = new Map<number, string | undefined>();
    for (const deposit of due) {
      if (!hashes.has(deposit.blockNumber))
        hashes.set(deposit.blockNumber, (await this.reader.block(deposit.blockNumber, false))?.hash);
      const canonical = hashes.get(deposit.blockNumber);
      if (canonical === undefined) continue;
      const outcome = await this.deps.units.run(({ tx }) => this.creditOne(tx, deposit.id, canonical));
      if (outcome === 'credited') result.credited += 1;
      if (outcome === 'dropped') result.dropped += 1;
    }
  }

  private async creditOne(
    tx: Tx,
    id: bigint,
    canonicalHash: string,
  ): Promise<'credited' | 'dropped' | 'none'> {
    const [deposit] = await tx
      .select()
      .from(cashierChainDeposits)
      .where(eq(cashierChainDeposits.id, id))
      .for('update');
    if (!deposit || deposit.status !== 'seen') return 'none';
    const at = new Date(this.deps.now());
    if (deposit.blockHash !== canonicalHash) {
      // Its block was replaced before it was credited: dropped (seen again if the new branch holds it).
      await tx
        .update(cashierChainDeposits)
        .set({ status: 'dropped', updatedAt: at })
        .where(eq(cashierChainDeposits.id, id));
      return 'dropped';
    }
    const amount = creditedAmount(deposit.amount!, deposit.coin!);
    if (!(Number(amount) > 0)) {
      await tx
        .update(cashierChainDeposits)
        .set({ status: 'below_minimum', updatedAt: at })
        .where(eq(cashierChainDeposits.id, id));
      return 'none';
    }
    await creditDeposit(this.deps.ledger, tx, {
      userId: String(deposit.userId),
      coin: deposit.coin!,
      amount,
      reference: { type: 'chain_deposit', id: String(id) },
      memo: `${deposit.coin} deposit (${this.network.name})`,
      once: `chain_deposit:${id}`,
    });
    await tx
      .update(cashierChainDeposits)
      .set({ status: 'credited', creditedAmount: amount, creditedAt: at, updatedAt: at })
      .where(eq(cashierChainDeposits.id, id));
    return 'credited';
  }

  // ---- the node's health --------------------------------------------------------------------------------------

  private async stalled(text: string, now: number): Promise<void> {
    this.failures += 1;
    const { firstMs, maxMs } = this.deps.backoff ?? { firstMs: 1_000, maxMs: 300_000 };
    this.retryAt = now + Math.min(firstMs * 2 ** Math.min(this.failures - 1, 30), maxMs);
    this.deps.log.warn(
      { network: this.network.id, failures: this.failures, error: text },
      'chain deposits: the network stalls (its node failed or answered nonsense); backing off',
    );
    await this.deps.units
      .run(async ({ tx }) => {
        await tx
          .update(cashierChainCursors)
          .set({
            failures: this.failures,
            lastError: text,
            stalledSince: sql`coalesce(${cashierChainCursors.stalledSince}, ${new Date(now).toISOString()}::timestamptz)`,
          })
          .where(eq(cashierChainCursors.chainId, this.network.chainId));
      })
      .catch((error: unknown) =>
        this.deps.log.error(
          { network: this.network.id, err: error },
          'chain deposits: could not store the stall',
        ),
      );
  }

  private async recovered(): Promise<void> {
    this.failures = 0;
    this.retryAt = Number.NEGATIVE_INFINITY;
    await this.deps.units.run(async ({ tx }) => {
      await tx
        .update(cashierChainCursors)
        .set({ failures: 0, lastError: null, stalledSince: null })
        .where(eq(cashierChainCursors.chainId, this.network.chainId));
    });
    this.deps.log.info({ network: this.network.id }, 'chain deposits: the network is followed again');
  }

  /** The failure as stored and logged: never the node's URL (it may carry an API key). */
  private errorText(error: unknown): string {
    const message =
      error instanceof Error ? `${error.name}: ${error.message.split('\n')[0]}` : 'unknown failure';
    return message
      .replaceAll(this.network.rpcUrl, '<rpc>')
      .replace(/\b(?:https?|wss?):\/\/\S+/g, '<url>')
      .slice(0, ERROR_TEXT_LIMIT);
  }
}
