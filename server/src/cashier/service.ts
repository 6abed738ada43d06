import type {
  ChainDeposit,
  ChainDepositAddresses,
  Deposit,
  DepositOptions,
  DepositStatus,
  RechargeBody,
  Withdrawal,
  WithdrawalBody,
  WithdrawalQuote,
  WithdrawalQuoteBody,
  WithdrawalStatus,
} from '@swx/shared/contract';
import type { ReviewRegistry } from '../staff/reviews';
import type { Scheduler } from '../platform/scheduler';
import type { Customer } from '../platform/owned';
import { requireReal, type CashierDeps } from './common';
import { Deposits } from './deposits';
import { Withdrawals } from './withdrawals';
import { CashierStaffQueue } from './staff-queue';

export type { Customer } from '../platform/owned';
export type { CashierDeps } from './common';
export { QUOTE_TTL_MS } from './withdrawals';

/**
 * Deposits and withdrawals (docs/product.md promise 6, §4). Real accounts only. Money moves only through the
 * ledger, in the same transaction as the record's status: a deposit is credited on approval (from external
 * custody); a withdrawal's amount plus fee is held at submission and either settled on completion or
 * released on rejection or cancellation. Nothing ever asks the customer to pay to release a withdrawal.
 */
export class CashierService {
  /** The service's clock; tests move it to expire quotes. */
  now: () => number = () => Date.now();
  private readonly deposits: Deposits;
  private readonly withdrawals: Withdrawals;
  private readonly staffQueue: CashierStaffQueue;
  private readonly chain: CashierDeps['chain'];

  constructor(deps: CashierDeps) {
    const clock = () => this.now();
    this.chain = deps.chain;
    this.deposits = new Deposits(deps, clock);
    this.withdrawals = new Withdrawals(deps, clock);
    this.staffQueue = new CashierStaffQueue(deps, this.withdrawals, deps.staffViews, clock);
  }

  // ---- deposits ----------------------------------------------------------------------------------------------

  depositOptions(): Promise<DepositOptions> {
    return this.deposits.depositOptions();
  }

  /**
   * The watched networks with the customer's own address on each (deposits credited from the chain); none
   * when no network is watched. Real accounts only: an address is for real money.
   */
  async depositAddresses(customer: Customer): Promise<ChainDepositAddresses> {
    requireReal(customer);
    return (await this.chain?.depositAddresses(customer.userId)) ?? { networks: [] };
  }

  /** The customer's deposits read from the chain (their own addresses), newest first. */
  async listChainDeposits(customer: Customer): Promise<ChainDeposit[]> {
    requireReal(customer);
    return (await this.chain?.listDeposits(customer.userId)) ?? [];
  }

  recharge(customer: Customer, body: RechargeBody): Promise<Deposit> {
    return this.deposits.recharge(customer, body);
  }

  listDeposits(customer: Customer, statuses?: DepositStatus[]): Promise<Deposit[]> {
    return this.deposits.listDeposits(customer, statuses);
  }

  // ---- withdrawals -------------------------------------------------------------------------------------------

  quoteWithdrawal(customer: Customer, body: WithdrawalQuoteBody): Promise<WithdrawalQuote> {
    return this.withdrawals.quoteWithdrawal(customer, body);
  }

  submitWithdrawal(customer: Customer, body: WithdrawalBody): Promise<Withdrawal> {
    return this.withdrawals.submitWithdrawal(customer, body);
  }

  listWithdrawals(customer: Customer, statuses?: WithdrawalStatus[]): Promise<Withdrawal[]> {
    return this.withdrawals.listWithdrawals(customer, statuses);
  }

  /** The customer cancels a pending withdrawal: the hold is released. */
  cancelWithdrawal(customer: Customer, id: string): Promise<Withdrawal> {
    return this.withdrawals.cancelWithdrawal(customer, id);
  }

  /** Deletes quotes a day past their expiry: a withdrawal keeps its own copy of the terms it was given. */
  purgeExpiredQuotes(): Promise<number> {
    return this.withdrawals.purgeExpiredQuotes();
  }

  /** The cashier's background work: expired quotes are purged hourly (on the scheduler's leader). */
  registerJobs(scheduler: Pick<Scheduler, 'every'>): void {
    scheduler.every('cashier.quote-purge', 3_600_000, () => this.purgeExpiredQuotes());
  }

  // ---- staff review ------------------------------------------------------------------------------------------

  /**
   * Puts deposits (reviewers) and withdrawals (finance, four eyes above `withdrawal_four_eyes_usdt`) in the
   * staff review queue.
   */
  registerReviews(reviews: ReviewRegistry): void {
    const { deposits, withdrawals, staffQueue } = this;
    reviews.register('deposit', {
      role: 'reviewer',
      list: (status) => staffQueue.deposits(status),
      isOpen: (id) => staffQueue.isDepositOpen(id),
      approve: (tx, id, staff) => deposits.approveDeposit(tx, id, staff),
      reject: (tx, id, staff, reason) => deposits.rejectDeposit(tx, id, staff, reason),
    });
    reviews.register('withdrawal', {
      role: 'finance',
      list: (status) => staffQueue.withdrawals(status),
      isOpen: (id) => staffQueue.isWithdrawalOpen(id),
      approvalsRequired: (tx, id) => staffQueue.withdrawalApprovals(tx, id),
      approve: (tx, id, staff, facts) => withdrawals.approveWithdrawal(tx, id, staff, facts),
      reject: (tx, id, staff, reason) => withdrawals.rejectWithdrawal(tx, id, staff, reason),
    });
  }
}
