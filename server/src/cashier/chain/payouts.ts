import Decimal from 'decimal.js';
import type { Withdrawal } from '@swx/shared/contract';
import type { Scheduler } from '../../platform/scheduler';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { Withdrawals, WithdrawalRow } from '../withdrawals';
import { explorerLink, type ChainNetwork, type ChainToken } from './networks';
import { GasAboveCap, WalletShort, type ChainSender, type SendRecord, type SenderLog } from './sender';

/** What the payouts need of the withdrawals (cashier/withdrawals.ts). */
export type PayoutWithdrawals = Pick<
  Withdrawals,
  'markOnChain' | 'completeOnChain' | 'returnFromChain' | 'approvedCrypto' | 'heldOnChain'
>;

export interface ChainPayoutsDeps {
  units: UnitOfWork;
  log: SenderLog;
  now(): number;
}

/** A withdrawal the hot wallet cannot pay now, for staff. */
export interface HeldPayout {
  withdrawalId: string;
  network: string;
  state: 'waiting_funds' | 'waiting_gas';
  currency: string;
  amount: string;
  since: string | null;
}

/** Approved withdrawals looked at per pass. */
const PER_PASS = 100;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** The key of a withdrawal's one send: idempotent by withdrawal id, whatever the restarts. */
export const payoutKey = (withdrawalId: string) => `withdrawal:${withdrawalId}`;

/**
 * Approved crypto withdrawals on a watched network, paid from the hot wallet (docs/product.md, "Withdrawals
 * sent to the chain"). Each pass, on the scheduler's leader:
 * - an approved withdrawal whose coin and network a watched network carries (`formNetwork`) is marked
 *   `sending` under its row lock (from then on staff can neither complete it by hand nor reject it), then sent
 *   once, key `withdrawal:<id>`; when the hot wallet cannot pay amount and gas it waits (`waiting_funds`,
 *   staff warned), when gas is above the cap it waits (`waiting_gas`); nothing is recorded then;
 * - a sent one is tracked: `confirming` once mined; `completed` with its hash through the one completion path
 *   (ledger once) at the network's confirmations; `returned` (amount and fee released once) when its
 *   transaction reverted or its nonce was cancelled after the sender's attempts (sender.ts).
 */
export class ChainPayouts {
  private readonly byForm = new Map<
    string,
    { network: ChainNetwork; token: ChainToken; sender: ChainSender }
  >();
  private readonly senders: ChainSender[];

  constructor(
    private readonly deps: ChainPayoutsDeps,
    private readonly withdrawals: PayoutWithdrawals,
    senders: ChainSender[],
  ) {
    this.senders = senders;
    for (const sender of senders)
      for (const token of sender.network.tokens)
        if (token.formNetwork)
          this.byForm.set(`${token.coin}:${token.formNetwork}`, { network: sender.network, token, sender });
  }

  /** The watched network, token and sender that pay a withdrawal, or undefined (manual completion). */
  private route(row: Pick<WithdrawalRow, 'currency' | 'network' | 'method'>) {
    if (row.method !== 'crypto' || !row.network) return undefined;
    return this.byForm.get(`${row.currency}:${row.network}`);
  }

  /** Whether a withdrawal of this coin and network is paid from the hot wallet. */
  paysOnChain(row: Pick<WithdrawalRow, 'currency' | 'network' | 'method'>): boolean {
    return this.route(row) !== undefined;
  }

  /** The chain's part of a withdrawal as the customer reads it. */
  view(row: WithdrawalRow): Pick<Withdrawal, 'explorerUrl' | 'confirmations' | 'confirmationsRequired'> {
    const network = this.senders.find((s) => s.network.chainId === row.chainId)?.network;
    return {
      explorerUrl: network && row.txHash ? (explorerLink(network, row.txHash) ?? null) : null,
      confirmations: row.chainState === 'confirming' ? (this.confirmations.get(String(row.id)) ?? 0) : null,
      confirmationsRequired: network && row.chainState ? network.confirmations : null,
    };
  }

  /** Confirmations of the withdrawals being confirmed, as of the last pass. */
  private readonly confirmations = new Map<string, number>();

  /** One pass: sends what is approved and payable, tracks what is sent; one withdrawal failing stops none. */
  async pass(): Promise<{ sent: number; completed: number; returned: number; held: number }> {
    const result = { sent: 0, completed: 0, returned: 0, held: 0 };
    for (const sender of this.senders) await sender.trackAll().catch(() => []);
    for (const row of await this.withdrawals.approvedCrypto(PER_PASS)) {
      const route = this.route(row);
      if (!route || row.reference !== null) continue;
      try {
        const outcome = await this.step(row, route);
        if (outcome) result[outcome] += 1;
      } catch (error) {
        this.deps.log.warn(
          { withdrawalId: String(row.id), network: route.network.id, error: (error as Error).name },
          'chain payouts: a withdrawal could not be moved on; tried again next pass',
        );
      }
    }
    return result;
  }

  private async step(
    row: WithdrawalRow,
    route: { network: ChainNetwork; token: ChainToken; sender: ChainSender },
  ): Promise<'sent' | 'completed' | 'returned' | 'held' | undefined> {
    const id = String(row.id);
    const chainId = route.network.chainId;
    let send = await route.sender.find(payoutKey(id));
    if (!send) {
      const amount = rawAmount(row.amount, route.token.decimals);
      if (amount === undefined || !row.address || !ADDRESS.test(row.address)) {
        this.deps.log.error(
          { withdrawalId: id, network: route.network.id },
          'chain payouts: the amount or address cannot be sent as it is; staff complete it by hand',
        );
        return undefined;
      }
      // Marked first, under the row lock: from here staff cannot reject it while it may be sent.
      const marked = await this.deps.units.run(({ tx }) =>
        this.withdrawals.markOnChain(tx, id, 'sending', { chainId }),
      );
      if (!marked) return undefined;
      try {
        send = await route.sender.send({
          key: payoutKey(id),
          to: row.address.toLowerCase(),
          token: route.token.contract,
          rawAmount: amount,
        });
      } catch (error) {
        if (error instanceof WalletShort || error instanceof GasAboveCap) {
          const state = error instanceof WalletShort ? 'waiting_funds' : 'waiting_gas';
          await this.deps.units.run(({ tx }) => this.withdrawals.markOnChain(tx, id, state, { chainId }));
          if (row.chainState !== state)
            this.deps.log.warn(
              { withdrawalId: id, network: route.network.id, reason: error.message },
              state === 'waiting_funds'
                ? 'chain payouts: the hot wallet cannot pay this withdrawal and its gas; it waits for funds'
                : 'chain payouts: gas is above the cap; the withdrawal waits',
            );
          return 'held';
        }
        throw error;
      }
      await this.record(id, chainId, send);
      return 'sent';
    }
    return this.follow(id, chainId, send);
  }

  /** A recorded send moves the withdrawal: confirming, completed, returned. */
  private async follow(
    id: string,
    chainId: number,
    send: SendRecord,
  ): Promise<'completed' | 'returned' | undefined> {
    if (send.status === 'confirmed') {
      await this.deps.units.run(({ tx }) => this.withdrawals.completeOnChain(tx, id, send.txHash));
      this.confirmations.delete(id);
      return 'completed';
    }
    if (send.status === 'failed' || send.status === 'cancelled') {
      const reason =
        send.status === 'failed'
          ? 'the transaction failed on the chain; nothing was paid'
          : 'the transaction was not mined and was cancelled; nothing was paid';
      await this.deps.units.run(({ tx }) => this.withdrawals.returnFromChain(tx, id, reason));
      this.deps.log.error(
        { withdrawalId: id, status: send.status, attempts: send.attempts },
        'chain payouts: a withdrawal was returned to the customer',
      );
      this.confirmations.delete(id);
      return 'returned';
    }
    await this.record(id, chainId, send);
    return undefined;
  }

  private async record(id: string, chainId: number, send: SendRecord): Promise<void> {
    const state = send.status === 'mined' ? 'confirming' : 'sending';
    if (state === 'confirming') this.confirmations.set(id, send.confirmations);
    await this.deps.units.run(({ tx }) =>
      this.withdrawals.markOnChain(tx, id, state, { chainId, txHash: send.txHash }),
    );
  }

  /** Withdrawals the hot wallet cannot pay now (for staff). */
  async heldWithdrawals(): Promise<HeldPayout[]> {
    return (await this.withdrawals.heldOnChain()).flatMap((row) => {
      if (row.chainState !== 'waiting_funds' && row.chainState !== 'waiting_gas') return [];
      const route = this.route(row);
      return [
        {
          withdrawalId: String(row.id),
          network: route?.network.id ?? String(row.chainId),
          state: row.chainState,
          currency: row.currency,
          amount: new Decimal(row.amount).toFixed(),
          since: row.chainUpdatedAt?.toISOString() ?? null,
        },
      ];
    });
  }

  /** The payout pass runs on the scheduler's leader every `pollMs` (its units carry the leadership fence). */
  registerJobs(scheduler: Pick<Scheduler, 'every'>, pollMs: number): void {
    if (this.senders.length === 0) return;
    scheduler.every('cashier.chain-send', pollMs, () => this.pass());
  }

  /** The hot wallet's address on each network (staff fund it). */
  async hotWallets(): Promise<{ network: string; address: string }[]> {
    return Promise.all(
      this.senders.map(async (sender) => ({
        network: sender.network.id,
        address: await sender.hotWalletAddress(),
      })),
    );
  }
}

/** `amount` in the token's smallest unit; undefined when it has more decimals than the token. */
export function rawAmount(amount: string, decimals: number): bigint | undefined {
  const scaled = new Decimal(amount).times(new Decimal(10).pow(decimals));
  if (!scaled.isInteger() || scaled.lte(0)) return undefined;
  return BigInt(scaled.toFixed(0));
}
