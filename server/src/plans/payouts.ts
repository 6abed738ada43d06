import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { AppError } from '../http/errors';
import { Money, customerAccount, formatAmount, platformAccount } from '../ledger/accounts';
import type { TransferRequest } from '../ledger/types';
import type { Unit } from '../platform/unit-of-work';
import type { PlansDeps } from './common';
import { cyclesDue, earningTime, postableIncome } from './rules';
import { planPayouts, plans } from './tables';

export type PlanRow = typeof plans.$inferSelect;

/** Plans settled per transaction: large enough to amortise the round trips, small enough to keep locks short. */
export const PAYOUT_BATCH = 500;

/**
 * The payout run (docs/product.md, Smart plans): every running plan whose next earning time has passed is paid
 * each cycle due and not yet paid, in order; at the last cycle the principal is released and the plan
 * completes. Three guards make a cycle impossible to pay twice: the plan row is locked (`SKIP LOCKED`, so two
 * runs split the work instead of sharing it) and `cycles_paid` moves in the payout's own transaction; each
 * payout's ledger entry carries the once key `plan_payout:<plan>:<cycle>`; and `plan_payouts` has the
 * primary key (plan, cycle). Downtime is caught up because "due" is computed from the clock, not from passes.
 */
export class Payouts {
  constructor(private readonly deps: PlansDeps) {}

  /** Pays everything due at `now`; returns how many plans and payouts it settled. */
  async payDue(now: number): Promise<{ plans: number; payouts: number }> {
    const total = { plans: 0, payouts: 0 };
    for (;;) {
      const done = await this.deps.units.run((unit) => this.payBatch(unit, now), { ambient: false });
      total.plans += done.plans;
      total.payouts += done.payouts;
      if (done.plans < PAYOUT_BATCH) return total;
    }
  }

  private async payBatch(unit: Unit, now: number): Promise<{ plans: number; payouts: number }> {
    const rows = await unit.tx
      .select()
      .from(plans)
      .where(and(eq(plans.status, 'earning'), lte(plans.nextEarningAt, new Date(now))))
      .orderBy(asc(plans.nextEarningAt), asc(plans.id))
      .limit(PAYOUT_BATCH)
      .for('update', { skipLocked: true });
    const payouts = await this.settle(unit, rows, now);
    return { plans: rows.length, payouts };
  }

  /**
   * Pays the cycles due at `now` of these locked plans and completes those at term, in the unit's
   * transaction. Also used by an early exit, which first pays what had fallen due. Returns payouts made.
   */
  async settle(unit: Unit, locked: PlanRow[], now: number): Promise<number> {
    const rows = locked.map(postableIncome);
    const requests: TransferRequest[] = [];
    const payoutRows: { request: number; values: typeof planPayouts.$inferInsert }[] = [];
    const updates: { id: string; c: number; n: string | null; s: string; e: string | null }[] = [];
    const notices: { row: PlanRow; cycles: number; completed: boolean }[] = [];
    const paidAt = new Date(now);
    for (const row of rows) {
      const start = row.startedAt.getTime();
      const due = cyclesDue(start, row.earningIntervalSeconds, row.days, now);
      if (due <= row.cyclesPaid) continue;
      for (let cycle = row.cyclesPaid + 1; cycle <= due; cycle += 1) {
        payoutRows.push({
          request: requests.length,
          values: {
            planId: row.id,
            cycle,
            userId: row.userId,
            amount: row.dailyIncome,
            dueAt: new Date(earningTime(start, row.earningIntervalSeconds, cycle)),
            paidAt,
            journalId: 0n,
          },
        });
        requests.push(payoutRequest(row, cycle));
      }
      const completed = due === row.days;
      if (completed) requests.push(releaseRequest(row));
      updates.push({
        id: String(row.id),
        c: due,
        n: completed ? null : new Date(earningTime(start, row.earningIntervalSeconds, due + 1)).toISOString(),
        s: completed ? 'completed' : 'earning',
        e: completed ? paidAt.toISOString() : null,
      });
      notices.push({ row, cycles: due - row.cyclesPaid, completed });
    }
    if (requests.length === 0) return 0;
    const byRequest = new Map(payoutRows.map((p) => [p.request, p]));
    const results = await this.deps.ledger.transferMany(unit.tx, requests, {
      attach: {
        table: planPayouts,
        journalIdColumn: 'journalId',
        as: 'scalar',
        rows: (accepted) =>
          accepted.flatMap((i) => {
            const row = byRequest.get(i);
            if (!row) return [];
            const { journalId: _journal, ...values } = row.values;
            return [{ request: i, values }];
          }),
      },
    });
    // A credit and a release of the plan's own held principal cannot be refused: a refusal is a broken ledger.
    const refused = results.find((r) => r instanceof AppError);
    if (refused)
      throw new Error(`plans: a payout was refused by the ledger: ${(refused as AppError).message}`);
    await updatePlans(unit.tx, updates);
    await this.notify(unit, notices);
    return payoutRows.length;
  }

  /** One notification per plan and run (a catch-up of three cycles is one message), stored in one statement. */
  private async notify(unit: Unit, notices: { row: PlanRow; cycles: number; completed: boolean }[]) {
    await this.deps.notifications.addMany(
      unit,
      notices.map(({ row, cycles, completed }) => {
        const kind = completed ? 'plan.completed' : 'plan.payout';
        return {
          userId: String(row.userId),
          input: {
            kind,
            titleKey: `notifications.${kind}.title`,
            bodyKey: `notifications.${kind}.body`,
            params: {
              product: row.productName,
              amount: formatAmount(new Money(row.dailyIncome).times(cycles)),
              cycles,
              currency: row.currency,
              principal: formatAmount(row.amount),
            },
            reference: { type: 'plan', id: String(row.id) },
          },
        };
      }),
    );
  }
}

function payoutRequest(row: PlanRow, cycle: number): TransferRequest {
  const userId = String(row.userId);
  return {
    type: 'plan_payout',
    reference: { type: 'plan', id: String(row.id) },
    memo: `${row.productName}: income, cycle ${cycle} of ${row.days}`,
    once: `plan_payout:${row.id}:${cycle}`,
    legs: [
      {
        account: platformAccount('platform_plan_payouts', row.currency, row.mode),
        amount: `-${row.dailyIncome}`,
      },
      { account: customerAccount(userId, row.mode, row.currency), amount: row.dailyIncome },
    ],
  };
}

function releaseRequest(row: PlanRow): TransferRequest {
  const userId = String(row.userId);
  return {
    type: 'plan_principal_release',
    reference: { type: 'plan', id: String(row.id) },
    memo: `${row.productName}: term ended, principal returned`,
    once: `plan_release:${row.id}`,
    legs: [
      { account: customerAccount(userId, row.mode, row.currency, 'customer_held'), amount: `-${row.amount}` },
      { account: customerAccount(userId, row.mode, row.currency), amount: row.amount },
    ],
  };
}

/** One statement for the whole batch: a row per plan would cost a round trip each. */
async function updatePlans(
  tx: Tx,
  updates: { id: string; c: number; n: string | null; s: string; e: string | null }[],
): Promise<void> {
  if (updates.length === 0) return;
  await tx.execute(sql`update ${plans} as p
    set cycles_paid = r.c, next_earning_at = r.n, status = r.s, ended_at = r.e
    from json_to_recordset(${JSON.stringify(updates)}::json) as r(id bigint, c int, n timestamptz, s text, e timestamptz)
    where p.id = r.id`);
}
