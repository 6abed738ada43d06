import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type Decimal from 'decimal.js';
import type { BuyOptionsBody, OptionContract } from '@swx/shared/contract';
import { AppError } from '../../http/errors';
import type { FeedTick } from '../../markets/feed/types';
import type { RequestClaims } from '../../guards/request-claims';
import { findOwned, listOwned, ownedBy, type Customer } from '../../platform/owned';
import { ORDER_PLACED, type TradingContext } from '../context';
import type { EngineHandle, Expiry, Settler, TriggerPayload } from '../engine/settler';
import { netResults, type NetResults } from '../net-results';
import { writeReceipt } from '../receipts';
import { fmt, money } from '../rules';
import { tradingOptions } from '../tables';
import { settleOption, type OptionRow } from './settle';
import { errors } from '@swx/shared/contract';
import { requirePostable } from '../../ledger/precision';

/**
 * Options: up/down contracts for a period from the market's option terms. The stake is held at purchase; the
 * engine settles each contract at the tick at or before its expiry (`onExpiry`).
 */
export class OptionsService implements Settler {
  readonly record = 'option' as const;
  readonly kinds = [] as const;

  constructor(
    private readonly ctx: TradingContext,
    private readonly engine: EngineHandle,
  ) {}

  /** `claims`: the request's repeat-guard claims, made final with the purchase (and its answer kept). */
  async buy(
    customer: Customer,
    body: BuyOptionsBody,
    claims: RequestClaims | null = null,
  ): Promise<OptionContract> {
    if (claims) claims.successCode = ORDER_PLACED;
    const market = this.ctx.market(body.code, 'options');
    // The market's own periods and stake bounds where staff set them, else the global parameters.
    const terms = this.ctx.markets.optionTerms(market.code);
    const period = terms.periods.find((p) => p.seconds === body.period);
    if (!period) throw new AppError(errors.noMatchingPeriod);
    const amount = money(body.amount);
    const min = money(terms.stakeMin);
    const max = money(terms.stakeMax);
    if (amount.lt(min) || amount.gt(max) || amount.lte(0)) {
      throw new AppError(
        errors.purchaseAmountIncorrect,
        `Purchase amount incorrect: from ${fmt(min)} to ${fmt(max)} USDT`,
      );
    }
    requirePostable(amount, 'USDT');
    const tick = this.ctx.tradableTick(market);
    const { userId, mode } = customer;
    const openTime = this.ctx.now();
    // The unit's answer is the request's answer (its claims finish with it, through the request's scope).
    return this.ctx.units.run(async (unit) => {
      const { tx } = unit;
      const [contract] = await tx
        .insert(tradingOptions)
        .values({
          userId: BigInt(userId),
          mode,
          code: market.code,
          direction: body.direction,
          amount: fmt(amount),
          period: period.seconds,
          rate: period.rate,
          openPrice: tick.price,
          openSeq: tick.seq,
          openTickTime: new Date(tick.time),
          status: 'open',
          openTime: new Date(openTime),
          expiryTime: new Date(openTime + period.seconds * 1000),
        })
        .returning();
      const { journalId } = await this.ctx.ledger.hold(tx, {
        userId,
        mode,
        currency: 'USDT',
        amount: fmt(amount),
        type: 'option_stake',
        reference: { type: 'option', id: String(contract!.id) },
        memo: `${body.direction} ${market.code} ${period.seconds}s at ${tick.price}, stake ${fmt(amount)} USDT`,
      });
      await writeReceipt(tx, {
        kind: 'option',
        recordId: contract!.id,
        userId: BigInt(userId),
        mode,
        event: 'open',
        code: market.code,
        requestedPrice: null,
        fillPrice: tick.price,
        tick,
        journalIds: [journalId],
      });
      unit.afterCommit(() => {
        this.watch(contract!);
        this.engine.announce('option', contract!.id);
      });
      return optionView(contract!);
    });
  }

  async get(customer: Customer, id: string): Promise<OptionContract> {
    const row = await findOwned(this.ctx.db, tradingOptions, customer, id);
    if (!row) throw new AppError(errors.orderNotFound);
    return optionView(row);
  }

  async list(customer: Customer): Promise<OptionContract[]> {
    const rows = await listOwned(this.ctx.db, tradingOptions, customer, {
      orderBy: [desc(tradingOptions.id)],
      limit: 200,
    });
    return rows.map(optionView);
  }

  // ---- read functions for the portfolio ---------------------------------------------------------------------

  /** The sum of the customer's settled contracts' results. */
  async realisedProfit(customer: Customer): Promise<Decimal> {
    const [row] = await this.ctx.db
      .select({ total: sql<string | null>`sum(${tradingOptions.profit})` })
      .from(tradingOptions)
      .where(and(ownedBy(tradingOptions, customer), sql`${tradingOptions.status} <> 'open'`));
    return money(row?.total ?? 0);
  }

  /** Real-money customers with a contract settled since `since`, and how many of them lost over that window. */
  netResultsSince(since: Date): Promise<NetResults> {
    return netResults(
      this.ctx.db,
      tradingOptions,
      and(sql`${tradingOptions.status} <> 'open'`, gte(tradingOptions.settledAt, since))!,
    );
  }

  // ---- the engine's side (Settler) ------------------------------------------------------------------------

  async rebuild(): Promise<void> {
    const options = await this.ctx.db.select().from(tradingOptions).where(eq(tradingOptions.status, 'open'));
    for (const row of options) this.watch(row);
  }

  /** Announced once, when bought; a settled contract leaves the other instances' heaps when its expiry comes. */
  async reload(id: string): Promise<void> {
    const [row] = await this.ctx.db
      .select()
      .from(tradingOptions)
      .where(eq(tradingOptions.id, BigInt(id)));
    if (row?.status === 'open') this.watch(row);
  }

  onTrigger(_payload: TriggerPayload, _tick: FeedTick): Promise<void> {
    // Options settle by time only: they put no price trigger in the index.
    return Promise.resolve();
  }

  /** Settles by the expiry rule; an expiry that found its market stale waits for a fresh tick (or voids). */
  async onExpiry(expiry: Expiry): Promise<void> {
    const result = await settleOption(this.ctx, expiry.id);
    if (!result.settled) this.engine.awaitFreshTick(expiry, result.deadline);
  }

  private watch(row: OptionRow): void {
    this.engine.expireAt({
      record: 'option',
      id: String(row.id),
      code: row.code,
      expiry: row.expiryTime.getTime(),
    });
  }
}

function optionView(row: OptionRow): OptionContract {
  return {
    id: String(row.id),
    code: row.code,
    direction: row.direction,
    amount: fmt(row.amount),
    period: row.period,
    rate: fmt(row.rate),
    openPrice: fmt(row.openPrice),
    settlePrice: row.settlePrice === null ? null : fmt(row.settlePrice),
    profit: row.profit === null ? null : fmt(row.profit),
    status: row.status,
    openTime: row.openTime.toISOString(),
    expiryTime: row.expiryTime.toISOString(),
  };
}
