import {
  errors,
  type CashierCoin,
  type CashierNetwork,
  type ChainDeposit,
  type ChainDepositAddresses,
  type ReviewCustomer,
  type TransactionRecord,
} from '@swx/shared/contract';
import Decimal from 'decimal.js';
import type { Db, Tx } from '../db/client';
import type { ReviewRegistry } from '../staff/reviews';
import { AppError } from '../http/errors';
import type { Ledger } from '../ledger/service';
import type { ParamsService } from '../params/service';
import type { UploadsService } from '../uploads/service';
import type { NotificationsService } from '../notifications/service';
import type { AccountEvent } from '../live/service';
import type { Customer } from '../platform/owned';
import type { Unit, UnitOfWork } from '../platform/unit-of-work';

// What deposits and withdrawals share: their dependencies, real accounts only, and the decision's notice.

export interface CashierDeps {
  db: Db;
  units: UnitOfWork;
  ledger: Ledger;
  params: ParamsService;
  uploads: UploadsService;
  notifications: NotificationsService;
  events: { publishAccountEvent(userId: string, event: AccountEvent): void };
  /** Identity verification (KYC): withdrawals need it while `kyc_required_for_withdrawal` is on. */
  identity?: { isVerified(userId: string): Promise<boolean> };
  /** What the staff review queues show besides the cashier's own records (`staff-queue.ts`). */
  staffViews: CashierStaffViews;
  /** Loans: refuses a withdrawal while the customer has an overdue loan (`11400`). */
  loanStanding?: { requireNoOverdueLoan(userId: string): Promise<void> };
  /** Fixes, when a withdrawal is submitted, how many finance approvals it needs (four eyes). */
  reviews: Pick<ReviewRegistry, 'opened'>;
  /**
   * Customer account security: refuses a withdrawal while a lock is in force (11211) or, in whitelist mode,
   * to an address not confirmed and past its cooling-off period at that moment (11212).
   */
  withdrawalGuard?: WithdrawalGuard;
  /**
   * Deposits from the chain (`chain/service.ts`): a coin and network a watched network took over is no longer
   * offered or accepted by the reviewed form, so one transfer can never be credited both ways.
   */
  chain?: {
    takesOverForm(coin: CashierCoin, network: CashierNetwork): boolean;
    /** The watched networks and the customer's own address on each (given on the first ask). */
    depositAddresses(userId: string): Promise<ChainDepositAddresses>;
    /** The customer's transfers the watcher recorded, newest first. */
    listDeposits(userId: string): Promise<ChainDeposit[]>;
  };
}

export interface WithdrawalGuard {
  checkWithdrawal(
    userId: string,
    target: {
      method: 'crypto' | 'bank';
      coin: CashierCoin;
      network: CashierNetwork | null;
      address: string | null;
    },
    reader?: Db | Tx,
    at?: Date,
  ): Promise<void>;
}

/** What the staff queue reads from other domains, through their published functions. */
export interface CashierStaffViews {
  /** Who the customers are (auth). */
  customers(userIds: readonly string[]): Promise<Map<string, ReviewCustomer>>;
  /** The customer's latest trading events from the ledger, newest first (records). */
  recentTrades(userId: string, limit: number): Promise<TransactionRecord[]>;
  /** An amount of a currency valued in USDT at the latest price (portfolio); undefined without a price. */
  valueUsdt(currency: string, amount: string): string | undefined;
}

/**
 * The four-eyes rule for a withdrawal: two finance approvals when it is worth more than
 * `withdrawal_four_eyes_usdt`, or when there is no USDT price to tell; one otherwise. Applied when the
 * withdrawal is submitted (the number is stored then and never lowered); the queue applies it again only to
 * raise it.
 */
export function withdrawalFourEyes(
  deps: Pick<CashierDeps, 'params' | 'staffViews'>,
  currency: string,
  amount: string,
): { required: number; valueUsdt: string | undefined; thresholdUsdt: string } {
  const valueUsdt = currency === 'USDT' ? amount : deps.staffViews.valueUsdt(currency, amount);
  const threshold = deps.params.getDecimal('withdrawal_four_eyes_usdt');
  const required = valueUsdt === undefined || new Decimal(valueUsdt).gt(threshold) ? 2 : 1;
  return { required, valueUsdt, thresholdUsdt: threshold.toFixed() };
}

export function requireReal(customer: Customer): void {
  if (customer.mode !== 'real') throw new AppError(errors.demoNotAllowed);
}

/**
 * The withdrawal KYC gate (docs/product.md, KYC): with the parameter on (the default), a customer without a
 * verified identity is refused with `10022` and the withdrawal page links to verification.
 */
export async function requireVerifiedForWithdrawal(
  deps: Pick<CashierDeps, 'params' | 'identity'>,
  customer: Customer,
): Promise<void> {
  if (!deps.params.getBoolean('kyc_required_for_withdrawal')) return;
  if (!deps.identity || !(await deps.identity.isVerified(customer.userId)))
    throw new AppError(errors.notVerified);
}

/** Money rules (issue 28): no withdrawal while a loan is overdue (`11400`); the screens say why. */
export async function requireNoOverdueLoan(
  deps: Pick<CashierDeps, 'loanStanding'>,
  customer: Customer,
): Promise<void> {
  await deps.loanStanding?.requireNoOverdueLoan(customer.userId);
}

/**
 * Stores the customer's notification of a decision in the decision's unit of work; it is pushed live, with
 * the review event, once the decision commits (never if it rolls back).
 */
export async function notifyDecision(
  deps: Pick<CashierDeps, 'units' | 'notifications' | 'events'>,
  tx: Tx,
  userId: string,
  kind: string,
  params: Record<string, string>,
  reference: { type: string; id: string },
): Promise<void> {
  const unit = unitOf(deps, tx);
  const item = await deps.notifications.add(unit, userId, {
    kind,
    titleKey: `notifications.${kind}.title`,
    bodyKey: `notifications.${kind}.body`,
    params,
    reference,
  });
  unit.afterCommit(() =>
    deps.events.publishAccountEvent(userId, {
      type: 'review.result',
      kind: item.kind,
      referenceType: item.referenceType,
      referenceId: item.referenceId,
    }),
  );
}

/** The unit of work a review decision runs in (the review registry starts one for every decision). */
function unitOf(deps: Pick<CashierDeps, 'units'>, tx: Tx): Unit {
  const unit = deps.units.current();
  if (!unit || unit.tx !== tx) throw new Error('cashier: a review decision runs in a unit of work');
  return unit;
}
