import Decimal from 'decimal.js';
import { asc, desc, eq } from 'drizzle-orm';
import type {
  Deposit,
  DepositStatus,
  ReviewCustomer,
  TransactionRecord,
  WithdrawalStatus,
} from '@swx/shared/contract';
import type { Tx } from '../db/client';
import type { ReviewListItem } from '../staff/reviews';
import { withdrawalFourEyes, type CashierDeps, type CashierStaffViews } from './common';
import { toDeposit } from './deposits';
import type { Withdrawals } from './withdrawals';
import { cashierDeposits, cashierWithdrawals } from './tables';

const RECENT = 10;

const unknownCustomer = (userId: string): ReviewCustomer => ({ userId, username: '', email: null });

/**
 * The cashier's review queues as staff see them (`DepositReview`, `WithdrawalReview` in the contract): each
 * record with its customer, its age, and the customer's recent deposits (and, for withdrawals, trades), so a
 * decision needs no further calls. Also the four-eyes rule for withdrawals by today's parameter and price
 * (`withdrawalFourEyes`), which can only raise the number fixed at submission.
 */
export class CashierStaffQueue {
  constructor(
    private readonly deps: CashierDeps,
    private readonly withdrawalRecords: Withdrawals,
    private readonly views: CashierStaffViews,
    private readonly now: () => number,
  ) {}

  async deposits(status: string): Promise<ReviewListItem[]> {
    const rows = await this.deps.db
      .select()
      .from(cashierDeposits)
      .where(eq(cashierDeposits.status, status as DepositStatus))
      .orderBy(asc(cashierDeposits.id))
      .limit(500);
    const userIds = rows.map((row) => String(row.userId));
    const [customers, history] = await Promise.all([
      this.views.customers(userIds),
      this.recentDeposits(userIds),
    ]);
    return rows.map((row) => {
      const deposit = toDeposit(row);
      const userId = String(row.userId);
      return {
        ...deposit,
        ...this.common(userId, customers, row.createdAt),
        userId,
        proofImageUrl: `/swx/admin/uploads/${deposit.proofImage}`,
        recentDeposits: (history.get(userId) ?? [])
          .filter((other) => other.id !== deposit.id)
          .slice(0, RECENT),
      };
    });
  }

  async withdrawals(status: string): Promise<ReviewListItem[]> {
    const items = await this.withdrawalRecords.staffWithdrawals(status);
    const userIds = items.map((item) => item.userId);
    const [customers, deposits] = await Promise.all([
      this.views.customers(userIds),
      this.recentDeposits(userIds),
    ]);
    const trades = new Map<string, TransactionRecord[]>();
    for (const userId of new Set(userIds)) trades.set(userId, await this.views.recentTrades(userId, RECENT));
    const targetHours = this.deps.params.getInteger('withdrawal_review_hours');
    return items.map((item) => {
      const createdAt = new Date(item.createdAt);
      const rule = withdrawalFourEyes(this.deps, item.currency, item.amount);
      const valueUsdt = rule.valueUsdt;
      return {
        ...item,
        ...this.common(item.userId, customers, createdAt),
        amountReceived: item.amount,
        valueUsdt: valueUsdt ?? null,
        targetHours,
        overdue: item.status === 'pending' && this.now() > createdAt.getTime() + targetHours * 3_600_000,
        recentDeposits: (deposits.get(item.userId) ?? []).slice(0, RECENT),
        recentTrades: trades.get(item.userId) ?? [],
        approvalsRequired: item.status === 'pending' ? rule.required : 1,
      };
    });
  }

  /**
   * Approvals the withdrawal needs by today's rule, locking it for the decision: two while it is pending and
   * worth more than the limit now (or not priced); one to complete an approved one. The number fixed at
   * submission still counts when this one is lower.
   */
  async withdrawalApprovals(tx: Tx, id: string): Promise<number> {
    if (!/^[1-9][0-9]{0,18}$/.test(id)) return 1;
    const [row] = await tx
      .select()
      .from(cashierWithdrawals)
      .where(eq(cashierWithdrawals.id, BigInt(id)))
      .for('update');
    if (!row || row.status !== 'pending') return 1;
    return withdrawalFourEyes(this.deps, row.currency, new Decimal(row.amount).toFixed()).required;
  }

  async isDepositOpen(id: string): Promise<boolean | undefined> {
    if (!/^[1-9][0-9]{0,18}$/.test(id)) return undefined;
    const [row] = await this.deps.db
      .select({ status: cashierDeposits.status })
      .from(cashierDeposits)
      .where(eq(cashierDeposits.id, BigInt(id)));
    return row ? row.status === 'pending' : undefined;
  }

  /** Pending (to approve) and approved (to complete with the payout's reference) both await staff. */
  async isWithdrawalOpen(id: string): Promise<boolean | undefined> {
    if (!/^[1-9][0-9]{0,18}$/.test(id)) return undefined;
    const [row] = await this.deps.db
      .select({ status: cashierWithdrawals.status })
      .from(cashierWithdrawals)
      .where(eq(cashierWithdrawals.id, BigInt(id)));
    return row ? (['pending', 'approved'] as WithdrawalStatus[]).includes(row.status) : undefined;
  }

  private common(userId: string, customers: Map<string, ReviewCustomer>, queuedAt: Date) {
    return {
      customer: customers.get(userId) ?? unknownCustomer(userId),
      queuedAt: queuedAt.toISOString(),
      ageSeconds: Math.max(0, Math.floor((this.now() - queuedAt.getTime()) / 1000)),
    };
  }

  /** Each customer's latest deposits, newest first (one bounded query per customer). */
  private async recentDeposits(userIds: readonly string[]): Promise<Map<string, Deposit[]>> {
    const found = new Map<string, Deposit[]>();
    for (const userId of new Set(userIds)) {
      const rows = await this.deps.db
        .select()
        .from(cashierDeposits)
        .where(eq(cashierDeposits.userId, BigInt(userId)))
        .orderBy(desc(cashierDeposits.id))
        .limit(RECENT + 1);
      found.set(userId, rows.map(toDeposit));
    }
    return found;
  }
}
