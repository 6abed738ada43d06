import crypto from 'node:crypto';
import { and, asc, count, desc, eq, inArray, lt, lte } from 'drizzle-orm';
import {
  errors,
  roundPaid,
  networksOfCoin,
  type CashierCoin,
  type CashierNetwork,
  type Withdrawal,
  type WithdrawalBody,
  type WithdrawalQuote,
  type WithdrawalQuoteBody,
  type WithdrawalStatus,
} from '@swx/shared/contract';
import type { Db, Tx } from '../db/client';
import { AppError, isAppError } from '../http/errors';
import { Money, formatAmount, platformAccount } from '../ledger/accounts';
import { requirePostable } from '../ledger/precision';
import type { ReviewFacts } from '../staff/reviews';
import type { StaffIdentity } from '../staff/staff';
import { findOwned, listOwned, ownedBy, type Customer } from '../platform/owned';
import { isValidAddress, maskCardNumber, normaliseCardNumber, normaliseName } from './rules';
import { cashierWithdrawalQuotes, cashierWithdrawals } from './tables';
import {
  notifyDecision,
  requireNoOverdueLoan,
  requireReal,
  requireVerifiedForWithdrawal,
  withdrawalFourEyes,
  type CashierDeps,
} from './common';

/** How long a withdrawal fee quote can be confirmed. */
export const QUOTE_TTL_MS = 5 * 60 * 1000;

export type WithdrawalRow = typeof cashierWithdrawals.$inferSelect;
type Destination = Pick<WithdrawalRow, 'address' | 'payeeName' | 'cardNumber' | 'bankName'>;

/**
 * Withdrawals: a fee quote, the submission that holds amount plus fee, the customer's cancellation, and the
 * staff review that approves, completes (settling the hold) or rejects (releasing it).
 */
export class Withdrawals {
  /** The chain's part of a withdrawal paid from the hot wallet (cashier/chain/payouts.ts sets it). */
  chainView?: (
    row: WithdrawalRow,
  ) => Pick<Withdrawal, 'explorerUrl' | 'confirmations' | 'confirmationsRequired'>;

  constructor(
    private readonly deps: CashierDeps,
    private readonly now: () => number,
  ) {}

  async quoteWithdrawal(customer: Customer, body: WithdrawalQuoteBody): Promise<WithdrawalQuote> {
    requireReal(customer);
    await requireVerifiedForWithdrawal(this.deps, customer);
    await requireNoOverdueLoan(this.deps, customer);
    const { currency, network } = withdrawalTarget(body);
    // The pinned quote body has no destination; ours sends it, and it is checked here as the withdrawal will.
    const destination = hasDestination(body) ? withdrawalDestination(body, network) : null;
    // A lock (or, in whitelist mode, an address not usable yet) is said before any terms are shown.
    await this.deps.withdrawalGuard?.checkWithdrawal(customer.userId, {
      method: body.method,
      coin: currency,
      network,
      address: destination?.address ?? null,
    });
    const amount = new Money(body.amount);
    if (amount.isZero()) throw new AppError(errors.amountIncorrect);
    requirePostable(body.amount, currency);
    const feeRate = new Money(this.deps.params.getDecimal('withdrawal_fee_rate').toString());
    // The fee is paid: rounded up to the coin's ledger precision (the platform never pays the remainder).
    const fee = new Money(roundPaid(amount.times(feeRate), currency).toFixed());
    await this.requireAvailable(customer, currency, amount.plus(fee));
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

  /** Refuses a withdrawal whose amount and fee exceed the real account's available balance (11159). */
  private async requireAvailable(customer: Customer, currency: string, total: Money): Promise<void> {
    const balances = await this.deps.ledger.balances(customer.userId, 'real');
    if (total.gt(balances[currency]?.available ?? '0')) throw new AppError(errors.withdrawalOverBalance);
  }

  async submitWithdrawal(customer: Customer, body: WithdrawalBody): Promise<Withdrawal> {
    requireReal(customer);
    await requireVerifiedForWithdrawal(this.deps, customer);
    await requireNoOverdueLoan(this.deps, customer);
    const { currency, network } = withdrawalTarget(body);
    const destination = withdrawalDestination(body, network);
    const amount = new Money(body.amount);
    const now = new Date(this.now());
    return this.deps.units.run(async ({ tx }) => {
      // Inside the transaction that holds the funds: the address is usable at this moment, or nothing moves.
      await this.deps.withdrawalGuard?.checkWithdrawal(
        customer.userId,
        { method: body.method, coin: currency, network, address: destination.address },
        tx,
      );
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
      // Four eyes fixed now, from the value at submission: a later threshold change or price move never lowers it.
      const fourEyes = withdrawalFourEyes(this.deps, currency, amount.toFixed());
      await this.deps.reviews.opened(tx, 'withdrawal', String(withdrawal.id), {
        approvalsRequired: fourEyes.required,
        basis: { valueUsdt: fourEyes.valueUsdt ?? null, thresholdUsdt: fourEyes.thresholdUsdt },
      });
      await withdrawalWording(
        this.deps.ledger.hold(tx, {
          userId: customer.userId,
          mode: 'real',
          currency,
          amount: amount.plus(quote.fee).toFixed(),
          type: 'withdrawal_hold',
          reference: { type: 'withdrawal', id: String(withdrawal.id) },
          memo: 'Withdrawal amount and fee held during review',
        }),
      );
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

  async staffWithdrawals(status: string) {
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
  async approveWithdrawal(tx: Tx, id: string, staff: StaffIdentity, facts: ReviewFacts): Promise<Withdrawal> {
    const row = await this.lockWithdrawal(tx, id);
    const reference = facts.reference === undefined ? undefined : String(facts.reference).trim();
    if (reference !== undefined && (reference.length < 1 || reference.length > 200))
      throw new AppError(errors.invalidRequest, 'A transaction reference is 1 to 200 characters');
    if (row.status !== 'pending' && row.status !== 'approved') throw new AppError(errors.alreadyDecided);
    if (row.status === 'approved' && reference === undefined) throw new AppError(errors.alreadyDecided);
    if (row.status === 'pending' && facts.completeOnly === true)
      throw new AppError(errors.withdrawalNotApproved);
    // Sent (or being sent) from the hot wallet: only the chain completes it (chain/payouts.ts).
    if (reference !== undefined && isOnChain(row)) throw new AppError(errors.withdrawalOnChain);
    // Nothing is paid out while a lock is in force (a "this was not me" after the request, say), nor, in
    // whitelist mode, to an address the book no longer holds as usable.
    await this.deps.withdrawalGuard?.checkWithdrawal(
      String(row.userId),
      {
        method: row.method as 'crypto' | 'bank',
        coin: row.currency as CashierCoin,
        network: row.network as CashierNetwork | null,
        address: row.address,
      },
      tx,
    );
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
      current = await this.settle(tx, row, reference, now);
      created.push('withdrawal.completed');
    }
    const [result] = await this.withQueue([current], tx);
    for (const kind of created) {
      await notifyDecision(
        this.deps,
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

  async rejectWithdrawal(tx: Tx, id: string, staff: StaffIdentity, reason: string): Promise<Withdrawal> {
    const row = await this.lockWithdrawal(tx, id);
    // An approved withdrawal whose payout could not be made may still be rejected: its funds are still held.
    if (row.status !== 'pending' && row.status !== 'approved') throw new AppError(errors.alreadyDecided);
    // Its transaction may be mined at any moment: releasing the funds too would pay it twice.
    if (isOnChain(row)) throw new AppError(errors.withdrawalOnChain);
    const [updated] = await tx
      .update(cashierWithdrawals)
      .set({
        status: 'rejected',
        chainState: null,
        reason,
        decidedAt: new Date(this.now()),
        decidedByStaffId: BigInt(staff.staffId),
      })
      .where(eq(cashierWithdrawals.id, row.id))
      .returning();
    await this.releaseHold(tx, row, `Withdrawal rejected: ${reason}`);
    const [result] = await this.withQueue([updated!], tx);
    await notifyDecision(
      this.deps,
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

  /** Pays out an approved withdrawal: the hold settled to external custody and fees, once; `completed`. */
  private async settle(tx: Tx, row: WithdrawalRow, reference: string, now: Date): Promise<WithdrawalRow> {
    const id = String(row.id);
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
    const [updated] = await tx
      .update(cashierWithdrawals)
      .set({ status: 'completed', reference, completedAt: now, chainState: null })
      .where(eq(cashierWithdrawals.id, row.id))
      .returning();
    return updated!;
  }

  // ---- paid from the hot wallet (chain/payouts.ts) ------------------------------------------------------------

  /**
   * Marks an approved withdrawal as being paid from the hot wallet (`state`), under its row lock; false when
   * it is no longer approved (rejected meanwhile) or already sent: then nothing is sent.
   */
  async markOnChain(
    tx: Tx,
    id: string,
    state: NonNullable<WithdrawalRow['chainState']>,
    facts: { chainId: number; txHash?: string | null },
  ): Promise<boolean> {
    const row = await this.lockWithdrawal(tx, id);
    if (row.status !== 'approved' || row.reference !== null) return false;
    await tx
      .update(cashierWithdrawals)
      .set({
        chainState: state,
        chainId: facts.chainId,
        ...(facts.txHash === undefined ? {} : { txHash: facts.txHash }),
        chainUpdatedAt: new Date(this.now()),
      })
      .where(eq(cashierWithdrawals.id, row.id));
    return true;
  }

  /** Its transaction is confirmed on the chain: completed with the hash as reference (ledger once). */
  async completeOnChain(tx: Tx, id: string, txHash: string): Promise<void> {
    const row = await this.lockWithdrawal(tx, id);
    if (row.status !== 'approved') return;
    const now = new Date(this.now());
    await tx
      .update(cashierWithdrawals)
      .set({ txHash, chainUpdatedAt: now })
      .where(eq(cashierWithdrawals.id, row.id));
    await this.settle(tx, row, txHash, now);
    await notifyDecision(
      this.deps,
      tx,
      String(row.userId),
      'withdrawal.completed',
      { currency: row.currency, amount: formatAmount(row.amount), reference: txHash },
      { type: 'withdrawal', id },
    );
  }

  /** Nothing was paid (its transaction failed or was cancelled): `returned`, amount and fee released once. */
  async returnFromChain(tx: Tx, id: string, reason: string): Promise<void> {
    const row = await this.lockWithdrawal(tx, id);
    if (row.status !== 'approved') return;
    const now = new Date(this.now());
    await tx
      .update(cashierWithdrawals)
      .set({ status: 'returned', reason, chainState: null, decidedAt: now, chainUpdatedAt: now })
      .where(eq(cashierWithdrawals.id, row.id));
    await this.releaseHold(tx, row, `Withdrawal returned: ${reason}`);
    await notifyDecision(
      this.deps,
      tx,
      String(row.userId),
      'withdrawal.returned',
      { currency: row.currency, amount: formatAmount(row.amount) },
      { type: 'withdrawal', id },
    );
  }

  /** Approved crypto withdrawals not completed, oldest first: what the payout job looks at. */
  async approvedCrypto(limit: number): Promise<WithdrawalRow[]> {
    return this.deps.db
      .select()
      .from(cashierWithdrawals)
      .where(and(eq(cashierWithdrawals.status, 'approved'), eq(cashierWithdrawals.method, 'crypto')))
      .orderBy(asc(cashierWithdrawals.id))
      .limit(limit);
  }

  /** Approved withdrawals held for the hot wallet's funds or for gas (staff warning), oldest first. */
  async heldOnChain(): Promise<WithdrawalRow[]> {
    return this.deps.db
      .select()
      .from(cashierWithdrawals)
      .where(
        and(
          eq(cashierWithdrawals.status, 'approved'),
          inArray(cashierWithdrawals.chainState, ['waiting_funds', 'waiting_gas']),
        ),
      )
      .orderBy(asc(cashierWithdrawals.id))
      .limit(200);
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
        chainState: row.chainState,
        txHash: row.txHash,
        ...(this.chainView?.(row) ?? { explorerUrl: null, confirmations: null, confirmationsRequired: null }),
      });
    }
    return views;
  }
}

/** Recorded or broadcast from the hot wallet: the chain decides it now. */
function isOnChain(row: WithdrawalRow): boolean {
  return row.chainState === 'sending' || row.chainState === 'confirming';
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

function hasDestination(body: WithdrawalQuoteBody): boolean {
  return [body.address, body.payeeName, body.cardNumber, body.bankName].some((field) => field !== undefined);
}

/** The ledger's refusal of a hold speaks of purchases; a withdrawal's says what it is about (11159). */
async function withdrawalWording<T>(hold: Promise<T>): Promise<T> {
  try {
    return await hold;
  } catch (error) {
    if (isAppError(error) && error.code === errors.insufficientBalance)
      throw new AppError(errors.withdrawalOverBalance);
    throw error;
  }
}

/** Where a withdrawal is paid: a checked crypto address, or a bank payee, bank and card number. */
function withdrawalDestination(body: WithdrawalQuoteBody, network: CashierNetwork | null): Destination {
  const destination: Destination = {
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
  return destination;
}
