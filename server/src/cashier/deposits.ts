import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  errors,
  networksOfCoin,
  type CashierCoin,
  type CashierNetwork,
  type Deposit,
  type DepositOptions,
  type DepositStatus,
  type RechargeBody,
} from '@swx/shared/contract';
import type { Tx } from '../db/client';
import { AppError } from '../http/errors';
import { Money, customerAccount, formatAmount, platformAccount } from '../ledger/accounts';
import { requirePostable } from '../ledger/precision';
import type { Ledger, TransferResult } from '../ledger/service';
import type { ParamKey } from '../params/definitions';
import type { StaffIdentity } from '../staff/staff';
import { listOwned, type Customer } from '../platform/owned';
import { chainOf, normaliseTxHash } from './rules';
import { cashierDeposits } from './tables';
import { QrCodes } from './qr-codes';
import { notifyDecision, requireReal, type CashierDeps } from './common';

/** Each coin's minimum deposit, whichever way it arrives (the form, the chain). */
export const minimumDepositParam: Record<CashierCoin, ParamKey> = {
  USDT: 'deposit_min_usdt',
  BTC: 'deposit_min_btc',
  ETH: 'deposit_min_eth',
};

const addressParam: Record<CashierNetwork, Partial<Record<CashierCoin, ParamKey>>> = {
  TRC20: { USDT: 'deposit_address_usdt_trc20' },
  ERC20: { USDT: 'deposit_address_usdt_erc20' },
  BTC: { BTC: 'deposit_address_btc' },
  ETH: { ETH: 'deposit_address_eth' },
};

type DepositRow = typeof cashierDeposits.$inferSelect;

/**
 * Deposits: the customer submits one with its transaction hash and proof; staff approve it (crediting exactly
 * the submitted amount from external custody, once) or reject it.
 */
export class Deposits {
  private readonly qrCodes = new QrCodes();

  constructor(
    private readonly deps: CashierDeps,
    private readonly now: () => number,
  ) {}

  async depositOptions(): Promise<DepositOptions> {
    const coins = [];
    for (const coin of Object.keys(networksOfCoin) as CashierCoin[]) {
      const networks = [];
      for (const network of networksOfCoin[coin]) {
        // A watched network took it over: the customer's own address replaces the shared one.
        if (this.deps.chain?.takesOverForm(coin, network)) continue;
        const address = this.depositAddress(coin, network);
        networks.push({ network, address, qrCode: await this.qrCodes.of(address) });
      }
      if (networks.length === 0) continue;
      coins.push({ coin, minimum: formatAmount(this.minimumDeposit(coin)), networks });
    }
    return { coins };
  }

  async recharge(customer: Customer, body: RechargeBody): Promise<Deposit> {
    requireReal(customer);
    const { coin, network } = body;
    if (!networksOfCoin[coin].includes(network) || this.deps.chain?.takesOverForm(coin, network))
      throw new AppError(errors.coinOrNetworkUnsupported);
    requirePostable(body.amount, coin);
    const amount = new Money(body.amount);
    const minimum = this.minimumDeposit(coin);
    if (amount.lt(minimum))
      throw new AppError(
        errors.depositBelowMinimum,
        `Minimum deposit for ${coin} is ${formatAmount(minimum)}`,
        {
          coin,
          minimum: formatAmount(minimum),
        },
      );
    const txHash = normaliseTxHash(network, body.txHash);
    if (!txHash) {
      const shape = chainOf(network) === 'ethereum' ? '0x followed by 64 hex digits' : '64 hex digits';
      throw new AppError(errors.transactionHashIncorrect, `A ${network} transaction hash is ${shape}`);
    }
    const chain = chainOf(network);
    const address = this.depositAddress(coin, network);
    return this.deps.units.run(async ({ tx }) => {
      await this.deps.uploads.assertOwned(tx, body.proofImage, customer.userId);
      const [live] = await tx
        .select({ id: cashierDeposits.id })
        .from(cashierDeposits)
        .where(
          and(
            eq(cashierDeposits.chain, chain),
            eq(cashierDeposits.txHash, txHash),
            inArray(cashierDeposits.status, ['pending', 'approved']),
          ),
        );
      if (live) throw new AppError(errors.transactionHashUsed);
      try {
        const [inserted] = await tx
          .insert(cashierDeposits)
          .values({
            userId: BigInt(customer.userId),
            coin,
            network,
            chain,
            amount: amount.toFixed(),
            address,
            txHash,
            proofImage: body.proofImage,
          })
          .returning();
        return toDeposit(inserted!);
      } catch (error) {
        // Two submissions of one hash at once: the partial unique index lets only one through.
        if (isUniqueViolation(error)) throw new AppError(errors.transactionHashUsed);
        throw error;
      }
    });
  }

  async listDeposits(customer: Customer, statuses?: DepositStatus[]): Promise<Deposit[]> {
    const rows = await listOwned(this.deps.db, cashierDeposits, customer, {
      where: statuses?.length ? inArray(cashierDeposits.status, statuses) : undefined,
      orderBy: [desc(cashierDeposits.id)],
      limit: 200,
    });
    return rows.map(toDeposit);
  }

  private async lockDeposit(tx: Tx, id: string): Promise<DepositRow> {
    const [row] = await tx
      .select()
      .from(cashierDeposits)
      .where(eq(cashierDeposits.id, BigInt(id)))
      .for('update');
    if (!row) throw new AppError(errors.notFound);
    if (row.status !== 'pending') throw new AppError(errors.alreadyDecided);
    return row;
  }

  async approveDeposit(tx: Tx, id: string, staff: StaffIdentity): Promise<Deposit> {
    const row = await this.lockDeposit(tx, id);
    const [updated] = await tx
      .update(cashierDeposits)
      .set({ status: 'approved', decidedAt: new Date(this.now()), decidedByStaffId: BigInt(staff.staffId) })
      .where(eq(cashierDeposits.id, row.id))
      .returning();
    const amount = new Money(row.amount).toFixed();
    // Exactly the submitted amount; `once` makes a second credit impossible.
    await creditDeposit(this.deps.ledger, tx, {
      userId: String(row.userId),
      coin: row.coin,
      amount,
      reference: { type: 'deposit', id },
      memo: `${row.coin} deposit (${row.network})`,
      once: `deposit:${id}`,
    });
    const result = toDeposit(updated!);
    await notifyDecision(
      this.deps,
      tx,
      String(row.userId),
      'deposit.approved',
      {
        coin: row.coin,
        amount: formatAmount(amount),
      },
      { type: 'deposit', id },
    );
    return result;
  }

  async rejectDeposit(tx: Tx, id: string, staff: StaffIdentity, reason: string): Promise<Deposit> {
    const row = await this.lockDeposit(tx, id);
    const [updated] = await tx
      .update(cashierDeposits)
      .set({
        status: 'rejected',
        reason,
        decidedAt: new Date(this.now()),
        decidedByStaffId: BigInt(staff.staffId),
      })
      .where(eq(cashierDeposits.id, row.id))
      .returning();
    const result = toDeposit(updated!);
    await notifyDecision(
      this.deps,
      tx,
      String(row.userId),
      'deposit.rejected',
      {
        coin: row.coin,
        amount: formatAmount(row.amount),
        reason,
      },
      { type: 'deposit', id },
    );
    return result;
  }

  private minimumDeposit(coin: CashierCoin): Money {
    return new Money(this.deps.params.get(minimumDepositParam[coin]));
  }

  private depositAddress(coin: CashierCoin, network: CashierNetwork): string {
    const key = addressParam[network][coin];
    if (!key) throw new AppError(errors.coinOrNetworkUnsupported);
    return this.deps.params.get(key);
  }
}

/**
 * The one way a deposit becomes the customer's money, whoever decided it (a reviewer approving the form, the
 * chain watcher after the confirmations): `amount` of `coin` from the platform's external custody to the
 * customer's real account, in the caller's transaction, at most once per `once` key.
 */
export async function creditDeposit(
  ledger: Pick<Ledger, 'transfer'>,
  tx: Tx,
  deposit: {
    userId: string;
    coin: string;
    amount: string;
    reference: { type: string; id: string };
    memo: string;
    once: string;
  },
): Promise<TransferResult> {
  const { userId, coin, amount } = deposit;
  const result = await ledger.transfer(tx, {
    type: 'deposit',
    reference: deposit.reference,
    memo: deposit.memo,
    once: deposit.once,
    legs: [
      { account: platformAccount('platform_external_custody', coin, 'real'), amount: `-${amount}` },
      { account: customerAccount(userId, 'real', coin), amount },
    ],
  });
  return result;
}

export function toDeposit(row: DepositRow): Deposit {
  return {
    id: String(row.id),
    coin: row.coin,
    network: row.network,
    amount: formatAmount(row.amount),
    address: row.address,
    txHash: row.txHash,
    txHashTail: row.txHash.slice(-6),
    proofImage: row.proofImage,
    status: row.status,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
