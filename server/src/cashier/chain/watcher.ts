import { and, asc, desc, eq, gt, inArray, lte, or, sql } from 'drizzle-orm';
import type { CashierCoin, ChainDepositEvent } from '@swx/shared/contract';
import type Decimal from 'decimal.js';
import type { Db, Tx } from '../../db/client';
import type { Ledger } from '../../ledger/service';
import type { UnitOfWork } from '../../platform/unit-of-work';
import { cashierChainBlocks, cashierChainCursors, cashierChainDeposits } from '../tables';
import { creditDeposit, depositTransfer } from '../deposits';
import { AppError } from '../../http/errors';
import type { AddressOwner, DepositAddresses } from './addresses';
import type { ChainNetwork } from './networks';
import { NodeAnswerRefused, type ChainBlock, type ChainReader, type NativeTransfer } from './rpc';
import { classify, creditedAmount, shownConfirmations, type FoundTransfer } from './rules';
import { sweepGasTransactions } from './sweeps';

export interface WatcherLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface ChainWatcherDeps {
  db: Db;
  units: UnitOfWork;
  ledger: Pick<Ledger, 'transfer' | 'transferMany'>;
  addresses: Pick<DepositAddresses, 'owners'>;
  /** The coin's minimum deposit now (`deposit_min_<coin>`). */
  minimumDeposit(coin: CashierCoin): Decimal;
  log: WatcherLog;
  now(): number;
  /** Back-off of a network whose node failed: `firstMs`, doubling per failure in a row, at most `maxMs`. */
  backoff?: { firstMs: number; maxMs: number };
  /** The customer's sockets (live/service.ts): each recorded transfer's change, after it committed. */
  events?: { publishAccountEvent(userId: string, event: ChainDepositEvent): void };
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
/** Confirmed deposits credited per pass (at most): the rest wait for the next one. */
const CREDITS_PER_PASS = 5_000;
/** Deposits credited in one transaction (one ledger call, one update). */
const CREDIT_BATCH = 250;
/** Deposit rows inserted by one statement (16 parameters each; PostgreSQL takes at most 65,535). */
const INSERT_ROWS = 1_000;
/** What crediting did to one deposit (`none`: nothing, it was no longer waiting or its block is unknown). */
type CreditOutcome = 'credited' | 'dropped' | 'below_minimum' | 'none';
/** Receipts asked of the node at once. */
const RECEIPTS_AT_ONCE = 16;

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
 * - Every change to a recorded transfer that committed in a pass (recorded, confirmations moved, credited,
 *   dropped, flagged, refused) is announced to its customer at the end of that pass, failed or not, as a
 *   `chain.deposit` event; an event never announces what did not commit.
 */
export class NetworkWatcher {
  private failures = 0;
  private retryAt = Number.NEGATIVE_INFINITY;
  /** Recorded transfers changed by this pass's committed units, announced when it ends. */
  private changed = new Set<bigint>();
  /** The height the `seen` transfers' confirmations were last announced at. */
  private announcedHeight: number | undefined;

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
    this.changed = new Set();
    try {
      return await this.follow(result, now);
    } finally {
      await this.announce();
    }
  }

  private async follow(result: PassResult, now: number): Promise<PassResult> {
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
      for (const { id } of [...flagged, ...dropped]) this.changed.add(id);
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
    const native = new Map<string, NativeTransfer>();
    for (const transfer of block.transfers)
      if (owners.has(transfer.to) && !native.has(transfer.txHash)) native.set(transfer.txHash, transfer);
    // Gas our hot wallet sent to a deposit address for its sweep is ours, not the customer's deposit.
    for (const txHash of await sweepGasTransactions(this.deps.db, [...native.keys()])) native.delete(txHash);
    // A reverted transaction moved no value, though it names one. The receipts are asked for a few at a time
    // (one round trip each would cost a block of 100 deposits a second on a node 10 ms away); any failure
    // ends the pass as before.
    const succeeded = await inParallel([...native.keys()], RECEIPTS_AT_ONCE, (txHash) =>
      this.reader.succeeded(txHash, block.hash),
    );
    [...native.values()].forEach((transfer, i) => {
      if (succeeded[i])
        found.set(`${transfer.txHash}:-1`, { ...transfer, logIndex: -1, contract: undefined });
    });
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
    const recorded = await this.deps.units.run(async ({ tx }) => {
      const ids = await this.recordAll(tx, block, found, at);
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
      return ids;
    });
    for (const id of recorded) this.changed.add(id);
    return { height: block.number, hash: block.hash };
  }

  /**
   * Each transfer once: the new ones are inserted (one statement for the block); one recorded before (a pass
   * run again, a block read again after a reorganisation) keeps its decision, takes the block it is in now,
   * and comes back from `dropped` (decided afresh) or `reorged` (credited before: the money stays, the flag
   * stays for staff). The rows already there are locked first, as one statement. Answers the records' ids.
   */
  private async recordAll(tx: Tx, block: ChainBlock, found: Found[], at: Date): Promise<bigint[]> {
    if (found.length === 0) return [];
    const ids: bigint[] = [];
    const chainId = this.network.chainId;
    const key = (txHash: string, logIndex: number) => `${txHash}:${logIndex}`;
    const existing = new Map(
      (
        await tx
          .select()
          .from(cashierChainDeposits)
          .where(
            and(
              eq(cashierChainDeposits.chainId, chainId),
              inArray(cashierChainDeposits.txHash, [...new Set(found.map((f) => f.transfer.txHash))]),
            ),
          )
          .orderBy(asc(cashierChainDeposits.id))
          .for('update')
      ).map((row) => [key(row.txHash, row.logIndex), row]),
    );
    const fresh: (typeof cashierChainDeposits.$inferInsert)[] = [];
    for (const { transfer, owner } of found) {
      const decided = classify(this.network, transfer, owner, (coin) => this.deps.minimumDeposit(coin));
      const earlier = existing.get(key(transfer.txHash, transfer.logIndex));
      if (!earlier) {
        fresh.push({
          chainId,
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
          userId: BigInt(owner.userId),
          status: decided.status,
          seenAt: at,
          updatedAt: at,
        });
        continue;
      }
      const status =
        earlier.status === 'dropped'
          ? decided.status
          : earlier.status === 'reorged'
            ? 'credited'
            : earlier.status;
      await tx
        .update(cashierChainDeposits)
        .set({ blockNumber: block.number, blockHash: block.hash, status, updatedAt: at })
        .where(eq(cashierChainDeposits.id, earlier.id));
      ids.push(earlier.id);
    }
    for (let i = 0; i < fresh.length; i += INSERT_ROWS) {
      const inserted = await tx
        .insert(cashierChainDeposits)
        .values(fresh.slice(i, i + INSERT_ROWS))
        .returning({ id: cashierChainDeposits.id });
      ids.push(...inserted.map((row) => row.id));
    }
    return ids;
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
   * the node's; drops the others. In batches of `CREDIT_BATCH`, each one transaction (rows locked, one ledger
   * call for all its entries, one update per outcome); a batch that fails is done again deposit by deposit.
   */
  private async creditConfirmed(tip: number, result: PassResult): Promise<void> {
    const deepest = tip - this.network.confirmations + 1;
    const hashes = new Map<number, string | undefined>();
    let after = 0n;
    for (let handled = 0; handled < CREDITS_PER_PASS;) {
      const due = await this.deps.db
        .select({ id: cashierChainDeposits.id, blockNumber: cashierChainDeposits.blockNumber })
        .from(cashierChainDeposits)
        .where(
          and(
            eq(cashierChainDeposits.chainId, this.network.chainId),
            eq(cashierChainDeposits.status, 'seen'),
            lte(cashierChainDeposits.blockNumber, deepest),
            gt(cashierChainDeposits.id, after),
          ),
        )
        .orderBy(asc(cashierChainDeposits.id))
        .limit(Math.min(CREDIT_BATCH, CREDITS_PER_PASS - handled));
      if (due.length === 0) return;
      for (const { blockNumber } of due)
        if (!hashes.has(blockNumber))
          hashes.set(blockNumber, (await this.reader.block(blockNumber, false))?.hash);
      // A deposit whose block the node does not have (now) waits for a later pass.
      const ids = due.filter((d) => hashes.get(d.blockNumber) !== undefined).map((d) => d.id);
      let outcomes: CreditOutcome[];
      try {
        outcomes = await this.deps.units.run(({ tx }) => this.creditBatch(tx, ids, hashes));
      } catch (error) {
        // A once key taken meanwhile, or an entry the ledger refused: each deposit alone, as it always was.
        this.deps.log.warn(
          { network: this.network.id, err: error },
          'chain deposits: a batch of credits failed; crediting one by one',
        );
        outcomes = [];
        for (const id of ids) {
          const { blockNumber } = due.find((d) => d.id === id)!;
          outcomes.push(
            await this.deps.units.run(({ tx }) => this.creditOne(tx, id, hashes.get(blockNumber)!)),
          );
        }
      }
      ids.forEach((id, at) => {
        if (outcomes[at] !== 'none') this.changed.add(id);
      });
      result.credited += outcomes.filter((o) => o === 'credited').length;
      result.dropped += outcomes.filter((o) => o === 'dropped').length;
      handled += due.length;
      after = due.at(-1)!.id;
    }
  }

  /** `creditOne` for many deposits in one transaction: what each became. */
  private async creditBatch(
    tx: Tx,
    ids: bigint[],
    canonical: Map<number, string | undefined>,
  ): Promise<CreditOutcome[]> {
    if (ids.length === 0) return [];
    const rows = await tx
      .select()
      .from(cashierChainDeposits)
      .where(inArray(cashierChainDeposits.id, ids))
      .orderBy(asc(cashierChainDeposits.id))
      .for('update');
    const at = new Date(this.deps.now());
    const dropped: bigint[] = [];
    const below: bigint[] = [];
    const credits: { id: bigint; userId: string; coin: string; amount: string }[] = [];
    for (const deposit of rows) {
      if (deposit.status !== 'seen') continue;
      // Its block was replaced before it was credited: dropped (seen again if the new branch holds it).
      if (deposit.blockHash !== canonical.get(deposit.blockNumber)) dropped.push(deposit.id);
      else {
        const amount = creditedAmount(deposit.amount!, deposit.coin!);
        if (Number(amount) > 0)
          credits.push({ id: deposit.id, userId: String(deposit.userId), coin: deposit.coin!, amount });
        else below.push(deposit.id);
      }
    }
    if (credits.length > 0) {
      const posted = await this.deps.ledger.transferMany(
        tx,
        credits.map((credit) =>
          depositTransfer({
            userId: credit.userId,
            coin: credit.coin,
            amount: credit.amount,
            reference: { type: 'chain_deposit', id: String(credit.id) },
            memo: `${credit.coin} deposit (${this.network.name})`,
            once: `chain_deposit:${credit.id}`,
          }),
        ),
      );
      const refused = posted.find((outcome) => outcome instanceof AppError);
      if (refused) throw refused;
      await tx.execute(sql`update ${cashierChainDeposits} as d
        set status = 'credited', credited_amount = r.amount, credited_at = ${at.toISOString()}::timestamptz,
          updated_at = ${at.toISOString()}::timestamptz
        from json_to_recordset(${JSON.stringify(credits.map((c) => ({ id: String(c.id), amount: c.amount })))}::json)
          as r(id bigint, amount numeric)
        where d.id = r.id`);
    }
    if (dropped.length > 0)
      await tx
        .update(cashierChainDeposits)
        .set({ status: 'dropped', updatedAt: at })
        .where(inArray(cashierChainDeposits.id, dropped));
    if (below.length > 0)
      await tx
        .update(cashierChainDeposits)
        .set({ status: 'below_minimum', updatedAt: at })
        .where(inArray(cashierChainDeposits.id, below));
    const outcome = new Map<bigint, CreditOutcome>([
      ...credits.map((c) => [c.id, 'credited'] as const),
      ...dropped.map((id) => [id, 'dropped'] as const),
      ...below.map((id) => [id, 'below_minimum'] as const),
    ]);
    return ids.map((id) => outcome.get(id) ?? 'none');
  }

  private async creditOne(tx: Tx, id: bigint, canonicalHash: string): Promise<CreditOutcome> {
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
      return 'below_minimum';
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

  // ---- the customer's screens ----------------------------------------------------------------------------------

  /**
   * Tells each customer what changed in their recorded transfers this pass: those it changed, and every one
   * still `seen` when the cursor moved (its confirmations did). Read back from the database after the units
   * committed, so an event says what is stored. A failure here is logged: the records stand, and the list
   * answers the same figures.
   */
  private async announce(): Promise<void> {
    const events = this.deps.events;
    if (!events) return;
    try {
      const chainId = this.network.chainId;
      const [cursor] = await this.deps.db
        .select({ height: cashierChainCursors.height })
        .from(cashierChainCursors)
        .where(eq(cashierChainCursors.chainId, chainId));
      const height = cursor?.height;
      const moved = height !== undefined && height !== this.announcedHeight;
      if (!moved && this.changed.size === 0) return;
      const rows = await this.deps.db
        .select({
          id: cashierChainDeposits.id,
          userId: cashierChainDeposits.userId,
          status: cashierChainDeposits.status,
          blockNumber: cashierChainDeposits.blockNumber,
        })
        .from(cashierChainDeposits)
        .where(
          and(
            eq(cashierChainDeposits.chainId, chainId),
            or(
              moved ? eq(cashierChainDeposits.status, 'seen') : undefined,
              this.changed.size > 0 ? inArray(cashierChainDeposits.id, [...this.changed]) : undefined,
            ),
          ),
        );
      this.announcedHeight = height;
      const required = this.network.confirmations;
      for (const row of rows)
        events.publishAccountEvent(String(row.userId), {
          type: 'chain.deposit',
          id: String(row.id),
          network: this.network.id,
          status: row.status,
          confirmations: shownConfirmations(row, required, height),
          confirmationsRequired: required,
        });
    } catch (error) {
      this.deps.log.error(
        { network: this.network.id, err: error },
        'chain deposits: could not announce the changes to the customers',
      );
    }
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

/** `work` over `items`, at most `limit` at once; the results in the items' order. The first failure rejects. */
async function inParallel<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
