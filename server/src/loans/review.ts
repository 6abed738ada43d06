import { asc, desc, eq } from 'drizzle-orm';
import { errors, type Loan, type LoanProduct, type LoanStatus } from '@swx/shared/contract';

/** How many of the customer's other loans staff see beside a pending one. */
const HISTORY = 20;
import type { Tx } from '../db/client';
import { AppError } from '../http/errors';
import { customerAccount, formatAmount, platformAccount } from '../ledger/accounts';
import type { LendingBookService } from './book';
import { dueDateOf, reminderAt } from './calendar';
import type { ReviewRegistry } from '../staff/reviews';
import type { StaffIdentity } from '../staff/staff';
import { notifyInUnit } from '../kyc/service';
import { lockLoan, type LoanRow, type LoansDeps } from './common';
import { loans } from './tables';
import { LOAN_CURRENCY, toLoan } from './terms';

/**
 * Staff decide signed loans through the review queue. Approval starts the term (due at the end of the day
 * `term` days after approval, in the loan's time zone) and pays the principal out of the lending book in the
 * same transaction, once per loan, if the book can carry it (`11402` capital, `11403` exposure).
 */
export class LoanReviews {
  constructor(
    private readonly deps: LoansDeps,
    private readonly book: LendingBookService,
    private readonly now: () => number,
    /**
     * The customer's limit, what they owe and what is left (the loan product as the customer sees it): staff
     * and customer read one figure, never two computations of it.
     */
    private readonly limitOf: (
      userId: string,
    ) => Promise<Pick<LoanProduct, 'customerLimit' | 'outstanding' | 'limitLeft'>>,
  ) {}

  register(reviews: ReviewRegistry): void {
    reviews.register('loan', {
      role: 'reviewer',
      list: (status) => this.staffList(status),
      isOpen: async (id) => {
        if (!/^[1-9][0-9]{0,18}$/.test(id)) return undefined;
        const [row] = await this.deps.db
          .select({ status: loans.status })
          .from(loans)
          .where(eq(loans.id, BigInt(id)));
        return row ? row.status === 'pending' : undefined;
      },
      approve: (tx, id, staff) => this.approve(tx, id, staff),
      reject: (tx, id, staff, reason) => this.reject(tx, id, staff, reason),
    });
  }

  /** Each pending loan with its customer, the customer's limit and their other loans (`LoanReview`). */
  private async staffList(status: string) {
    const rows = await this.deps.db
      .select()
      .from(loans)
      .where(eq(loans.status, status as LoanStatus))
      .orderBy(asc(loans.id))
      .limit(500);
    const now = this.now();
    const userIds = [...new Set(rows.map((row) => String(row.userId)))];
    const customers = await this.deps.customers(userIds);
    const perCustomer = new Map<
      string,
      { limit: string; outstanding: string; limitLeft: string; history: Loan[] }
    >();
    for (const userId of userIds) {
      const product = await this.limitOf(userId);
      const history = await this.deps.db
        .select()
        .from(loans)
        .where(eq(loans.userId, BigInt(userId)))
        .orderBy(desc(loans.id))
        .limit(HISTORY + 1);
      perCustomer.set(userId, {
        limit: product.customerLimit,
        outstanding: product.outstanding,
        limitLeft: product.limitLeft,
        history: history.map((row) => toLoan(row, now)),
      });
    }
    return rows.map((row) => {
      const id = String(row.id);
      const userId = String(row.userId);
      const facts = perCustomer.get(userId)!;
      return {
        ...toLoan(row, now),
        userId,
        customer: customers.get(userId) ?? { userId, username: '', email: null },
        queuedAt: row.createdAt.toISOString(),
        ageSeconds: Math.max(0, Math.floor((now - row.createdAt.getTime()) / 1000)),
        contractUrl: `/swx/admin/loans/${id}/contract`,
        limit: facts.limit,
        outstanding: facts.outstanding,
        limitLeft: facts.limitLeft,
        loanHistory: facts.history.filter((loan) => loan.id !== id).slice(0, HISTORY),
      };
    });
  }

  private async pending(tx: Tx, id: string): Promise<LoanRow> {
    if (!/^[1-9][0-9]{0,18}$/.test(id)) throw new AppError(errors.notFound);
    const row = await lockLoan(tx, BigInt(id));
    if (!row) throw new AppError(errors.notFound);
    if (row.status !== 'pending') throw new AppError(errors.alreadyDecided);
    return row;
  }

  private async approve(tx: Tx, id: string, staff: StaffIdentity): Promise<Loan> {
    const row = await this.pending(tx, id);
    const now = this.now();
    await this.book.lock(tx);
    await this.book.check(tx, String(row.userId), row.amount, 'approve');
    const { dueDate, overdueAt } = dueDateOf(now, row.term, row.timeZone);
    const [updated] = await tx
      .update(loans)
      .set({
        status: 'repaying',
        approvedAt: new Date(now),
        dueDate,
        maturityAt: new Date(overdueAt),
        nextEventAt: new Date(Math.max(now, reminderAt(dueDate, row.timeZone))),
        decidedByStaffId: BigInt(staff.staffId),
      })
      .where(eq(loans.id, row.id))
      .returning();
    const amount = formatAmount(row.amount);
    await this.deps.ledger.transfer(tx, {
      type: 'loan_disbursement',
      reference: { type: 'loan', id },
      memo: `Loan of ${amount} USDT for ${row.term} days`,
      once: `loan:${id}:disburse`,
      legs: [
        { account: platformAccount('platform_loans', LOAN_CURRENCY), amount: `-${amount}` },
        { account: customerAccount(String(row.userId), 'real', LOAN_CURRENCY), amount },
      ],
    });
    const loan = toLoan(updated!, now);
    await notifyInUnit(
      this.deps,
      tx,
      String(row.userId),
      'loan.approved',
      {
        amount,
        repaymentDate: loan.repaymentDate,
        totalRepayment: loan.totalRepayment,
        dueTime: '23:59:59',
        timeZone: row.timeZone,
      },
      { type: 'loan', id },
    );
    return loan;
  }

  private async reject(tx: Tx, id: string, staff: StaffIdentity, reason: string): Promise<Loan> {
    const row = await this.pending(tx, id);
    const now = this.now();
    const [updated] = await tx
      .update(loans)
      .set({ status: 'rejected', reason, closedAt: new Date(now), decidedByStaffId: BigInt(staff.staffId) })
      .where(eq(loans.id, row.id))
      .returning();
    await notifyInUnit(
      this.deps,
      tx,
      String(row.userId),
      'loan.rejected',
      { amount: formatAmount(row.amount), reason },
      { type: 'loan', id },
    );
    return toLoan(updated!, now);
  }
}
