import crypto from 'node:crypto';
import { and, asc, count, desc, eq, inArray, lt, lte } from 'drizzle-orm';
import QRCode from 'qrcode';
import {
  errors,
  networksOfCoin,
  type CashierCoin,
  type CashierNetwork,
  type Deposit,
  type DepositOptions,
  type DepositStatus,
  type RechargeBody,
  type Withdrawal,
  type WithdrawalBody,
  type WithdrawalQuote,
  type WithdrawalQuoteBody,
  type WithdrawalStatus,
} from '@swx/shared/contract';
import type { Db, Tx } from '../db/client';
import { AppError } from '../http/errors';
import type { Ledger } from '../ledger/service';
import { Money, customerAccount, formatAmount, platformAccount } from '../ledger/accounts';
import type { ParamsService } from '../params/service';
import type { ParamKey } from '../params/definitions';
import type { UploadsService } from '../uploads/service';
import type { ReviewFacts, ReviewRegistry } from '../admin/reviews';
import type { StaffIdentity } from '../admin/staff';
import type { NotificationsService } from '../notifications/service';
import type { AccountEvent } from '../live/service';
import type { Scheduler } from '../platform/scheduler';
import { findOwned, listOwned, ownedBy, type Customer } from '../platform/owned';
import type { Unit, UnitOfWork } from '../platform/unit-of-work';
import {
  chainOf,
  coinDecimals,
  decimalsOf,
  isValidAddress,
  maskCardNumber,
  normaliseCardNumber,
  normaliseName,
  normaliseTxHash,
} from './rules';
import { cashierDeposits, cashierWithdrawalQuotes, cashierWithdrawals } from './tables';

export type { Customer } from '../platform/owned';

export interface CashierDeps {
  db: Db;
  units: UnitOfWork;
  ledger: Ledger;
  params: ParamsService;
  uploads: UploadsService;
  notifications: NotificationsService;
  events: { publishAccountEvent(userId: string, event: AccountEvent): void };
}

/** How long a withdrawal fee quote can be confirmed. */
export const QUOTE_TTL_MS = 5 * 60 * 1000;

const minimumParam: Record<CashierCoin, ParamKey> = {
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
type WithdrawalRow = typeof cashierWithdrawals.$inferSelect;

/**
 * Deposits and withdrawals (docs/product.md promise 6, §4). Real accounts only. Money moves only through the
 * ledger, in the same transaction as the record's status: a deposit is credited on approval (from external
 * custody); a withdrawal's amount plus fee is held at submission and either settled on completion or
 * released on rejection or cancellation. Nothing ever asks the customer to pay to release a withdrawal.
 */
export class CashierService {
  /** The service's clock; tests move it to expire quotes. */
  now: () => number = () => Date.now();
  private readonly qrCache = new Map<string, string>();

  constructor(private readonly deps: CashierDeps) {}

  // ---- deposits ----------------------------------------------------------------------------------------------

  async depositOptions(): Promise<DepositOptions> {
    const coins = [];
    for (const coin of Object.keys(networksOfCoin) as CashierCoin[]) {
      const networks = [];
      for (const network of networksOfCoin[coin]) {
        const address = this.depositAddress(coin, network);
        networks.push({ network, address, qrCode: await this.qrCode(address) });
      }
      coins.push({ coin, minimum: formatAmount(this.minimumDeposit(coin)), networks });
    }
    return { coins };
  }

  async recharge(customer: Customer, body: RechargeBody): Promise<Deposit> {
    requireReal(customer);
    const { coin, network } = body;
    if (!networksOfCoin[coin].includes(network)) throw new AppError(errors.coinOrNetworkUnsupported);
    if (decimalsOf(body.amount) > coinDecimals[coin])
      throw new AppError(
        errors.amountIncorrect,
        `${coin} amounts have at most ${coinDecimals[coin]} decimal places`,
      );
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

  // ---- withdrawals -------------------------------------------------------------------------------------------

  async quoteWithdrawal(customer: Customer, body: WithdrawalQuoteBody): Promise<WithdrawalQuote> {
    requireReal(customer);
    const { currency, network } = withdrawalTarget(body);
    const amount = new Money(body.amount);
    if (amount.isZero()) throw new AppError(errors.amountIncorrect);
    if (decimalsOf(body.amount) > coinDecimals[currency as CashierCoin])
      throw new AppError(
        errors.amountIncorrect,
        `${currency} amounts have at most ${coinDecimals[currency as CashierCoin]} decimal places`,
      );
    const feeRate = new Money(this.deps.params.getDecimal('withdrawal_fee_rate').toString());
    // The fee is rounded up to the coin's smallest unit: the platform never pays the network fee's remainder.
    const fee = amount.times(feeRate).toDecimalPlaces(coinDecimals[currency as CashierCoin], Money.ROUND_UP);
    const expiresAt = new Date(this.now() + QUOTE_TTL_MS);
    const quoteId = crypto.randomBytes(16).toString('hex');
    await this.deps.db.insert(cashierWithdrawalQuotes).values({
      id: quoteId,
      userId: BigInt(customer.userId),
      method: body.method,
      currency,
      network,
      amount: amount.toFixed(),
      fee: fee.toFixed(),
      feeRate: feeRate.toFixed(),
      expiresAt,
      createdAt: new Date(this.now()),
    });
    return {
      quoteId,
      method: body.method,
      currency,
      amount: formatAmount(amount),
      fee: formatAmount(fee),
      amountReceived: formatAmount(amount),
      totalDebited: formatAmount(amount.plus(fee)),
      feeRate: formatAmount(feeRate),
      expiresAt: expiresAt.toISOString(),
    };
  }

  async submitWithdrawal(customer: Customer, body: WithdrawalBody): Promise<Withdrawal> {
    requireReal(customer);
    const { currency, network } = withdrawalTarget(body);
    const destination: Pick<WithdrawalRow, 'address' | 'payeeName' | 'cardNumber' | 'bankName'> = {
      address: null,
      payeeName: null,
      cardNumber: null,
      bankName: null,
    };
    if (body.method === 'crypto') {
      const address = body.address?.trim() ?? '';
      if (address === '') throw new AppError(errors.addressMissing);
      if (!isValidAddress(network as CashierNetwork, address))
        throw new AppError(errors.addressIncorrect, `This is not a valid ${network} address`);
      destination.address = address;
    } else {
      const payeeName = normaliseName(body.payeeName ?? '');
      const bankName = normaliseName(body.bankName ?? '');
      if (!payeeName || !bankName) throw new AppError(errors.payeeMissing);
      const cardNumber = normaliseCardNumber(body.cardNumber ?? '');
      if (!cardNumber) throw new AppError(errors.cardNumberIncorrect);
      Object.assign(destination, { payeeName, bankName, cardNumber });
    }
    const amount = new Money(body.amount);
    const now = new Date(this.now());
    return this.deps.units.run(async ({ tx }) => {
      const [quote] = await tx
        .select()
        .from(cashierWithdrawalQuotes)
        .where(and(eq(cashierWithdrawalQuotes.id, body.quoteId), ownedBy(cashierWithdrawalQuotes, customer)))
        .for('update');
      // Terms before commitment (docs/product.md promise 4): only the quoted terms, once, while the quote lives.
      if (
        !quote ||
        quote.usedAt !== null ||
        quote.expiresAt.getTime() <= now.getTime() ||
        quote.method !== body.method ||
        quote.currency !== currency ||
        (quote.network ?? null) !== network ||
        !new Money(quote.amount).eq(amount) ||
        !new Money(quote.feeRate).eq(this.deps.params.getDecimal('withdrawal_fee_rate').toString())
      ) {
        throw new AppError(errors.termsChanged);
      }
      await tx
        .update(cashierWithdrawalQuotes)
        .set({ usedAt: now })
        .where(eq(cashierWithdrawalQuotes.id, quote.id));
      const [inserted] = await tx
        .insert(cashierWithdrawals)
        .values({
          userId: BigInt(customer.userId),
          method: body.method,
          currency,
          network,
          ...destination,
          amount: amount.toFixed(),
          fee: new Money(quote.fee).toFixed(),
          quoteId: quote.id,
          createdAt: now,
        })
        .returning();
      const withdrawal = inserted!;
      await this.deps.ledger.hold(tx, {
        userId: customer.userId,
        mode: 'real',
        currency,
        amount: amount.plus(quote.fee).toFixed(),
        type: 'withdrawal_hold',
        reference: { type: 'withdrawal', id: String(withdrawal.id) },
        memo: 'Withdrawal amount and fee held during review',
      });
      // The answer is read in the transaction: it is what a retry with the same Idempotency-Key gets back.
      return (await this.withQueue([withdrawal], tx))[0]!;
    });
  }

  async listWithdrawals(customer: Customer, statuses?: WithdrawalStatus[]): Promise<Withdrawal[]> {
    const rows = await listOwned(this.deps.db, cashierWithdrawals, customer, {
      where: statuses?.length ? inArray(cashierWithdrawals.status, statuses) : undefined,
      orderBy: [desc(cashierWithdrawals.id)],
      limit: 200,
    });
    return this.withQueue(rows);
  }

  /** The customer cancels a pending withdrawal: the hold is released. */
  async cancelWithdrawal(customer: Customer, id: string): Promise<Withdrawal> {
    requireReal(customer);
    return this.deps.units.run(async ({ tx }) => {
      const found = await findOwned(tx, cashierWithdrawals, customer, id, { forUpdate: true });
      if (!found) throw new AppError(errors.notFound);
      if (found.status !== 'pending') throw new AppError(errors.alreadyDecided);
      const [updated] = await tx
        .update(cashierWithdrawals)
        .set({ status: 'cancelled', decidedAt: new Date(this.now()) })
        .where(eq(cashierWithdrawals.id, found.id))
        .returning();
      await this.releaseHold(tx, found, 'Withdrawal cancelled: hold released');
      return (await this.withQueue([updated!], tx))[0]!;
    });
  }

  /** Deletes quotes a day past their expiry: a withdrawal keeps its own copy of the terms it was given. */
  async purgeExpiredQuotes(): Promise<number> {
    const cutoff = new Date(this.now() - 24 * 3_600_000);
    const gone = await this.deps.db
      .delete(cashierWithdrawalQuotes)
      .where(lt(cashierWithdrawalQuotes.expiresAt, cutoff))
      .returning({ id: cashierWithdrawalQuotes.id });
    return gone.length;
  }

  /** The cashier's background work: expired quotes are purged hourly (on the scheduler's leader). */
  registerJobs(scheduler: Pick<Scheduler, 'every'>): void {
    scheduler.every('cashier.quote-purge', 3_600_000, () => this.purgeExpiredQuotes());
  }

  // ---- staff review ------------------------------------------------------------------------------------------

  /** Puts deposits and withdrawals in the staff review queue. */
  registerReviews(reviews: ReviewRegistry): void {
    reviews.register('deposit', {
      list: (status) => this.staffDeposits(status),
      approve: (tx, id, staff) => this.approveDeposit(tx, id, staff),
      reject: (tx, id, staff, reason) => this.rejectDeposit(tx, id, staff, reason),
    });
    reviews.register('withdrawal', {
      list: (status) => this.staffWithdrawals(status),
      approve: (tx, id, staff, facts) => this.approveWithdrawal(tx, id, staff, facts),
      reject: (tx, id, staff, reason) => this.rejectWithdrawal(tx, id, staff, reason),
    });
  }

  private async staffDeposits(status: string) {
    const rows = await this.deps.db
      .select()
      .from(cashierDeposits)
      .where(eq(cashierDeposits.status, status as DepositStatus))
      .orderBy(asc(cashierDeposits.id))
      .limit(500);
    return rows.map((row) => ({ ...toDeposit(row), userId: String(row.userId) }));
  }

  private async staffWithdrawals(status: string) {
    const rows = await this.deps.db
      .select()
      .from(cashierWithdrawals)
      .where(eq(cashierWithdrawals.status, status as WithdrawalStatus))
      .orderBy(asc(cashierWithdrawals.id))
      .limit(500);
    // Staff see the full card number: they pay to it.
    return (await this.withQueue(rows)).map((w, i) => ({
      ...w,
      cardNumber: rows[i]!.cardNumber,
      userId: String(rows[i]!.userId),
    }));
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

  private async approveDeposit(tx: Tx, id: string, staff: StaffIdentity): Promise<Deposit> {
    const row = await this.lockDeposit(tx, id);
    const [updated] = await tx
      .update(cashierDeposits)
      .set({ status: 'approved', decidedAt: new Date(this.now()), decidedByStaffId: BigInt(staff.staffId) })
      .where(eq(cashierDeposits.id, row.id))
      .returning();
    const amount = new Money(row.amount).toFixed();
    // Exactly the submitted amount, from the custody account; `once` makes a second credit impossible.
    await this.deps.ledger.transfer(tx, {
      type: 'deposit',
      reference: { type: 'deposit', id },
      memo: `${row.coin} deposit (${row.network})`,
      once: `deposit:${id}`,
      legs: [
        { account: platformAccount('platform_external_custody', row.coin, 'real'), amount: `-${amount}` },
        { account: customerAccount(String(row.userId), 'real', row.coin), amount },
      ],
    });
    const result = toDeposit(updated!);
    await this.notify(
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

  private async rejectDeposit(tx: Tx, id: string, staff: StaffIdentity, reason: string): Promise<Deposit> {
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
    await this.notify(
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

  private async lockWithdrawal(tx: Tx, id: string): Promise<WithdrawalRow> {
    const [row] = await tx
      .select()
      .from(cashierWithdrawals)
      .where(eq(cashierWithdrawals.id, BigInt(id)))
      .for('update');
    if (!row) throw new AppError(errors.notFound);
    return row;
  }

  /**
   * Approves a pending withdrawal (the hold stays), or completes an approved one when the facts carry the
   * payout's transaction `reference`. A pending one approved with a reference is approved and completed at
   * once. `completeOnly` (the admin complete route) refuses a withdrawal that was not approved yet.
   */
  private async approveWithdrawal(
    tx: Tx,
    id: string,
    staff: StaffIdentity,
    facts: ReviewFacts,
  ): Promise<Withdrawal> {
    const row = await this.lockWithdrawal(tx, id);
    const reference = facts.reference === undefined ? undefined : String(facts.reference).trim();
    if (reference !== undefined && (reference.length < 1 || reference.length > 200))
      throw new AppError(errors.invalidRequest, 'A transaction reference is 1 to 200 characters');
    if (row.status !== 'pending' && row.status !== 'approved') throw new AppError(errors.alreadyDecided);
    if (row.status === 'approved' && reference === undefined) throw new AppError(errors.alreadyDecided);
    if (row.status === 'pending' && facts.completeOnly === true)
      throw new AppError(errors.withdrawalNotApproved);
    const now = new Date(this.now());
    let current = row;
    const created: string[] = [];
    if (row.status === 'pending') {
      [current] = (await tx
        .update(cashierWithdrawals)
        .set({ status: 'approved', decidedAt: now, decidedByStaffId: BigInt(staff.staffId) })
        .where(eq(cashierWithdrawals.id, row.id))
        .returning()) as [WithdrawalRow];
      created.push('withdrawal.approved');
    }
    if (reference !== undefined) {
      const amount = new Money(row.amount);
      const fee = new Money(row.fee);
      await this.deps.ledger.settleHeld(tx, {
        userId: String(row.userId),
        mode: 'real',
        currency: row.currency,
        type: 'withdrawal_payout',
        reference: { type: 'withdrawal', id },
        memo: `Withdrawal paid out, reference ${reference}`,
        once: `withdrawal_payout:${id}`,
        to: [
          {
            account: platformAccount('platform_external_custody', row.currency, 'real'),
            amount: amount.toFixed(),
          },
          ...(fee.isZero()
            ? []
            : [{ account: platformAccount('platform_fees', row.currency, 'real'), amount: fee.toFixed() }]),
        ],
      });
      [current] = (await tx
        .update(cashierWithdrawals)
        .set({ status: 'completed', reference, completedAt: now })
        .where(eq(cashierWithdrawals.id, row.id))
        .returning()) as [WithdrawalRow];
      created.push('withdrawal.completed');
    }
    const [result] = await this.withQueue([current], tx);
    for (const kind of created) {
      await this.notify(
        tx,
        String(row.userId),
        kind,
        {
          currency: row.currency,
          amount: formatAmount(row.amount),
          ...(kind === 'withdrawal.completed' ? { reference: reference ?? '' } : {}),
        },
        { type: 'withdrawal', id },
      );
    }
    return result!;
  }

  private async rejectWithdrawal(
    tx: Tx,
    id: string,
    staff: StaffIdentity,
    reason: string,
  ): Promise<Withdrawal> {
    const row = await this.lockWithdrawal(tx, id);
    // An approved withdrawal whose payout could not be made may still be rejected: its funds are still held.
    if (row.status !== 'pending' && row.status !== 'approved') throw new AppError(errors.alreadyDecided);
    const [updated] = await tx
      .update(cashierWithdrawals)
      .set({
        status: 'rejected',
        reason,
        decidedAt: new Date(this.now()),
        decidedByStaffId: BigInt(staff.staffId),
      })
      .where(eq(cashierWithdrawals.id, row.id))
      .returning();
    await this.releaseHold(tx, row, `Withdrawal rejected: ${reason}`);
    const [result] = await this.withQueue([updated!], tx);
    await this.notify(
      tx,
      String(row.userId),
      'withdrawal.rejected',
      {
        currency: row.currency,
        amount: formatAmount(row.amount),
        reason,
      },
      { type: 'withdrawal', id },
    );
    return result!;
  }

  private releaseHold(tx: Tx, row: WithdrawalRow, memo: string) {
    return this.deps.ledger.release(tx, {
      userId: String(row.userId),
      mode: 'real',
      currency: row.currency,
      amount: new Money(row.amount).plus(row.fee).toFixed(),
      type: 'withdrawal_release',
      reference: { type: 'withdrawal', id: String(row.id) },
      memo,
      once: `withdrawal_release:${row.id}`,
    });
  }

  /**
   * Stores the customer's notification of a decision in the decision's unit of work; it is pushed live, with
   * the review event, once the decision commits (never if it rolls back).
   */
  private async notify(
    tx: Tx,
    userId: string,
    kind: string,
    params: Record<string, string>,
    reference: { type: string; id: string },
  ): Promise<void> {
    const unit = this.unitOf(tx);
    const item = await this.deps.notifications.add(unit, userId, {
      kind,
      titleKey: `notifications.${kind}.title`,
      bodyKey: `notifications.${kind}.body`,
      params,
      reference,
    });
    unit.afterCommit(() =>
      this.deps.events.publishAccountEvent(userId, {
        type: 'review.result',
        kind: item.kind,
        referenceType: item.referenceType,
        referenceId: item.referenceId,
      }),
    );
  }

  /** The unit of work a review decision runs in (the review registry starts one for every decision). */
  private unitOf(tx: Tx): Unit {
    const unit = this.deps.units.current();
    if (!unit || unit.tx !== tx) throw new Error('cashier: a review decision runs in a unit of work');
    return unit;
  }

  // ---- helpers -----------------------------------------------------------------------------------------------

  private minimumDeposit(coin: CashierCoin): Money {
    return new Money(this.deps.params.get(minimumParam[coin]));
  }

  private depositAddress(coin: CashierCoin, network: CashierNetwork): string {
    const key = addressParam[network][coin];
    if (!key) throw new AppError(errors.coinOrNetworkUnsupported);
    return this.deps.params.get(key);
  }

  private async qrCode(text: string): Promise<string> {
    const cached = this.qrCache.get(text);
    if (cached) return cached;
    const svg = await QRCode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    const url = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    if (this.qrCache.size > 100) this.qrCache.clear();
    this.qrCache.set(text, url);
    return url;
  }

  /** The customer's view, with queue position and target time while pending. */
  private async withQueue(rows: WithdrawalRow[], reader: Db | Tx = this.deps.db): Promise<Withdrawal[]> {
    const hours = this.deps.params.getInteger('withdrawal_review_hours');
    const views: Withdrawal[] = [];
    for (const row of rows) {
      let queuePosition: number | null = null;
      let targetTime: string | null = null;
      if (row.status === 'pending') {
        const [ahead] = await reader
          .select({ n: count() })
          .from(cashierWithdrawals)
          .where(and(eq(cashierWithdrawals.status, 'pending'), lte(cashierWithdrawals.id, row.id)));
        queuePosition = Number(ahead?.n ?? 1);
        targetTime = new Date(row.createdAt.getTime() + hours * 3_600_000).toISOString();
      }
      views.push({
        id: String(row.id),
        method: row.method,
        currency: row.currency,
        network: row.network,
        address: row.address,
        payeeName: row.payeeName,
        cardNumber: row.cardNumber === null ? null : maskCardNumber(row.cardNumber),
        bankName: row.bankName,
        amount: formatAmount(row.amount),
        fee: formatAmount(row.fee),
        totalDebited: formatAmount(new Money(row.amount).plus(row.fee)),
        status: row.status,
        reason: row.reason,
        reference: row.reference,
        queuePosition,
        targetTime,
        createdAt: row.createdAt.toISOString(),
        decidedAt: row.decidedAt?.toISOString() ?? null,
        completedAt: row.completedAt?.toISOString() ?? null,
      });
    }
    return views;
  }
}

function requireReal(customer: Customer): void {
  if (customer.mode !== 'real') throw new AppError(errors.demoNotAllowed);
}

/** The currency and network a withdrawal pays out in. Bank withdrawals are paid from USDT. */
function withdrawalTarget(body: {
  method: 'crypto' | 'bank';
  coin?: CashierCoin | undefined;
  network?: CashierNetwork | undefined;
}): { currency: CashierCoin; network: CashierNetwork | null } {
  if (body.method === 'bank') {
    if ((body.coin && body.coin !== 'USDT') || body.network)
      throw new AppError(errors.coinOrNetworkUnsupported);
    return { currency: 'USDT', network: null };
  }
  if (!body.coin || !body.network || !networksOfCoin[body.coin].includes(body.network))
    throw new AppError(errors.coinOrNetworkUnsupported);
  return { currency: body.coin, network: body.network };
}

function toDeposit(row: DepositRow): Deposit {
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
