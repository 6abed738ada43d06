import { desc, inArray } from 'drizzle-orm';
import type {
  CashierCoin,
  CashierNetwork,
  ChainDeposit,
  ChainDepositAddresses,
  StaffChainDeposits,
} from '@swx/shared/contract';
import type * as Viem from 'viem';
import { formatAmount } from '../../ledger/accounts';
import { onFirstUse } from '../../platform/on-first-use';
import { listOwned } from '../../platform/owned';
import { QrCodes } from '../qr-codes';
import { cashierChainCursors, cashierChainDeposits } from '../tables';
import type { Scheduler } from '../../platform/scheduler';
import type { DepositAddresses } from './addresses';
import { explorerLink, type ChainNetwork } from './networks';
import { jsonRpcReader, type ChainReader } from './rpc';
import { confirmationsOf } from './rules';
import { NetworkWatcher, type ChainWatcherDeps, type PassResult } from './watcher';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (platform/on-first-use.ts)
const viem = onFirstUse(() => require('viem') as typeof Viem);

type ChainDepositRow = typeof cashierChainDeposits.$inferSelect;

export interface ChainDepositsOptions {
  networks: ChainNetwork[];
  addresses: DepositAddresses;
  /** How often the watcher passes over every network (ms). */
  pollMs: number;
  /** The node reader of a network (default: JSON-RPC through viem at its `rpcUrl`). */
  readerFor?: (network: ChainNetwork) => ChainReader;
}

/**
 * Deposits credited from the chain (issue 30): the watched EVM networks, the customers' deposit addresses on
 * them, and the watcher that records and credits what arrives. With no network configured it does nothing and
 * registers no job: deposits are the reviewed form only.
 */
export class ChainDeposits {
  readonly networks: readonly ChainNetwork[];
  readonly addresses: DepositAddresses;
  private readonly watchers: NetworkWatcher[];
  private readonly pollMs: number;
  private readonly formTakenOver: Set<string>;
  private readonly qrCodes = new QrCodes();

  constructor(
    private readonly deps: Omit<ChainWatcherDeps, 'addresses'>,
    options: ChainDepositsOptions,
  ) {
    this.networks = options.networks;
    this.addresses = options.addresses;
    this.pollMs = options.pollMs;
    const readerFor = options.readerFor ?? ((network) => jsonRpcReader(network.rpcUrl));
    const watcherDeps = { ...deps, addresses: options.addresses };
    this.watchers = options.networks.map(
      (network) => new NetworkWatcher(network, readerFor(network), watcherDeps),
    );
    this.formTakenOver = new Set(
      options.networks.flatMap((n) =>
        n.tokens.flatMap((t) => (t.formNetwork ? [`${t.coin}:${t.formNetwork}`] : [])),
      ),
    );
  }

  /** Whether a watched network took this coin and network over from the reviewed form. */
  takesOverForm(coin: CashierCoin, network: CashierNetwork): boolean {
    return this.formTakenOver.has(`${coin}:${network}`);
  }

  /** Every watched network with the customer's own address on it (each given and stored on the first ask). */
  async depositAddresses(userId: string): Promise<ChainDepositAddresses> {
    const networks = [];
    for (const network of this.networks) {
      const address = viem().getAddress(await this.addresses.addressFor(userId, network));
      networks.push({
        network: network.id,
        name: network.name,
        chainId: network.chainId,
        confirmations: network.confirmations,
        address,
        qrCode: await this.qrCodes.of(address),
        explorerTxUrl: network.explorerTxUrl ?? null,
        coins: network.tokens.map((token) => ({
          coin: token.coin,
          contract: token.contract ?? null,
          decimals: token.decimals,
          minimum: formatAmount(this.deps.minimumDeposit(token.coin).toFixed()),
        })),
      });
    }
    return { networks };
  }

  /**
   * The customer's transfers the watcher recorded, newest first (at most 200), with their confirmations as far
   * as the watcher has read each chain.
   */
  async listDeposits(userId: string): Promise<ChainDeposit[]> {
    const rows = await listOwned(
      this.deps.db,
      cashierChainDeposits,
      { userId },
      {
        orderBy: [desc(cashierChainDeposits.id)],
        limit: 200,
      },
    );
    const heights = await this.heights(rows.map((row) => row.chainId));
    return rows.map((row) => this.toChainDeposit(row, heights));
  }

  /**
   * Staff (finance): each watched network's health, and the transfers a person has to look at (credited then
   * replaced, sent on the wrong network, an unknown token), newest first (at most 200).
   */
  async staffView(): Promise<StaffChainDeposits> {
    const cursors = new Map(
      (await this.deps.db.select().from(cashierChainCursors)).map((cursor) => [cursor.chainId, cursor]),
    );
    const rows = await this.deps.db
      .select()
      .from(cashierChainDeposits)
      .where(inArray(cashierChainDeposits.status, ['reorged', 'wrong_network', 'unknown_token']))
      .orderBy(desc(cashierChainDeposits.id))
      .limit(200);
    const heights = new Map([...cursors.values()].map((cursor) => [cursor.chainId, cursor.height]));
    return {
      networks: this.networks.map((network) => {
        const cursor = cursors.get(network.chainId);
        return {
          network: network.id,
          name: network.name,
          chainId: network.chainId,
          height: cursor?.height ?? null,
          failures: cursor?.failures ?? 0,
          lastError: cursor?.lastError ?? null,
          stalledSince: cursor?.stalledSince?.toISOString() ?? null,
          updatedAt: cursor?.updatedAt.toISOString() ?? null,
        };
      }),
      attention: rows.map((row) => ({
        ...this.toChainDeposit(row, heights),
        userId: String(row.userId),
        fromAddress: row.fromAddress,
        toAddress: row.toAddress,
        blockNumber: row.blockNumber,
        flaggedAt: row.flaggedAt?.toISOString() ?? null,
      })),
    };
  }

  /** The last block read per chain, for those chains. */
  private async heights(chainIds: number[]): Promise<Map<number, number>> {
    const wanted = [...new Set(chainIds)];
    if (wanted.length === 0) return new Map();
    const cursors = await this.deps.db
      .select({ chainId: cashierChainCursors.chainId, height: cashierChainCursors.height })
      .from(cashierChainCursors)
      .where(inArray(cashierChainCursors.chainId, wanted));
    return new Map(cursors.map((cursor) => [cursor.chainId, cursor.height]));
  }

  /** A recorded transfer as the customer reads it; confirmations as far as the watcher has read its chain. */
  private toChainDeposit(row: ChainDepositRow, heights: Map<number, number>): ChainDeposit {
    const network = this.networks.find((n) => n.chainId === row.chainId);
    const required = network?.confirmations ?? 0;
    const read = heights.get(row.chainId);
    const confirmations =
      row.status === 'credited' || row.status === 'reorged'
        ? required
        : row.status === 'dropped' || read === undefined
          ? 0
          : Math.min(required, confirmationsOf(row.blockNumber, read));
    return {
      id: String(row.id),
      network: row.network,
      networkName: network?.name ?? row.network,
      coin: row.coin,
      tokenContract: row.tokenContract,
      amount: row.amount === null ? null : formatAmount(row.amount),
      creditedAmount: row.creditedAmount === null ? null : formatAmount(row.creditedAmount),
      txHash: row.txHash,
      explorerUrl: network ? (explorerLink(network, row.txHash) ?? null) : null,
      status: row.status,
      confirmations,
      confirmationsRequired: required,
      seenAt: row.seenAt.toISOString(),
      creditedAt: row.creditedAt?.toISOString() ?? null,
    };
  }

  network(id: string): ChainNetwork | undefined {
    return this.networks.find((network) => network.id === id);
  }

  /** One pass over every network at once; a network that fails stalls alone. */
  async watch(): Promise<PassResult[]> {
    return Promise.all(this.watchers.map((watcher) => watcher.pass()));
  }

  /** The watcher runs on the scheduler's leader, every `pollMs`, from the start. */
  registerJobs(scheduler: Pick<Scheduler, 'every'>): void {
    if (this.watchers.length === 0) return;
    scheduler.every('cashier.chain-watch', this.pollMs, () => this.watch(), { runOnStart: true });
  }
}
