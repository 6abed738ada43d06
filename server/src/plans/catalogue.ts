import { and, asc, eq, sql } from 'drizzle-orm';
import {
  errors,
  roundPaid,
  type AccountMode,
  type FundPlanReserveBody,
  type PlanProduct,
  type PlanReserve,
  type SetPlanTermsBody,
} from '@swx/shared/contract';
import type { Reader } from '../ledger/types';
import type { Tx } from '../db/client';
import { AppError } from '../http/errors';
import { Money, formatAmount, platformAccount } from '../ledger/accounts';
import { requirePostable } from '../ledger/precision';
import type { StaffIdentity } from '../staff/staff';
import type { PlansDeps } from './common';
import { checkProduct } from './products';
import { coverageRatio, planFigures } from './rules';
import { planProducts, plans } from './tables';

export type ProductRow = typeof planProducts.$inferSelect;

/**
 * The products (markets of type 1) and the reserve behind them. The reserve is never a stored counter: the
 * balance is the plan account's ledger postings, the obligations the unpaid income of the running plans.
 */
export class PlanCatalogue {
  constructor(private readonly deps: PlansDeps) {}

  /** Inserts configured products whose code is new; stored ones keep their (possibly staff-changed) terms. */
  async seed(): Promise<void> {
    const { products } = this.deps;
    await this.deps.db
      .insert(planProducts)
      .values(products.map((p, i) => ({ ...p, sortOrder: i })))
      .onConflictDoNothing({ target: planProducts.code });
    await this.deps.ledger.preparePlatformAccounts([...new Set(products.map((p) => p.currency))]);
  }

  async list(reader: Reader = this.deps.db): Promise<PlanProduct[]> {
    const rows = await reader
      .select()
      .from(planProducts)
      .orderBy(asc(planProducts.sortOrder), asc(planProducts.id));
    return rows.map(toProduct);
  }

  /** The product with this id (`10010` when unknown or switched off), locked when `tx` asks for it. */
  async offered(reader: Reader, productId: string): Promise<ProductRow> {
    if (!/^[1-9][0-9]{0,18}$/.test(productId)) throw new AppError(errors.smartProductIncorrect);
    const [row] = await reader
      .select()
      .from(planProducts)
      .where(eq(planProducts.id, BigInt(productId)));
    if (!row) throw new AppError(errors.smartProductIncorrect);
    if (!row.enabled)
      throw new AppError(errors.smartProductIncorrect, 'Smart trading is not enabled for this product');
    return row;
  }

  /**
   * The reserve of one currency and account set: its balance, what running plans are still owed, and whether
   * it can take a purchase now (`selling`: what it holds beyond its obligations covers the income of the
   * smallest purchase of some product in this currency). The demo reserve is play money and is topped up at
   * each demo purchase, so it always sells.
   */
  async reserve(
    currency: string,
    mode: AccountMode = 'real',
    reader: Reader = this.deps.db,
  ): Promise<PlanReserve> {
    const balance = new Money(
      await this.deps.ledger.platformBalance('platform_plan_payouts', currency, mode, reader),
    );
    const obligations = await this.obligations(currency, mode, reader);
    const smallest = await this.smallestIncome(currency, reader);
    return {
      currency,
      mode,
      balance: formatAmount(balance),
      obligations: formatAmount(obligations),
      coverageRatio: coverageRatio(balance, obligations),
      selling: mode === 'demo' || (smallest !== null && balance.minus(obligations).gte(smallest)),
    };
  }

  async reserves(reader: Reader = this.deps.db): Promise<PlanReserve[]> {
    const products = await this.list(reader);
    const currencies = [...new Set(products.map((p) => p.currency))];
    return Promise.all(
      currencies.flatMap((currency) =>
        (['real', 'demo'] as const).map((mode) => this.reserve(currency, mode, reader)),
      ),
    );
  }

  /** The total income of the smallest purchase any enabled product in this currency sells (null: none). */
  private async smallestIncome(currency: string, reader: Reader): Promise<Money | null> {
    let smallest: Money | null = null;
    for (const product of await this.list(reader)) {
      if (!product.enabled || product.currency !== currency) continue;
      for (const term of product.terms) {
        const income = planFigures(product.minAmount, term.dailyRate, term.days, '0', currency).totalIncome;
        if (smallest === null || income.lt(smallest)) smallest = income;
      }
    }
    return smallest;
  }

  /** Future income of every running plan in this currency and account set. */
  async obligations(
    currency: string,
    mode: AccountMode = 'real',
    reader: Reader = this.deps.db,
  ): Promise<Money> {
    const [row] = await reader
      .select({ owed: sql<string | null>`sum(${plans.dailyIncome} * (${plans.days} - ${plans.cyclesPaid}))` })
      .from(plans)
      .where(and(eq(plans.status, 'earning'), eq(plans.currency, currency), eq(plans.mode, mode)));
    return new Money(row?.owed ?? '0');
  }

  /**
   * Serialises purchases in one currency and account set until the transaction ends: two purchases each
   * checked against the reserve alone could together promise more than it holds. Payouts and exits never
   * raise obligations above the balance (a payout lowers both by the same amount), so they need not wait.
   */
  async lockReserve(tx: Tx, currency: string, mode: AccountMode = 'real'): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`plans.reserve:${mode}:${currency}`}))`);
  }

  /**
   * Tops the demo reserve up from the demo funding account by what a demo purchase lacks: demo plans are
   * play money, and a fresh install sells them at once (issue 28). A ledger entry like any other.
   */
  async topUpDemoReserve(tx: Tx, currency: string, shortfall: Money): Promise<void> {
    if (shortfall.lte(0)) return;
    // Obligations of plans bought before ledger precision may be finer than the currency posts: round up.
    const amount = new Money(roundPaid(shortfall, currency));
    await this.deps.ledger.transfer(tx, {
      type: 'plan_reserve_funding',
      memo: 'Demo plan reserve topped up (play money)',
      legs: [
        {
          account: platformAccount('platform_demo_funding', currency, 'demo'),
          amount: amount.neg().toFixed(),
        },
        { account: platformAccount('platform_plan_payouts', currency, 'demo'), amount: amount.toFixed() },
      ],
    });
  }

  async setTerms(staff: StaffIdentity, id: string, body: SetPlanTermsBody): Promise<PlanProduct> {
    const problem = checkProduct(body);
    if (problem) throw new AppError(errors.invalidRequest, problem);
    return this.deps.units.run(async ({ tx }) => {
      const [before] = await tx
        .select()
        .from(planProducts)
        .where(eq(planProducts.id, BigInt(id)))
        .for('update');
      if (!before) throw new AppError(errors.notFound);
      const [after] = await tx
        .update(planProducts)
        .set({
          terms: body.terms,
          minAmount: body.minAmount,
          maxAmount: body.maxAmount,
          exitDamagesRate: body.exitDamagesRate,
          enabled: body.enabled,
          termsVersion: before.termsVersion + 1,
          updatedAt: new Date(),
        })
        .where(eq(planProducts.id, before.id))
        .returning();
      await this.deps.audit.record(tx, {
        staffId: staff.staffId,
        action: 'plans.terms.set',
        target: `plan_product:${id}`,
        details: { reason: body.reason, before: toProduct(before), after: toProduct(after!) },
      });
      return toProduct(after!);
    });
  }

  /** Owners' capital into the plan reserve: a reasoned ledger entry, audited in the same transaction. */
  async fundReserve(staff: StaffIdentity, body: FundPlanReserveBody): Promise<PlanReserve> {
    const amount = new Money(body.amount);
    if (amount.isZero())
      throw new AppError(errors.amountIncorrect, 'The amount must be greater than 0').onField(
        'amount',
        'positive',
      );
    requirePostable(body.amount, body.currency);
    return this.deps.units.run(async ({ tx }) => {
      const { journalId } = await this.deps.ledger.transfer(tx, {
        type: 'plan_reserve_funding',
        memo: body.reason,
        createdByStaffId: staff.staffId,
        legs: [
          {
            account: platformAccount('platform_capital', body.currency, 'real'),
            amount: amount.neg().toFixed(),
          },
          {
            account: platformAccount('platform_plan_payouts', body.currency, 'real'),
            amount: amount.toFixed(),
          },
        ],
      });
      await this.deps.audit.record(tx, {
        staffId: staff.staffId,
        action: 'plans.reserve.fund',
        target: `plan_reserve:${body.currency}`,
        details: { amount: formatAmount(amount), reason: body.reason, journalId },
      });
      return this.reserve(body.currency, 'real', tx);
    });
  }
}

export function toProduct(row: ProductRow): PlanProduct {
  return {
    id: String(row.id),
    type: 1,
    code: row.code,
    name: row.name,
    underlying: row.underlying,
    currency: row.currency,
    terms: row.terms,
    minAmount: formatAmount(row.minAmount),
    maxAmount: formatAmount(row.maxAmount),
    exitDamagesRate: formatAmount(row.exitDamagesRate),
    earningIntervalSeconds: row.earningIntervalSeconds,
    enabled: row.enabled,
  };
}
