import { and, asc, eq, inArray, lte, max, sql } from 'drizzle-orm';
import { LOAN_DUE_TIME } from '@swx/shared/contract';
import type { Tx } from '../db/client';
import { Money, formatAmount } from '../ledger/accounts';
import { notifyInUnit } from '../kyc/service';
import type { Scheduler } from '../platform/scheduler';
import { reminderAt } from './calendar';
import { lockLoan, type LoanRow, type LoansDeps } from './common';
import { paymentMemo, recordPayment } from './payments';
import { allocate, contractInterestAt, overdueDayInterest, owed } from './rules';
import { loanNotices, loanOverdueDays, loanPayments, loans } from './tables';
import { DAY_MS, LOAN_CURRENCY, overdueDaysAt } from './terms';

/** Loans handled per transaction batch of one pass; a pass goes on until nothing is due. */
const BATCH = 100;

export interface CatchUpOptions {
  /** Send the notices (false when a repayment is closing the loan in the same transaction). */
  notify: boolean;
  /** Collect at maturity (false when the customer is repaying everything now anyway). */
  collect: boolean;
}

/**
 * The daily life of a running loan, caught up to `now` in one transaction per loan:
 * 1. the "due tomorrow" notice at the start of the day before the due date (in the loan's time zone);
 * 2. at maturity (the end of the due date), one collection from the borrower's available USDT: everything
 *    due, or as much as there is; repaid in full closes the loan, anything short leaves it overdue;
 * 3. from maturity, one overdue day at a time (day 1 starts at maturity), each accruing overdue interest on
 *    the unpaid principal until the cap fixed at signing, with an "overdue" notice on day 1 and every
 *    `loan_overdue_notice_days` after.
 * Every step is a row with a unique key — (loan, kind, day) notices, (loan, day) accruals, (loan, kind)
 * payments — and the ledger entry has a once key, so a pass that runs twice, on two instances, or after days
 * of downtime, does each step exactly once; `next_event_at` keeps passes from reading idle loans.
 */
export class LoanDays {
  constructor(private readonly deps: LoansDeps) {}

  /** Everything due by `now` (a scheduler pass). Returns how many loans it looked at. */
  async processDue(now: number): Promise<number> {
    let handled = 0;
    for (;;) {
      const due = await this.deps.db
        .select({ id: loans.id })
        .from(loans)
        .where(and(inArray(loans.status, ['repaying', 'expired']), lte(loans.nextEventAt, new Date(now))))
        .orderBy(asc(loans.nextEventAt))
        .limit(BATCH);
      if (due.length === 0) return handled;
      for (const { id } of due) {
        await this.deps.units.run(async ({ tx }) => {
          const row = await lockLoan(tx, id);
          if (row && (row.status === 'repaying' || row.status === 'expired'))
            await this.catchUp(tx, row, now, { notify: true, collect: true });
        });
        handled += 1;
      }
    }
  }

  /** Brings one locked, running loan up to `now`; returns the row as it is afterwards. */
  async catchUp(tx: Tx, row: LoanRow, now: number, options: CatchUpOptions): Promise<LoanRow> {
    const maturityAt = row.maturityAt!.getTime();
    const userId = String(row.userId);
    const reference = { type: 'loan', id: String(row.id) };
    if (now >= reminderAt(row.dueDate!, row.timeZone)) {
      const sent = await this.record(tx, row.id, 'due_tomorrow', 0, now);
      // A reminder that arrives after the due date (downtime) says nothing useful: recorded, not sent.
      if (sent && options.notify && now < maturityAt)
        await notifyInUnit(this.deps, tx, userId, 'loan.due_tomorrow', this.params(row), reference, 'loan');
    }
    let current = row;
    if (now >= maturityAt && options.collect) {
      current = await this.collect(tx, current, options.notify);
      if (current.status === 'repaid') return current;
    }
    current = await this.accrue(tx, current, now, options.notify);
    const overdueDays = overdueDaysAt(maturityAt, now);
    const reminder = reminderAt(row.dueDate!, row.timeZone);
    const nextEventAt =
      overdueDays > 0 ? maturityAt + overdueDays * DAY_MS : now >= reminder ? maturityAt : reminder;
    const [updated] = await tx
      .update(loans)
      .set({ nextEventAt: new Date(nextEventAt), ...(overdueDays > 0 ? { status: 'expired' as const } : {}) })
      .where(eq(loans.id, row.id))
      .returning();
    return updated!;
  }

  /**
   * The one collection at maturity: what was due then (principal and the full term's interest, less what
   * was paid) from the available balance, all of it or what there is. Recorded even when it finds nothing, so
   * it never runs again; the receipt is its ledger entry, listed with the loan's payments.
   */
  private async collect(tx: Tx, row: LoanRow, notify: boolean): Promise<LoanRow> {
    const [done] = await tx
      .select({ id: loanPayments.id })
      .from(loanPayments)
      .where(and(eq(loanPayments.loanId, row.id), eq(loanPayments.kind, 'collection')));
    if (done) return row;
    const maturityAt = row.maturityAt!.getTime();
    const userId = String(row.userId);
    await this.deps.ledger.lockCustomers(tx, [{ userId, mode: 'real' }]);
    const balances = await this.deps.ledger.balances(userId, 'real', tx);
    const owing = owed(row, contractInterestAt(row, row.approvedAt!.getTime(), maturityAt, maturityAt));
    const parts = allocate(balances[LOAN_CURRENCY]?.available ?? '0', owing);
    const memo = paymentMemo('Loan collected at maturity', parts);
    // Collected as of the last second of the due date (23:59:59 local): paid in full then, never overdue.
    const dueAt = maturityAt - 1000;
    let { row: updated } = await recordPayment(this.deps, tx, row, 'collection', parts, dueAt, memo);
    const left = owing.total.minus(parts.amount);
    if (left.isZero()) updated = await this.closeRepaid(tx, updated, dueAt);
    if (notify)
      await notifyInUnit(
        this.deps,
        tx,
        userId,
        left.isZero() ? 'loan.collected' : 'loan.collected_partial',
        {
          ...this.params(row),
          collected: formatAmount(parts.amount.toFixed(2)),
          left: formatAmount(left.toFixed(2)),
        },
        { type: 'loan', id: String(row.id) },
        'loan',
      );
    return updated;
  }

  private async closeRepaid(tx: Tx, row: LoanRow, at: number): Promise<LoanRow> {
    const [closed] = await tx
      .update(loans)
      .set({
        status: 'repaid',
        repaidAmount: new Money(row.paidPrincipal).plus(row.paidInterest).toFixed(2),
        interestPaid: new Money(row.paidInterest).toFixed(2),
        closedAt: new Date(at),
        nextEventAt: null,
      })
      .where(eq(loans.id, row.id))
      .returning();
    return closed!;
  }

  /** Overdue days up to `now`, each once, on the principal unpaid at the time, never beyond the cap. */
  private async accrue(tx: Tx, row: LoanRow, now: number, notify: boolean): Promise<LoanRow> {
    const overdueDays = overdueDaysAt(row.maturityAt!.getTime(), now);
    const [accrued] = await tx
      .select({ last: max(loanOverdueDays.day) })
      .from(loanOverdueDays)
      .where(eq(loanOverdueDays.loanId, row.id));
    const every = this.deps.params.getInteger('loan_overdue_notice_days');
    let current = row;
    for (let day = (accrued?.last ?? 0) + 1; day <= overdueDays; day += 1) {
      const interest = overdueDayInterest(current).toFixed(2);
      const inserted = await tx
        .insert(loanOverdueDays)
        .values({ loanId: row.id, day, interest, accruedAt: new Date(now) })
        .onConflictDoNothing()
        .returning({ day: loanOverdueDays.day });
      if (inserted.length > 0 && new Money(interest).gt(0)) {
        const [next] = await tx
          .update(loans)
          .set({ overdueInterest: sql`${loans.overdueInterest} + ${interest}` })
          .where(eq(loans.id, row.id))
          .returning();
        current = next!;
      }
      if ((day - 1) % every !== 0) continue;
      const sent = await this.record(tx, row.id, 'overdue', day, now);
      if (sent && notify)
        await notifyInUnit(
          this.deps,
          tx,
          String(row.userId),
          'loan.overdue',
          { ...this.params(current), overdueDays: day },
          { type: 'loan', id: String(row.id) },
          'loan',
        );
    }
    return current;
  }

  /** True when this notice had not been recorded before (so it is sent now, exactly once). */
  private async record(tx: Tx, loanId: bigint, kind: 'due_tomorrow' | 'overdue', day: number, now: number) {
    const inserted = await tx
      .insert(loanNotices)
      .values({ loanId, kind, day, sentAt: new Date(now) })
      .onConflictDoNothing()
      .returning({ day: loanNotices.day });
    return inserted.length > 0;
  }

  private params(row: LoanRow) {
    return {
      loanId: String(row.id),
      amount: formatAmount(row.amount),
      repaymentDate: row.dueDate!,
      dueTime: LOAN_DUE_TIME,
      timeZone: row.timeZone,
      overdueInterest: formatAmount(new Money(row.overdueInterest).toFixed(2)),
      overdueInterestCap: formatAmount(new Money(row.overdueInterestCap ?? '0').toFixed(2)),
    };
  }

  /** The pass runs every minute on the scheduler's leader; what it missed while down, it does on its next run. */
  register(scheduler: Pick<Scheduler, 'every'>): void {
    scheduler.every('loans.daily-steps', 60_000, (now) => this.processDue(now), { runOnStart: true });
  }
}
