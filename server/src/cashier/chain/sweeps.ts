import { and, count, desc, eq, gt, inArray, like, max, sql } from 'drizzle-orm';
import type * as Viem from 'viem';
import type { ChainSweep, ChainSweepPage, ChainSweepQuery } from '@swx/shared/contract';
import type { Db } from '../../db/client';
import { onFirstUse } from '../../platform/on-first-use';
import type { Scheduler } from '../../platform/scheduler';
import type { UnitOfWork } from '../../platform/unit-of-work';
import {
  cashierChainDeposits,
  cashierChainSendAttempts,
  cashierChainSends,
  cashierChainSweeps,
  type ChainSweepStatus,
} from '../tables';
import { explorerLink, tokenOf, type ChainNetwork, type ChainToken } from './networks';
import {
  FINISHED_SENDS,
  GasAboveCap,
  WalletShort,
  type ChainSender,
  type SendRecord,
  type SenderLog,
} from './sender';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (platform/on-first-use.ts)
const viem = onFirstUse(() => require('viem') as typeof Viem);

type SweepRow = typeof cashierChainSweeps.$inferSelect;

export interface ChainSweepsDeps {
  db: Db;
  units: UnitOfWork;
  log: SenderLog;
  now(): number;
}

/** The keys of a sweep's sends: each gas top-up round, and the one transfer out. */
export const sweepGasKey = (sweepId: bigint | string, round: number) => `sweep:${sweepId}:gas:${round}`;
export const sweepTransferKey = (sweepId: bigint | string) => `sweep:${sweepId}:transfer`;
/** Sends whose transactions move our own coins between our addresses: never a customer's deposit. */
const SWEEP_GAS_KEYS = 'sweep:%:gas:%';

/** Gas top-ups before a token sweep is given up (the gas price rose past each one before the transfer). */
const MAX_GAS_ROUNDS = 3;
/** New sweeps started per network and pass (the open ones are all moved on). */
const PER_PASS = 50;
const ERROR_TEXT_LIMIT = 300;

/**
 * Deposit addresses emptied into the hot wallet (docs/product.md, "Sweeps"). Each pass, on the scheduler's
 * leader, per watched network:
 * - each open sweep moves on: a token sweep's gas top-up (from the hot wallet) is tracked to its confirmations
 *   before the token transfer is signed, so the tokens never sit behind a transfer that cannot pay its gas; the
 *   transfer out is tracked to its confirmations; then `done`, or `failed` with the reason;
 * - an address whose credited deposits of one coin since its last sweep reach the coin's `sweepThreshold` gets
 *   a sweep of everything it holds of that coin (tokens before the native coin: one open sweep per address).
 * Every transaction is a send of `ChainSender` under a key (`sweep:<id>:gas:<round>`, `sweep:<id>:transfer`):
 * recorded and signed before it is broadcast, so a restart finds it and never pays twice. No ledger entry: the
 * coins were credited to the customer when they arrived, and are ours on the chain wherever they sit.
 */
export class ChainSweeps {
  private readonly byChain = new Map<number, ChainSender>();
  /** Sweeps waiting on the hot wallet or on gas, already logged (one warning per wait). */
  private readonly waiting = new Set<string>();

  constructor(
    private readonly deps: ChainSweepsDeps,
    private readonly senders: ChainSender[],
  ) {
    for (const sender of senders) this.byChain.set(sender.network.chainId, sender);
  }

  /** One pass over every network; one network or sweep failing stops none of the others. */
  async pass(): Promise<{ started: number; done: number; failed: number }> {
    const result = { started: 0, done: 0, failed: 0 };
    for (const sender of this.senders) {
      try {
        const outcome = await this.passOf(sender);
        result.started += outcome.started;
        result.done += outcome.done;
        result.failed += outcome.failed;
      } catch (error) {
        this.deps.log.warn(
          { network: sender.network.id, error: errorText(error) },
          'chain sweeps: the pass failed; tried again next pass',
        );
      }
    }
    return result;
  }

  private async passOf(sender: ChainSender) {
    const result = { started: 0, done: 0, failed: 0 };
    const chainId = sender.network.chainId;
    const open = await this.deps.db
      .select()
      .from(cashierChainSweeps)
      .where(
        and(
          eq(cashierChainSweeps.chainId, chainId),
          inArray(cashierChainSweeps.status, ['funding', 'sweeping']),
        ),
      )
      .orderBy(cashierChainSweeps.id);
    const advance = async (sweep: SweepRow) => {
      const status = await this.moveOn(sender, sweep).catch((error: unknown) => {
        this.deps.log.warn(
          { network: sender.network.id, sweepId: String(sweep.id), error: errorText(error) },
          'chain sweeps: a sweep could not be moved on; tried again next pass',
        );
        return sweep.status;
      });
      if (status === 'done') result.done += 1;
      if (status === 'failed') result.failed += 1;
    };
    for (const sweep of open) await advance(sweep);
    const busy = new Set(open.map((sweep) => sweep.address));
    for (const candidate of await this.candidates(sender.network)) {
      if (result.started >= PER_PASS) break;
      if (busy.has(candidate.address)) continue;
      busy.add(candidate.address);
      const sweep = await this.start(sender, candidate).catch((error: unknown) => {
        this.deps.log.warn(
          { network: sender.network.id, address: candidate.address, error: errorText(error) },
          'chain sweeps: a sweep could not be started; tried again next pass',
        );
        return undefined;
      });
      if (!sweep) continue;
      result.started += 1;
      await advance(sweep);
    }
    return result;
  }

  /**
   * Per address and coin of this network: credited deposits newer than the last sweep that did not fail, when
   * they reach the coin's threshold. Tokens first, then the native coin; oldest first.
   */
  private async candidates(network: ChainNetwork) {
    const d = cashierChainDeposits;
    const s = cashierChainSweeps;
    const covered = sql`coalesce((
      select max(${s.upToDepositId}) from ${s}
      where ${s.chainId} = ${d.chainId} and ${s.address} = ${d.toAddress}
        and ${s.tokenContract} is not distinct from ${d.tokenContract} and ${s.status} <> 'failed'
    ), 0)`;
    const rows = await this.deps.db
      .select({
        address: d.toAddress,
        userId: d.userId,
        tokenContract: d.tokenContract,
        raw: sql<string>`sum(${d.rawAmount}::numeric)::text`,
        upTo: max(d.id),
      })
      .from(d)
      .where(and(eq(d.chainId, network.chainId), eq(d.status, 'credited'), gt(d.id, covered)))
      .groupBy(d.toAddress, d.userId, d.tokenContract)
      .orderBy(sql`${d.tokenContract} is null`, sql`max(${d.id})`)
      .limit(PER_PASS * 4);
    return rows.flatMap((row) => {
      const token = tokenOf(network, row.tokenContract ?? undefined);
      if (!token || row.upTo === null) return [];
      if (BigInt(row.raw) < (token.sweepThreshold ?? 0n)) return [];
      return [{ address: row.address, userId: row.userId, token, upTo: row.upTo }];
    });
  }

  /** Records a sweep of everything `address` holds of the coin (none while another of it is open). */
  private async start(
    sender: ChainSender,
    candidate: { address: string; userId: bigint; token: ChainToken; upTo: bigint },
  ): Promise<SweepRow | undefined> {
    const { address, token } = candidate;
    const balance = await sender.balanceOf(address, token.contract);
    const hot = await sender.hotWalletAddress();
    const at = new Date(this.deps.now());
    const [sweep] = await this.deps.db
      .insert(cashierChainSweeps)
      .values({
        chainId: sender.network.chainId,
        address,
        userId: candidate.userId,
        coin: token.coin,
        tokenContract: token.contract ?? null,
        rawBalance: balance.toString(),
        upToDepositId: candidate.upTo,
        // Nothing there (moved by hand, or a native balance below its own gas): nothing to sign.
        status: balance === 0n ? 'done' : token.contract ? 'funding' : 'sweeping',
        lastError: balance === 0n ? 'the address holds none of it on the chain' : null,
        createdAt: at,
        updatedAt: at,
        finishedAt: balance === 0n ? at : null,
      })
      .onConflictDoNothing()
      .returning();
    if (!sweep) return undefined;
    this.deps.log.info(
      {
        network: sender.network.id,
        sweepId: String(sweep.id),
        coin: token.coin,
        rawBalance: sweep.rawBalance,
        to: hot,
      },
      'chain sweeps: a deposit address is swept into the hot wallet',
    );
    return sweep;
  }

  /** Moves one open sweep as far as it goes now; returns its status after. */
  private async moveOn(sender: ChainSender, sweep: SweepRow): Promise<ChainSweepStatus> {
    if (sweep.status === 'funding') {
      const funded = await this.fund(sender, sweep);
      if (funded !== 'funded') return funded;
      sweep = (await this.row(sweep.id))!;
    }
    if (sweep.status !== 'sweeping') return sweep.status;
    return this.transfer(sender, sweep);
  }

  /**
   * A token sweep's gas: the address already holding what the transfer may pay moves on at once; otherwise
   * the hot wallet sends the difference (round `gasRounds`), and the sweep waits until that is confirmed.
   */
  private async fund(sender: ChainSender, sweep: SweepRow): Promise<'funded' | ChainSweepStatus> {
    const key = sweepGasKey(sweep.id, sweep.gasRounds);
    let send = sweep.gasRounds > 0 ? await sender.find(key) : undefined;
    if (send && !FINISHED_SENDS.includes(send.status)) send = await sender.trackOne(BigInt(send.id));
    if (send?.status === 'failed' || send?.status === 'cancelled') {
      if (sweep.gasRounds >= MAX_GAS_ROUNDS)
        return this.finish(sweep, 'failed', `the gas sent to the address was not delivered (${send.status})`);
      return this.nextGasRound(sender, sweep);
    }
    if (send && send.status !== 'confirmed') return 'funding';
    // No gas sent yet, or what was sent is confirmed: is it enough now?
    const hot = await sender.hotWalletAddress();
    const tokens = await sender.balanceOf(sweep.address, sweep.tokenContract!);
    if (tokens === 0n) return this.finish(sweep, 'done', 'the address holds none of it on the chain');
    const cost = await this.gasCostOrWait(sender, sweep, {
      from: sweep.address,
      to: hot,
      token: sweep.tokenContract!,
      rawAmount: tokens,
    });
    if (cost === undefined) return 'funding';
    const native = await sender.balanceOf(sweep.address);
    if (native >= cost) {
      await this.update(sweep.id, { status: 'sweeping' });
      return 'funded';
    }
    if (send && sweep.gasRounds >= MAX_GAS_ROUNDS)
      return this.finish(sweep, 'failed', 'gas rose past every top-up sent to the address');
    // A round that sent its gas (or none yet) needs a new one; a round recorded without its send (the hot wallet
    // could not pay it, or a crash) sends it now.
    if (send || sweep.gasRounds === 0) return this.nextGasRound(sender, sweep);
    // A quarter more than the estimate: the base fee may rise while the top-up confirms.
    return this.sendGas(sender, sweep, key, cost + cost / 4n - native);
  }

  /**
   * Another gas round: stored before its send is signed (a crash in between signs the same key next pass), then
   * `fund` works out what is missing now and sends it under the round's key.
   */
  private async nextGasRound(sender: ChainSender, sweep: SweepRow): Promise<ChainSweepStatus> {
    const round = sweep.gasRounds + 1;
    await this.update(sweep.id, { gasRounds: round, status: 'funding' });
    const funded = await this.fund(sender, { ...sweep, gasRounds: round, status: 'funding' });
    // Enough gas there already: the transfer goes next pass.
    return funded === 'funded' ? 'sweeping' : funded;
  }

  private async sendGas(
    sender: ChainSender,
    sweep: SweepRow,
    key: string,
    amount: bigint,
  ): Promise<ChainSweepStatus> {
    try {
      await sender.send({ key, to: sweep.address, rawAmount: amount });
      this.waiting.delete(String(sweep.id));
    } catch (error) {
      if (error instanceof WalletShort || error instanceof GasAboveCap) {
        this.wait(sender, sweep, error);
        return 'funding';
      }
      throw error;
    }
    return 'funding';
  }

  /** The transfer out: signed once (everything the address holds), tracked to its confirmations. */
  private async transfer(sender: ChainSender, sweep: SweepRow): Promise<ChainSweepStatus> {
    const key = sweepTransferKey(sweep.id);
    let send = await sender.find(key);
    if (!send) {
      const hot = await sender.hotWalletAddress();
      const token = sweep.tokenContract ?? undefined;
      try {
        send = await sender.send({
          key,
          from: sweep.address,
          to: hot,
          token,
          rawAmount: token ? await sender.balanceOf(sweep.address, token) : 0n,
          wholeBalance: token ? undefined : true,
        });
        this.waiting.delete(String(sweep.id));
      } catch (error) {
        if (error instanceof GasAboveCap) {
          this.wait(sender, sweep, error);
          return 'sweeping';
        }
        if (error instanceof WalletShort && token && error.what === 'native') {
          // The gas price rose since the top-up: another round sends what is missing.
          if (sweep.gasRounds >= MAX_GAS_ROUNDS)
            return this.finish(sweep, 'failed', 'gas rose past every top-up sent to the address');
          return this.nextGasRound(sender, sweep);
        }
        if (error instanceof WalletShort)
          // A native balance below its own gas, or the tokens gone: nothing worth a transaction.
          return this.finish(sweep, 'done', 'less than the gas it would cost to move');
        throw error;
      }
    }
    if (!FINISHED_SENDS.includes(send.status)) send = await sender.trackOne(BigInt(send.id));
    if (send.status === 'confirmed') return this.finish(sweep, 'done', null, send);
    if (send.status === 'failed' || send.status === 'cancelled')
      return this.finish(
        sweep,
        'failed',
        send.status === 'failed'
          ? 'the transfer failed on the chain; nothing moved'
          : 'the transfer was not mined and was cancelled; nothing moved',
      );
    return 'sweeping';
  }

  private async gasCostOrWait(
    sender: ChainSender,
    sweep: SweepRow,
    request: { from: string; to: string; token: string; rawAmount: bigint },
  ): Promise<bigint | undefined> {
    try {
      return await sender.gasCost(request);
    } catch (error) {
      if (error instanceof GasAboveCap) {
        this.wait(sender, sweep, error);
        return undefined;
      }
      throw error;
    }
  }

  /** Logs a sweep waiting on the hot wallet's funds or on gas once, not every pass. */
  private wait(sender: ChainSender, sweep: SweepRow, error: WalletShort | GasAboveCap): void {
    const id = String(sweep.id);
    if (this.waiting.has(id)) return;
    this.waiting.add(id);
    this.deps.log.warn(
      { network: sender.network.id, sweepId: id, reason: error.message },
      error instanceof GasAboveCap
        ? 'chain sweeps: gas is above the cap; the sweep waits'
        : 'chain sweeps: the hot wallet cannot pay the gas top-up; the sweep waits for funds',
    );
  }

  private async finish(
    sweep: SweepRow,
    status: 'done' | 'failed',
    reason: string | null,
    send?: SendRecord,
  ): Promise<ChainSweepStatus> {
    const at = new Date(this.deps.now());
    await this.update(sweep.id, { status, lastError: reason, finishedAt: at });
    this.waiting.delete(String(sweep.id));
    const details = { sweepId: String(sweep.id), chainId: sweep.chainId, reason, txHash: send?.txHash };
    if (status === 'failed')
      this.deps.log.error(details, 'chain sweeps: a sweep failed; the next pass may start another');
    else this.deps.log.info(details, 'chain sweeps: a sweep is done');
    return status;
  }

  private async row(id: bigint): Promise<SweepRow | undefined> {
    const [row] = await this.deps.db.select().from(cashierChainSweeps).where(eq(cashierChainSweeps.id, id));
    return row;
  }

  private async update(id: bigint, set: Partial<SweepRow>): Promise<void> {
    await this.deps.db
      .update(cashierChainSweeps)
      .set({ ...set, updatedAt: new Date(this.deps.now()) })
      .where(eq(cashierChainSweeps.id, id));
  }

  // ---- staff ---------------------------------------------------------------------------------------------------

  /** Sweeps newest first, a page at a time, each with its transactions (finance). */
  async page(query: ChainSweepQuery): Promise<ChainSweepPage> {
    const { page, pageSize, status } = query;
    const where = status ? eq(cashierChainSweeps.status, status) : undefined;
    const [{ total } = { total: 0 }] = await this.deps.db
      .select({ total: count() })
      .from(cashierChainSweeps)
      .where(where);
    const rows = await this.deps.db
      .select()
      .from(cashierChainSweeps)
      .where(where)
      .orderBy(desc(cashierChainSweeps.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    const sends =
      rows.length === 0
        ? []
        : await this.deps.db
            .select()
            .from(cashierChainSends)
            .where(
              and(
                like(cashierChainSends.key, 'sweep:%'),
                inArray(
                  sql`split_part(${cashierChainSends.key}, ':', 2)`,
                  rows.map((row) => String(row.id)),
                ),
              ),
            )
            .orderBy(cashierChainSends.id);
    // Each send's hash: the mined attempt's, else its newest attempt's.
    const newest = new Map<bigint, string>();
    if (sends.length > 0)
      for (const attempt of await this.deps.db
        .select({ sendId: cashierChainSendAttempts.sendId, txHash: cashierChainSendAttempts.txHash })
        .from(cashierChainSendAttempts)
        .where(
          inArray(
            cashierChainSendAttempts.sendId,
            sends.map((send) => send.id),
          ),
        )
        .orderBy(cashierChainSendAttempts.attempt))
        newest.set(attempt.sendId, attempt.txHash);
    const hot = new Map(
      await Promise.all(
        this.senders.map(async (s) => [s.network.chainId, await s.hotWalletAddress()] as const),
      ),
    );
    return { items: rows.map((row) => this.view(row, sends, newest, hot)), total, page, pageSize };
  }

  private view(
    row: SweepRow,
    sends: (typeof cashierChainSends.$inferSelect)[],
    newest: Map<bigint, string>,
    hot: Map<number, string>,
  ): ChainSweep {
    const network = this.byChain.get(row.chainId)?.network;
    const token = network ? tokenOf(network, row.tokenContract ?? undefined) : undefined;
    const native = network ? tokenOf(network, undefined) : undefined;
    const decimals = token?.decimals ?? 18;
    const prefix = `sweep:${row.id}:`;
    return {
      id: String(row.id),
      network: network?.id ?? String(row.chainId),
      networkName: network?.name ?? String(row.chainId),
      address: row.address,
      userId: String(row.userId),
      hotWallet: hot.get(row.chainId) ?? '',
      coin: row.coin,
      tokenContract: row.tokenContract,
      balance: viem().formatUnits(BigInt(row.rawBalance), decimals),
      status: row.status,
      transactions: sends
        .filter((send) => send.key.startsWith(prefix))
        .map((send) => {
          const gas = send.key.startsWith(`${prefix}gas:`);
          const txHash = send.minedHash ?? newest.get(send.id) ?? '';
          return {
            kind: gas ? ('gas' as const) : ('transfer' as const),
            txHash,
            status: send.status,
            amount: viem().formatUnits(BigInt(send.rawAmount), gas ? (native?.decimals ?? 18) : decimals),
            coin: gas ? (native?.coin ?? 'ETH') : row.coin,
            explorerUrl: network && txHash ? (explorerLink(network, txHash) ?? null) : null,
          };
        }),
      lastError: row.lastError,
      createdAt: row.createdAt.toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
    };
  }

  /** The sweep pass runs on the scheduler's leader every `pollMs` (its units carry the leadership fence). */
  registerJobs(scheduler: Pick<Scheduler, 'every'>, pollMs: number): void {
    if (this.senders.length === 0) return;
    scheduler.every('cashier.chain-sweep', pollMs, () => this.pass());
  }
}

/**
 * The transactions among `hashes` that are our own gas top-ups of sweeps: ether we moved between our addresses,
 * never a customer's deposit (the watcher leaves them out).
 */
export async function sweepGasTransactions(db: Db, hashes: string[]): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const rows = await db
    .select({ txHash: cashierChainSendAttempts.txHash })
    .from(cashierChainSendAttempts)
    .innerJoin(cashierChainSends, eq(cashierChainSends.id, cashierChainSendAttempts.sendId))
    .where(
      and(inArray(cashierChainSendAttempts.txHash, hashes), like(cashierChainSends.key, SWEEP_GAS_KEYS)),
    );
  return new Set(rows.map((row) => row.txHash));
}

function errorText(error: unknown): string {
  const message =
    error instanceof Error ? `${error.name}: ${error.message.split('\n')[0]}` : 'unknown failure';
  return message.replace(/\b(?:https?|wss?):\/\/\S+/g, '<url>').slice(0, ERROR_TEXT_LIMIT);
}
