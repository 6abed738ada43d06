import { asc, eq } from 'drizzle-orm';
import { errors, type Loan, type LoanStatus } from '@swx/shared/contract';
import type { Tx } from '../db/client';
import { AppError } from '../http/errors';
import { customerAccount, formatAmount, platformAccount } from '../ledger/accounts';
import type { ReviewRegistry } from '../admin/reviews';
import type { StaffIdentity } from '../admin/staff';
import { notifyInUnit } from '../kyc/service';
import { lockLoan, type LoanRow, type LoansDeps } from './common';
import { loans } from './tables';
import { DAY_MS, LOAN_CURRENCY, toLoan } from './terms';

/**
 * Staff decide signed loans through the review queue. Approval starts the term (maturity = approval + term
 * days) and credits the principal from the platform's loan account in the same transaction, once per loan.
 */
export class LoanReviews {
  constructor(
    private readonly deps: LoansDeps,
    private readonly now: () => number,
  ) {}

  register(reviews: ReviewRegistry): void {
    reviews.register('loan', {
      list: (status) => this.staffList(status),
      approve: (tx, id, staff) => this.approve(tx, id, staff),
      reject: (tx, id, staff, reason) => this.reject(tx, id, staff, reason),
    });
  }

  private async staffList(status: string) {
    const rows = await this.deps.db
      .select()
      .from(loans)
      .where(eq(loans.status, status as LoanStatus))
      .orderBy(asc(loans.id))
      .limit(500);
    const now = this.now();
    return rows.map((row) => ({
      ...toLoan(row, now),
      userId: String(row.userId),
      contractUrl: `/swx/admin/loans/${String(row.id)}/contract`,
    }));
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
    const maturityAt = now + row.term * DAY_MS;
    const [updated] = await tx
      .update(loans)
      .set({
        status: 'repaying',
        approvedAt: new Date(now),
        maturityAt: new Date(maturityAt),
        nextEventAt: new Date(maturityAt - DAY_MS),
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
      { amount, repaymentDate: loan.repaymentDate, totalRepayment: loan.totalRepayment },
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
