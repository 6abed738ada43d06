import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import {
  errors,
  type LoanWriteOff,
  type OverdueLoan,
  type PastWriteOffPage,
  type WriteOffHistoryQuery,
} from '@swx/shared/contract';
import type { Tx } from '../db/client';
import { AppError } from '../http/errors';
import { Money, formatAmount } from '../ledger/accounts';
import type { StaffIdentity } from '../staff/staff';
import { notifyInUnit } from '../kyc/service';
import { recordId } from '../platform/owned';
import { lockLoan, type LoanRow, type LoansDeps } from './common';
import { paymentMemo, recordPayment } from './payments';
import { contractInterestAt, owed } from './rules';
import { loanWriteOffs, loans } from './tables';
import { overdueDaysAt, toLoan } from './terms';

type WriteOffRow = typeof loanWriteOffs.$inferSelect;

/** The four-eyes subject kind of a write-off (`loan-write-off:<write-off request id>`). */
export const WRITE_OFF_SUBJECT = 'loan-write-off';

/**
 * Writing off an overdue loan (docs/product.md, Loans): a finance member asks with a reason (the first pair
 * of eyes), a different finance member approves through the shared four-eyes piece (the second). Approval
 * closes the loan as `written_off` in one transaction with: the payment row of kind `write_off` (what was
 * given up), the ledger entry moving the unpaid principal from the book to `platform_loan_losses`, the
 * customer's notice and the audit rows. The customer's loan record shows it; their balance is not touched.
 */
export class LoanWriteOffs {
  constructor(
    private readonly deps: LoansDeps,
    private readonly now: () => number,
  ) {}

  private async overdueLoan(tx: Tx, loanId: string): Promise<LoanRow> {
    const id = recordId(loanId);
    const row = id === undefined ? undefined : await lockLoan(tx, id);
    if (!row) throw new AppError(errors.notFound);
    if (row.status !== 'expired') throw new AppError(errors.loanNotOverdue);
    return row;
  }

  async request(who: StaffIdentity, loanId: string, reason: string): Promise<LoanWriteOff> {
    const text = reason.normalize('NFC').trim();
    await this.deps.units.run(async ({ tx }) => {
      const row = await this.overdueLoan(tx, loanId);
      const [open] = await tx
        .select({ id: loanWriteOffs.id })
        .from(loanWriteOffs)
        .where(and(eq(loanWriteOffs.loanId, row.id), eq(loanWriteOffs.status, 'pending')));
      if (open) throw new AppError(errors.requestAlreadyPending);
      const [inserted] = await tx
        .insert(loanWriteOffs)
        .values({
          loanId: row.id,
          reason: text,
          requestedBy: BigInt(who.staffId),
          requestedAt: new Date(this.now()),
        })
        .returning({ id: loanWriteOffs.id });
      // Fixed with the request (the back office's four-eyes piece): one approval by a finance member other
      // than the requester. The subject is the request, so a request made again after a rejection starts anew.
      await this.deps.fourEyes.require(
        tx,
        { kind: WRITE_OFF_SUBJECT, id: String(inserted!.id), requestedBy: who.staffId },
        1,
        { loanId: String(row.id), userId: String(row.userId) },
      );
      await this.deps.audit.record(tx, {
        staffId: who.staffId,
        action: 'loans.write_off.request',
        target: `loan:${loanId}`,
        details: { reason: text, userId: String(row.userId) },
      });
    });
    return this.latest(loanId);
  }

  /**
   * The second pair of eyes: a finance member other than the requester (`11171`) approves; the loan is
   * written off with what it owes at this moment.
   */
  async approve(who: StaffIdentity, loanId: string): Promise<LoanWriteOff> {
    await this.deps.units.run(async ({ tx }) => {
      const row = await this.overdueLoan(tx, loanId);
      const request = await this.pending(tx, row.id);
      const { complete } = await this.deps.fourEyes.approve(
        tx,
        { kind: WRITE_OFF_SUBJECT, id: String(request.id), requestedBy: String(request.requestedBy) },
        who,
        { role: 'finance' },
      );
      // More approvals fixed at request time are still needed: this one is recorded, nothing moves yet.
      if (!complete) return;
      const now = this.now();
      const owing = owed(
        row,
        contractInterestAt(row, row.approvedAt!.getTime(), row.maturityAt!.getTime(), now),
      );
      const parts = { amount: owing.total, principal: owing.principal, interest: owing.interest };
      const { journalId } = await recordPayment(
        this.deps,
        tx,
        row,
        'write_off',
        parts,
        now,
        paymentMemo(`Loan written off: ${request.reason}`, parts),
      );
      await tx
        .update(loans)
        .set({ status: 'written_off', closedAt: new Date(now), nextEventAt: null })
        .where(eq(loans.id, row.id));
      await tx
        .update(loanWriteOffs)
        .set({
          status: 'approved',
          decidedBy: BigInt(who.staffId),
          decidedAt: new Date(now),
          principal: owing.principal.toFixed(2),
          interest: owing.interest.toFixed(2),
          journalId: journalId === null ? null : BigInt(journalId),
        })
        .where(eq(loanWriteOffs.id, request.id));
      await notifyInUnit(
        this.deps,
        tx,
        String(row.userId),
        'loan.written_off',
        { loanId: String(row.id), amount: formatAmount(owing.total.toFixed(2)) },
        { type: 'loan', id: String(row.id) },
        'loan',
      );
      await this.deps.audit.record(tx, {
        staffId: who.staffId,
        action: 'loans.write_off.approve',
        target: `loan:${loanId}`,
        details: {
          requestedBy: String(request.requestedBy),
          principal: formatAmount(owing.principal.toFixed(2)),
          interest: formatAmount(owing.interest.toFixed(2)),
          journalId,
        },
      });
    });
    return this.latest(loanId);
  }

  /** Turns a request down (or the requester withdraws it); nothing moves. */
  async reject(who: StaffIdentity, loanId: string, reason: string): Promise<LoanWriteOff> {
    const text = reason.normalize('NFC').trim();
    await this.deps.units.run(async ({ tx }) => {
      const id = recordId(loanId);
      if (id === undefined) throw new AppError(errors.notFound);
      const request = await this.pending(tx, id);
      await tx
        .update(loanWriteOffs)
        .set({
          status: 'rejected',
          decidedBy: String(request.requestedBy) === who.staffId ? null : BigInt(who.staffId),
          decidedAt: new Date(this.now()),
          rejectReason: text,
        })
        .where(eq(loanWriteOffs.id, request.id));
      await this.deps.audit.record(tx, {
        staffId: who.staffId,
        action: 'loans.write_off.reject',
        target: `loan:${loanId}`,
        details: { reason: text },
      });
    });
    return this.latest(loanId);
  }

  /** Overdue loans, oldest due first, each with its customer, figures today and write-off request. */
  async overdue(): Promise<OverdueLoan[]> {
    const rows = await this.deps.db
      .select()
      .from(loans)
      .where(eq(loans.status, 'expired'))
      .orderBy(asc(loans.maturityAt), asc(loans.id))
      .limit(500);
    const now = this.now();
    const customers = await this.deps.customers([...new Set(rows.map((r) => String(r.userId)))]);
    const requests = await this.requestsOf(rows.map((r) => r.id));
    return rows.map((row) => {
      const loan = toLoan(row, now);
      const userId = String(row.userId);
      return {
        loanId: loan.id,
        customer: customers.get(userId) ?? { userId, username: '', email: null },
        amount: loan.amount,
        repaymentDate: loan.repaymentDate,
        overdueDays: overdueDaysAt(row.maturityAt!.getTime(), now),
        amountDue: loan.amountDueToday,
        paidAmount: loan.paidAmount,
        overdueInterest: loan.overdueInterest,
        writeOff: requests.get(loan.id) ?? null,
      };
    });
  }

  /**
   * Past write-offs (approved requests), newest decision first, a page at a time: what was given up on which
   * loan and the two members who decided it, with the ledger entry that posted it.
   */
  async history({ page, pageSize }: WriteOffHistoryQuery): Promise<PastWriteOffPage> {
    const approved = eq(loanWriteOffs.status, 'approved');
    const [totals] = await this.deps.db.select({ total: count() }).from(loanWriteOffs).where(approved);
    const rows = await this.deps.db
      .select({ writeOff: loanWriteOffs, userId: loans.userId, amount: loans.amount })
      .from(loanWriteOffs)
      .innerJoin(loans, eq(loans.id, loanWriteOffs.loanId))
      .where(approved)
      .orderBy(desc(loanWriteOffs.decidedAt), desc(loanWriteOffs.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    const customers = await this.deps.customers([...new Set(rows.map((r) => String(r.userId)))]);
    const names = await this.deps.staffNames(
      rows.flatMap(({ writeOff }) => [String(writeOff.requestedBy), String(writeOff.decidedBy)]),
    );
    const items = rows.map(({ writeOff, userId, amount }) => {
      const row = view(writeOff, names);
      const customer = String(userId);
      return {
        loanId: row.loanId,
        customer: customers.get(customer) ?? { userId: customer, username: '', email: null },
        amount: formatAmount(new Money(amount).toFixed(2)),
        principal: row.principal ?? '0',
        interest: row.interest ?? '0',
        reason: row.reason,
        requestedBy: row.requestedBy,
        requestedByUsername: row.requestedByUsername,
        requestedAt: row.requestedAt,
        // An approved request always carries its decision (set in the approving transaction).
        approvedBy: row.decidedBy ?? '',
        approvedByUsername: row.decidedByUsername,
        approvedAt: row.decidedAt ?? row.requestedAt,
        journalId: row.journalId,
      };
    });
    return { items, total: totals?.total ?? 0, page, pageSize };
  }

  private async pending(tx: Tx, loanId: bigint): Promise<WriteOffRow> {
    const [request] = await tx
      .select()
      .from(loanWriteOffs)
      .where(and(eq(loanWriteOffs.loanId, loanId), eq(loanWriteOffs.status, 'pending')))
      .for('update');
    if (!request) throw new AppError(errors.notFound, 'No write-off request waits for this loan');
    return request;
  }

  /** The latest request of each loan (the open or approved one, else the last rejected). */
  private async requestsOf(ids: readonly bigint[]): Promise<Map<string, LoanWriteOff>> {
    const found = new Map<string, LoanWriteOff>();
    if (ids.length === 0) return found;
    const rows = await this.deps.db
      .select()
      .from(loanWriteOffs)
      .where(inArray(loanWriteOffs.loanId, [...ids]))
      .orderBy(desc(loanWriteOffs.id));
    const names = await this.deps.staffNames(
      rows.flatMap((r) => [String(r.requestedBy), ...(r.decidedBy ? [String(r.decidedBy)] : [])]),
    );
    for (const row of rows)
      if (!found.has(String(row.loanId))) found.set(String(row.loanId), view(row, names));
    return found;
  }

  private async latest(loanId: string): Promise<LoanWriteOff> {
    const id = recordId(loanId);
    const found = id === undefined ? undefined : (await this.requestsOf([id])).get(String(id));
    if (!found) throw new AppError(errors.notFound);
    return found;
  }
}

function view(row: WriteOffRow, names: Map<string, string>): LoanWriteOff {
  const money = (value: string | null) => (value === null ? null : formatAmount(new Money(value).toFixed(2)));
  return {
    loanId: String(row.loanId),
    status: row.status,
    reason: row.reason,
    requestedBy: String(row.requestedBy),
    requestedByUsername: names.get(String(row.requestedBy)) ?? null,
    requestedAt: row.requestedAt.toISOString(),
    decidedBy: row.decidedBy === null ? null : String(row.decidedBy),
    decidedByUsername: row.decidedBy === null ? null : (names.get(String(row.decidedBy)) ?? null),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    rejectReason: row.rejectReason,
    principal: money(row.principal),
    interest: money(row.interest),
    journalId: row.journalId === null ? null : String(row.journalId),
  };
}
