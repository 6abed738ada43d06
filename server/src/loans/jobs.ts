import { and, asc, eq, inArray, lte, max, sum } from 'drizzle-orm';
import { loanOverdueInterestPerDay } from '@swx/shared/contract';
import type { Tx } from '../db/client';
import { Money, formatAmount } from '../ledger/accounts';
import { notifyInUnit } from '../kyc/service';
import type { Scheduler } from '../platform/scheduler';
import { lockLoan, type LoanRow, type LoansDeps } from './common';
import { loanNotices, loanOverdueDays, loans } from './tables';
import { DAY_MS, overdueDaysAt } from './terms';

/** Loans handled per transaction batch of one pass; a pass goes on until nothing is due. */
const BATCH = 100;

/**
 * The daily life of a running loan, caught up to `now` in one transaction per loan: the "due tomorrow"
 * notice one day before maturity; from maturity, one overdue day at a time (day 1 starts at maturity), each
 * accruing overdue interest, with an "overdue" notice on day 1 and every `loan_overdue_notice_days` after.
 * Every step is a row with a unique key (loan, day) or (loan, kind, day), so a pass that runs twice, or after
 * days of downtime, does each step exactly once; `next_event_at` keeps passes from reading idle loans.
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
            await this.catchUp(tx, row, now, true);
        });
        handled += 1;
      }
    }
  }

  /**
   * Brings one locked, running loan up to `now`; with `notify` false (a repayment closing it) the notices are
   * recorded as done but not sent. Returns the overdue interest accrued so far.
   */
  async catchUp(tx: Tx, row: LoanRow, now: number, notify: boolean): Promise<string> {
    const maturityAt = row.maturityAt!.getTime();
    const userId = String(row.userId);
    const reference = { type: 'loan', id: String(row.id) };
    if (now >= maturityAt - DAY_MS) {
      const sent = await this.record(tx, row.id, 'due_tomorrow', 0, now);
      // A reminder that arrives after the due date (downtime) says nothing useful: recorded, not sent.
      if (sent && notify && now < maturityAt)
        await notifyInUnit(this.deps, tx, userId, 'loan.due_tomorrow', this.params(row), reference, 'loan');
    }
    const overdueDays = overdueDaysAt(maturityAt, now);
    const [accrued] = await tx
      .select({ last: max(loanOverdueDays.day) })
      .from(loanOverdueDays)
      .where(eq(loanOverdueDays.loanId, row.id));
    const perDay = loanOverdueInterestPerDay(row.amount, row.overdueDailyRate);
    const every = this.deps.params.getInteger('loan_overdue_notice_days');
    for (let day = (accrued?.last ?? 0) + 1; day <= overdueDays; day += 1) {
      await tx
        .insert(loanOverdueDays)
        .values({ loanId: row.id, day, interest: perDay, accruedAt: new Date(now) })
        .onConflictDoNothing();
      if ((day - 1) % every !== 0) continue;
      const sent = await this.record(tx, row.id, 'overdue', day, now);
      if (sent && notify)
        await notifyInUnit(
          this.deps,
          tx,
          userId,
          'loan.overdue',
          { ...this.params(row), overdueDays: day },
          reference,
          'loan',
        );
    }
    const nextEventAt =
      overdueDays > 0
        ? maturityAt + overdueDays * DAY_MS
        : now >= maturityAt - DAY_MS
          ? maturityAt
          : maturityAt - DAY_MS;
    await tx
      .update(loans)
      .set({ nextEventAt: new Date(nextEventAt), ...(overdueDays > 0 ? { status: 'expired' as const } : {}) })
      .where(eq(loans.id, row.id));
    const [total] = await tx
      .select({ interest: sum(loanOverdueDays.interest) })
      .from(loanOverdueDays)
      .where(eq(loanOverdueDays.loanId, row.id));
    return formatAmount(new Money(total?.interest ?? '0').toFixed());
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
      repaymentDate: row.maturityAt!.toISOString().slice(0, 10),
    };
  }

  /** The pass runs every minute on the scheduler's leader; what it missed while down, it does on its next run. */
  register(scheduler: Pick<Scheduler, 'every'>): void {
    scheduler.every('loans.daily-steps', 60_000, (now) => this.processDue(now), { runOnStart: true });
  }
}
