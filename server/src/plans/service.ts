import crypto from 'node:crypto';
import { and, asc, desc, eq, inArray, lt } from 'drizzle-orm';
import {
  errors,
  type BuySmartBody,
  type ExitSmartBody,
  type PlanCatalogue as PlanCatalogueResult,
  type PlanStatus,
  type QuoteSmartBody,
  type SmartExitQuote,
  type SmartOrder,
  type SmartQuote,
} from '@swx/shared/contract';
import type { AccountMode } from '@swx/shared/contract';
import type { Tx } from '../db/client';
import { AppError } from '../http/errors';
import { Money, customerAccount, formatAmount, platformAccount } from '../ledger/accounts';
import { requirePostable } from '../ledger/precision';
import type { Reader } from '../ledger/types';
import type { Scheduler } from '../platform/scheduler';
import { findOwned, listOwned, ownedBy, type Customer } from '../platform/owned';
import { PlanCatalogue, type ProductRow } from './catalogue';
import { isUniqueViolation, type PlansDeps } from './common';
import { Payouts, type PlanRow } from './payouts';
import { amountInRange, earningTime, exitDamages, exitFigures, planFigures, postableIncome } from './rules';
import { planPayouts, planQuotes, plans } from './tables';

/** How long a purchase quote can be confirmed. */
export const PLAN_QUOTE_TTL_MS = 5 * 60 * 1000;
const LISTED_MAX_AGE_MS = 5_000;

/** A product as the markets list shows it among the markets (`listMarketAll?type=1`; wired in services.ts). */
export interface ListedProduct {
  id: string;
  code: string;
  type: number;
  name: string;
  underlying: string;
  enabled: boolean;
}

/**
 * Smart plans (docs/product.md promises 3, 4 and 8; business rules "Smart plans"). A purchase confirms a quote,
 * holds the principal and starts the plan; the scheduler's payout run pays each cycle once from the plan
 * account; an early exit returns principal minus the disclosed damages. Each account set has its own reserve:
 * real plans are paid from the staff-funded one, demo plans from play money topped up at purchase.
 */
export class PlansService {
  /** The domain's clock; tests move it (the scheduler's pass calls `payDue()` at this time). */
  now: () => number = () => Date.now();
  readonly catalogue: PlanCatalogue;
  private readonly payouts: Payouts;
  private listedNow: readonly ListedProduct[] = [];
  private listedAt = 0;
  private refreshing: Promise<void> | undefined;

  constructor(private readonly deps: PlansDeps) {
    this.catalogue = new PlanCatalogue(deps);
    this.payouts = new Payouts(deps);
  }

  async init(): Promise<void> {
    await this.catalogue.seed();
    await this.refreshListed();
  }

  /**
   * The products as `listMarketAll?type=1` lists them, read synchronously from memory. Kept at most 5 s old:
   * a read after that refreshes it in the background, so a change staff made on any instance shows within
   * a few seconds everywhere.
   */
  listed(): readonly ListedProduct[] {
    if (Date.now() - this.listedAt > LISTED_MAX_AGE_MS && !this.refreshing) {
      this.refreshing = this.refreshListed()
        .catch(() => undefined)
        .finally(() => {
          this.refreshing = undefined;
        });
    }
    return this.listedNow;
  }

  private async refreshListed(): Promise<void> {
    const products = await this.catalogue.list();
    this.listedNow = products.map((p) => ({
      id: p.id,
      code: p.code,
      type: p.type,
      name: p.name,
      underlying: p.underlying,
      enabled: p.enabled,
    }));
    this.listedAt = Date.now();
  }

  async products(): Promise<PlanCatalogueResult> {
    return { products: await this.catalogue.list(), reserves: await this.catalogue.reserves() };
  }

  async quote(customer: Customer, body: QuoteSmartBody): Promise<SmartQuote> {
    const product = await this.catalogue.offered(this.deps.db, body.productId);
    const term = termOf(product, body.days, body.amount);
    const now = this.now();
    const quoteExpiresAt = now + PLAN_QUOTE_TTL_MS;
    const id = crypto.randomBytes(16).toString('hex');
    await this.deps.db.insert(planQuotes).values({
      id,
      userId: BigInt(customer.userId),
      mode: customer.mode,
      productId: product.id,
      termsVersion: product.termsVersion,
      days: body.days,
      amount: body.amount,
      dailyRate: term.dailyRate,
      expiresAt: new Date(quoteExpiresAt),
      createdAt: new Date(now),
    });
    const figures = planFigures(
      body.amount,
      term.dailyRate,
      body.days,
      product.exitDamagesRate,
      product.currency,
    );
    const interval = product.earningIntervalSeconds;
    return {
      quoteId: id,
      productId: String(product.id),
      days: body.days,
      amount: formatAmount(body.amount),
      currency: product.currency,
      dailyRate: formatAmount(term.dailyRate),
      dailyIncome: formatAmount(figures.dailyIncome),
      cycles: body.days,
      totalIncome: formatAmount(figures.totalIncome),
      earningIntervalSeconds: interval,
      nextEarningAt: new Date(earningTime(now, interval, 1)).toISOString(),
      expiresAt: new Date(earningTime(now, interval, body.days)).toISOString(),
      exitDamagesRate: formatAmount(product.exitDamagesRate),
      exitDamages: formatAmount(figures.exitDamages),
      quoteExpiresAt: new Date(quoteExpiresAt).toISOString(),
    };
  }

  async buy(customer: Customer, body: BuySmartBody): Promise<SmartOrder> {
    try {
      return await this.deps.units.run(async ({ tx }) => {
        const product = await this.catalogue.offered(tx, body.productId);
        const term = termOf(product, body.days, body.amount);
        const now = this.now();
        await this.useQuote(tx, customer, body, product, term.dailyRate, now);
        const [running] = await tx
          .select({ id: plans.id })
          .from(plans)
          .where(and(ownedBy(plans, customer), eq(plans.productId, product.id), eq(plans.status, 'earning')));
        if (running) throw new AppError(errors.productAlreadyPurchased);
        const figures = planFigures(
          body.amount,
          term.dailyRate,
          body.days,
          product.exitDamagesRate,
          product.currency,
        );
        await this.checkReserve(tx, product.currency, customer.mode, figures.totalIncome);
        const plan = await this.start(tx, customer, body, product, term.dailyRate, figures.dailyIncome, now);
        await this.deps.ledger.hold(tx, {
          userId: customer.userId,
          mode: customer.mode,
          currency: product.currency,
          amount: formatAmount(body.amount),
          type: 'plan_principal_hold',
          reference: { type: 'plan', id: String(plan.id) },
          memo: `${product.name}: principal held for ${body.days} days`,
        });
        return toSmartOrder(plan, [], now);
      });
    } catch (error) {
      // Two purchases racing past the check: the partial unique index decides, with the same answer.
      if (isUniqueViolation(error)) throw new AppError(errors.productAlreadyPurchased);
      throw error;
    }
  }

  async list(customer: Customer, statuses?: PlanStatus[]): Promise<SmartOrder[]> {
    const rows = await listOwned(this.deps.db, plans, customer, {
      where: statuses?.length ? inArray(plans.status, statuses) : undefined,
      orderBy: [desc(plans.id)],
      limit: 200,
    });
    const payouts = await this.payoutsOf(rows.map((r) => r.id));
    const now = this.now();
    return rows.map((row) => toSmartOrder(row, payouts.get(String(row.id)) ?? [], now));
  }

  /** What an exit now pays, exactly (`exitFigures`): the income already due, then principal less damages. */
  async quoteExit(customer: Customer, id: string): Promise<SmartExitQuote> {
    const plan = await findOwned(this.deps.db, plans, customer, id);
    if (!plan) throw new AppError(errors.notFound);
    if (plan.status !== 'earning') throw new AppError(errors.planNotRunning);
    const exit = exitFigures(planTerms(plan), this.now());
    return {
      id: String(plan.id),
      amount: formatAmount(plan.amount),
      exitDamagesRate: formatAmount(plan.exitDamagesRate),
      damages: formatAmount(exit.damages),
      returned: formatAmount(exit.returned),
      incomeSoFar: formatAmount(new Money(plan.dailyIncome).times(plan.cyclesPaid)),
      cyclesDueNow: exit.cyclesDueNow,
      incomeDueNow: formatAmount(exit.incomeDueNow),
      incomeForgone: formatAmount(exit.incomeForgone),
      totalPaidNow: formatAmount(exit.totalPaidNow),
    };
  }

  /**
   * Ends a running plan early: cycles already due are paid first (they were earned), then the principal less
   * the damages fixed at purchase is released and the damages go to the plan reserve. `total`, when sent, is
   * the exit quote's figure: an exit that would pay anything else (an earning time passed) answers `11007`.
   */
  async exit(customer: Customer, body: ExitSmartBody): Promise<SmartOrder> {
    const id = body.id;
    return this.deps.units.run(async (unit) => {
      const { tx } = unit;
      const plan = await findOwned(tx, plans, customer, id, { forUpdate: true });
      if (!plan) throw new AppError(errors.notFound);
      if (plan.status !== 'earning') throw new AppError(errors.planNotRunning);
      const now = this.now();
      const quoted = exitFigures(planTerms(plan), now).totalPaidNow;
      if (body.total !== undefined && !quoted.eq(body.total))
        throw new AppError(errors.termsChanged, `An exit now pays ${formatAmount(quoted)} ${plan.currency}`);
      await this.payouts.settle(unit, [plan], now);
      const [current] = await tx.select().from(plans).where(eq(plans.id, plan.id));
      if (current!.status === 'earning') await this.settleExit(tx, current!, now);
      const [after] = await tx.select().from(plans).where(eq(plans.id, plan.id));
      const payouts = await this.payoutsOf([plan.id], tx);
      return toSmartOrder(after!, payouts.get(String(plan.id)) ?? [], now);
    });
  }

  /** The payout run: everything due now (see `Payouts`). */
  payDue(now: number = this.now()): Promise<{ plans: number; payouts: number }> {
    return this.payouts.payDue(now);
  }

  /**
   * Registers the payout run with the scheduler. It runs often enough that a payout lands within a few
   * seconds of its earning time (a quarter of the shortest configured cycle, between 1 s and 15 s).
   */
  registerJobs(scheduler: Pick<Scheduler, 'every'>): void {
    const shortest = Math.min(...this.deps.products.map((p) => p.earningIntervalSeconds));
    const interval = Math.max(1_000, Math.min(15_000, Math.floor((shortest * 1000) / 4)));
    scheduler.every('plans.payouts', interval, () => this.payDue(), { runOnStart: true });
    scheduler.every('plans.quote-purge', 3_600_000, () => this.purgeExpiredQuotes());
  }

  /** Deletes quotes a day past their expiry: a plan keeps its own copy of the terms it was bought with. */
  async purgeExpiredQuotes(): Promise<number> {
    const cutoff = new Date(this.now() - 24 * 3_600_000);
    const gone = await this.deps.db
      .delete(planQuotes)
      .where(lt(planQuotes.expiresAt, cutoff))
      .returning({ id: planQuotes.id });
    return gone.length;
  }

  private async useQuote(
    tx: Tx,
    customer: Customer,
    body: BuySmartBody,
    product: ProductRow,
    dailyRate: string,
    now: number,
  ): Promise<void> {
    const [quote] = await tx
      .select()
      .from(planQuotes)
      .where(and(eq(planQuotes.id, body.quoteId), ownedBy(planQuotes, customer)))
      .for('update');
    // Terms before commitment (promise 4): exactly the quoted terms, once, while the quote lives.
    if (
      !quote ||
      quote.usedAt !== null ||
      quote.expiresAt.getTime() <= now ||
      quote.productId !== product.id ||
      quote.termsVersion !== product.termsVersion ||
      quote.days !== body.days ||
      !new Money(quote.amount).eq(body.amount) ||
      !new Money(quote.dailyRate).eq(dailyRate)
    ) {
      throw new AppError(errors.termsChanged);
    }
    await tx
      .update(planQuotes)
      .set({ usedAt: new Date(now) })
      .where(eq(planQuotes.id, quote.id));
  }

  /**
   * Refuses (`11100`) a real purchase whose income the reserve could not pay on top of what it already owes; a
   * demo purchase tops the demo reserve up by what it lacks instead (play money).
   */
  private async checkReserve(tx: Tx, currency: string, mode: AccountMode, totalIncome: Money): Promise<void> {
    await this.catalogue.lockReserve(tx, currency, mode);
    const reserve = await this.catalogue.reserve(currency, mode, tx);
    const shortfall = new Money(reserve.obligations).plus(totalIncome).minus(reserve.balance);
    if (shortfall.lte(0)) return;
    if (mode === 'demo') return this.catalogue.topUpDemoReserve(tx, currency, shortfall);
    throw new AppError(errors.planReserveInsufficient);
  }

  private async start(
    tx: Tx,
    customer: Customer,
    body: BuySmartBody,
    product: ProductRow,
    dailyRate: string,
    dailyIncome: Money,
    now: number,
  ): Promise<PlanRow> {
    const interval = product.earningIntervalSeconds;
    const [plan] = await tx
      .insert(plans)
      .values({
        userId: BigInt(customer.userId),
        mode: customer.mode,
        productId: product.id,
        productCode: product.code,
        productName: product.name,
        underlying: product.underlying,
        currency: product.currency,
        days: body.days,
        amount: body.amount,
        dailyRate,
        dailyIncome: dailyIncome.toFixed(),
        exitDamagesRate: product.exitDamagesRate,
        earningIntervalSeconds: interval,
        quoteId: body.quoteId,
        startedAt: new Date(now),
        nextEarningAt: new Date(earningTime(now, interval, 1)),
        expiresAt: new Date(earningTime(now, interval, body.days)),
      })
      .returning();
    return plan!;
  }

  private async settleExit(tx: Tx, plan: PlanRow, now: number): Promise<void> {
    const damages = exitDamages(plan.amount, plan.exitDamagesRate, plan.currency);
    const returned = new Money(plan.amount).minus(damages);
    const userId = String(plan.userId);
    const to = [{ account: customerAccount(userId, plan.mode, plan.currency), amount: returned.toFixed() }];
    if (!damages.isZero())
      to.push({
        account: platformAccount('platform_plan_payouts', plan.currency, plan.mode),
        amount: damages.toFixed(),
      });
    await this.deps.ledger.settleHeld(tx, {
      userId,
      mode: plan.mode,
      currency: plan.currency,
      to: to.filter((leg) => !new Money(leg.amount).isZero()),
      type: 'plan_exit',
      reference: { type: 'plan', id: String(plan.id) },
      memo: `${plan.productName}: early exit, damages ${formatAmount(damages)} ${plan.currency}`,
      once: `plan_exit:${plan.id}`,
    });
    await tx
      .update(plans)
      .set({ status: 'exited', nextEarningAt: null, endedAt: new Date(now), damages: damages.toFixed() })
      .where(eq(plans.id, plan.id));
  }

  private async payoutsOf(ids: bigint[], reader: Reader = this.deps.db) {
    const byPlan = new Map<string, (typeof planPayouts.$inferSelect)[]>();
    if (ids.length === 0) return byPlan;
    const rows = await reader
      .select()
      .from(planPayouts)
      .where(inArray(planPayouts.planId, ids))
      .orderBy(asc(planPayouts.planId), asc(planPayouts.cycle));
    for (const row of rows) {
      const key = String(row.planId);
      byPlan.set(key, [...(byPlan.get(key) ?? []), row]);
    }
    return byPlan;
  }
}

/** What the exit rule reads of a plan: the daily income as a payout posts it (`postableIncome`). */
function planTerms(plan: PlanRow) {
  return {
    amount: plan.amount,
    currency: plan.currency,
    dailyIncome: postableIncome(plan).dailyIncome,
    days: plan.days,
    cyclesPaid: plan.cyclesPaid,
    exitDamagesRate: plan.exitDamagesRate,
    startedAt: plan.startedAt.getTime(),
    earningIntervalSeconds: plan.earningIntervalSeconds,
  };
}

/** The product's term for these days (`10012`) with the amount in its range (`10013`). */
function termOf(product: ProductRow, days: number, amount: string) {
  const term = product.terms.find((t) => t.days === days);
  if (!term) throw new AppError(errors.noMatchingDays);
  if (!amountInRange(amount, product.minAmount, product.maxAmount))
    throw new AppError(
      errors.investmentAmountWrong,
      `Investment amount must be between ${formatAmount(product.minAmount)} and ${formatAmount(product.maxAmount)} ${product.currency}`,
    );
  requirePostable(amount, product.currency);
  return term;
}

const DAY_MS = 86_400_000;

function toSmartOrder(row: PlanRow, payouts: (typeof planPayouts.$inferSelect)[], now: number): SmartOrder {
  const income = new Money(row.dailyIncome);
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const todayIncome = payouts
    .filter((p) => p.paidAt.getTime() >= today)
    .reduce((sum, p) => sum.plus(p.amount), new Money(0));
  // A plan runs until its expiry at most, even when a late payout run completed it.
  const end = Math.min(row.endedAt?.getTime() ?? now, row.expiresAt.getTime());
  return {
    id: String(row.id),
    productId: String(row.productId),
    productCode: row.productCode,
    productName: row.productName,
    underlying: row.underlying,
    currency: row.currency,
    days: row.days,
    amount: formatAmount(row.amount),
    dailyRate: formatAmount(row.dailyRate),
    dailyIncome: formatAmount(income),
    cyclesPaid: row.cyclesPaid,
    incomeSoFar: formatAmount(income.times(row.cyclesPaid)),
    todayIncome: formatAmount(todayIncome),
    runtimeSeconds: Math.max(0, Math.floor((end - row.startedAt.getTime()) / 1000)),
    nextEarningAt: row.nextEarningAt?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
    exitDamagesRate: formatAmount(row.exitDamagesRate),
    exitDamagesNow:
      row.status === 'earning'
        ? formatAmount(exitDamages(row.amount, row.exitDamagesRate, row.currency))
        : null,
    damages: row.damages === null ? null : formatAmount(row.damages),
    status: row.status,
    startedAt: row.startedAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
    payouts: payouts.map((p) => ({
      cycle: p.cycle,
      amount: formatAmount(p.amount),
      dueAt: p.dueAt.toISOString(),
      paidAt: p.paidAt.toISOString(),
      journalId: String(p.journalId),
    })),
  };
}
