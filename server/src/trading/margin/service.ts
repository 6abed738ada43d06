import crypto from 'node:crypto';
import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { BuyUBody, MarginQuote, MarginQuoteBody, ModifyUBody, Position } from '@swx/shared/contract';
import Decimal from 'decimal.js';
import type { RequestClaims } from '../../guards/request-claims';
import { AppError } from '../../http/errors';
import { customerAccount, platformAccount } from '../../ledger/accounts';
import type { Leg } from '../../ledger/service';
import { findOwned, listOwned, ownedBy, type Customer } from '../../platform/owned';
import { EXITS_CHANGED, ORDER_PLACED, type TradingContext } from '../context';
import type { EngineHandle } from '../engine/settler';
import type { MarketFills, PositionRow } from '../fills';
import { equityLevel, fmt, money, validateExits } from '../rules';
import { tradingPositions, tradingQuotes } from '../tables';
import { netResults, type NetResults } from '../net-results';
import {
  marginMemo,
  marginPlan,
  newPosition,
  positionView,
  quoteKey,
  type MarginOrder,
  type MarginPlan,
} from './plan';
import type { MarginSettler } from './settler';
import { errors, MARGIN_CURRENCY, marginFundsNeeded } from '@swx/shared/contract';

/** Per customer, the net result of their positions closed since a time (the risk figure). */
export type { NetResults } from '../net-results';

/**
 * Margin (leveraged long and short positions): quotes, orders at market (batched, `MarketFills`) or as waiting
 * limit entries, closes and exit changes by the customer. What happens by rule is `MarginSettler`'s.
 */
export class MarginService {
  constructor(
    private readonly ctx: TradingContext,
    private readonly engine: EngineHandle,
    private readonly fills: MarketFills,
    private readonly settler: MarginSettler,
  ) {}

  async quote(customer: Customer, body: MarginQuoteBody): Promise<MarginQuote> {
    const plan = marginPlan(this.ctx, customer, body);
    await this.requireFunds(customer, plan);
    const expiresAt = new Date(this.ctx.now() + this.ctx.params.getInteger('quote_ttl_seconds') * 1000);
    const quoteId = crypto.randomUUID();
    await this.ctx.db.insert(tradingQuotes).values({
      id: quoteId,
      userId: BigInt(customer.userId),
      mode: customer.mode,
      request: quoteKey(body),
      price: fmt(plan.price),
      feeRate: fmt(plan.feeRate),
      requiredMargin: fmt(plan.terms.margin),
      fee: fmt(plan.terms.fee),
      expiresAt,
    });
    return {
      quoteId,
      price: fmt(plan.price),
      requiredMargin: fmt(plan.terms.margin),
      fee: fmt(plan.terms.fee),
      feeRate: fmt(plan.feeRate),
      liquidationPrice: fmt(Decimal.max(plan.liquidationPrice, 0)),
      expectedReturn: plan.expectedReturn === null ? null : fmt(plan.expectedReturn),
      expiresAt: expiresAt.toISOString(),
    };
  }

  /**
   * A quote is the order's review: one the available balance cannot pay (margin and opening fee) is refused
   * with 10011 now, as the order ticket refuses it (`marginOrderRefusal`), not after the customer confirmed.
   * The order itself is checked again by the ledger inside its transaction.
   */
  private async requireFunds(customer: Customer, plan: MarginPlan): Promise<void> {
    const balances = await this.ctx.ledger.balances(customer.userId, customer.mode);
    const available = money(balances[MARGIN_CURRENCY]?.available ?? 0);
    if (marginFundsNeeded(plan.terms).gt(available)) throw new AppError(errors.insufficientBalance);
  }

  /**
   * `claims`: the request's repeat-guard claims, made final in the order's own transaction (with the answer a
   * retry with the same `Idempotency-Key` gets back).
   */
  async buy(customer: Customer, body: BuyUBody, claims: RequestClaims | null = null): Promise<Position> {
    if (claims) claims.successCode = ORDER_PLACED;
    const { quoteId: _q, ...order } = body;
    const plan = marginPlan(this.ctx, customer, order);
    if (body.quoteId !== undefined) await this.checkQuote(customer, body, plan);
    const opening: MarginOrder = { customer, body, plan, at: new Date(this.ctx.now()) };
    if (body.orderType === 'market') return this.buyAtMarket(opening, claims);
    return this.buyAtLimit(opening);
  }

  private async buyAtMarket(opening: MarginOrder, claims: RequestClaims | null): Promise<Position> {
    const { customer, plan } = opening;
    const { userId, mode } = customer;
    const { margin, fee } = plan.terms;
    const legs: Leg[] = [
      { account: customerAccount(userId, mode, 'USDT'), amount: fmt(margin.plus(fee).neg()) },
      { account: customerAccount(userId, mode, 'USDT', 'customer_held'), amount: fmt(margin) },
    ];
    if (fee.gt(0)) legs.push({ account: platformAccount('platform_fees', 'USDT', mode), amount: fmt(fee) });
    const { view } = await this.fills.margin({
      customer,
      claims,
      tick: plan.tick,
      legs,
      memo: marginMemo(opening),
      fee,
      values: newPosition(opening),
      settle: (unit, row) => {
        unit.afterCommit(() => {
          this.settler.watch(row as PositionRow);
          this.engine.announce('margin', row.id);
        });
        this.ctx.publishAfter(unit, customer.userId, {
          type: 'order_filled',
          kind: 'margin',
          mode: customer.mode,
          id: String(row.id),
          code: row.code,
          price: plan.tick.price,
        });
        return this.view(row as PositionRow);
      },
    });
    return view as Position;
  }

  /** A limit entry: margin and fee are both held until the entry fills or is cancelled. */
  private async buyAtLimit(opening: MarginOrder): Promise<Position> {
    const { customer, plan } = opening;
    const { userId, mode } = customer;
    const { terms } = plan;
    // The unit's answer is the request's answer (its claims finish with it, through the request's scope).
    const placed = await this.ctx.units.run(async (unit) => {
      const { tx } = unit;
      const [position] = await tx.insert(tradingPositions).values(newPosition(opening)).returning();
      await this.ctx.ledger.transfer(tx, {
        type: 'margin_entry_hold',
        reference: { type: 'margin_position', id: String(position!.id) },
        memo: marginMemo(opening),
        legs: [
          { account: customerAccount(userId, mode, 'USDT'), amount: fmt(terms.margin.plus(terms.fee).neg()) },
          {
            account: customerAccount(userId, mode, 'USDT', 'customer_held'),
            amount: fmt(terms.margin.plus(terms.fee)),
          },
        ],
      });
      unit.afterCommit(() => {
        this.settler.watch(position!);
        this.engine.announce('margin', position!.id);
      });
      return this.view(position!);
    });
    const { tick, direction, price } = plan;
    if (direction === 'long' ? money(tick.price).lte(price) : money(tick.price).gte(price)) {
      // The limit is already reached by the current price: it opens now, at that price.
      this.engine.unwatch('margin', placed.id);
      await this.settler.fillEntry(placed.id, tick);
      return this.view((await this.row(customer, placed.id))!);
    }
    return placed;
  }

  /** Refuses with 11007 when the confirmed quote is gone, for another order, or its terms no longer hold. */
  private async checkQuote(customer: Customer, body: BuyUBody, plan: MarginPlan): Promise<void> {
    const [quote] = await this.ctx.db
      .select()
      .from(tradingQuotes)
      .where(and(eq(tradingQuotes.id, body.quoteId!), ownedBy(tradingQuotes, customer)));
    const { quoteId: _quoteId, ...order } = body;
    if (!quote || quote.expiresAt.getTime() < this.ctx.now() || quote.request !== quoteKey(order)) {
      throw new AppError(
        errors.termsChanged,
        'The quote expired or was for another order, please review the new quote',
      );
    }
    if (!money(quote.feeRate).eq(plan.feeRate))
      throw new AppError(errors.termsChanged, 'The trading fee changed, please review the new quote');
    const quoted = money(quote.price);
    // The `quote_price_tolerance` parameter: how far the price may move before the order is re-quoted.
    const tolerance = money(this.ctx.params.getDecimal('quote_price_tolerance'));
    if (plan.price.minus(quoted).abs().gt(quoted.times(tolerance))) {
      throw new AppError(errors.termsChanged, 'The price moved, please review the new quote');
    }
  }

  /** The customer closes an open position at the current feed price, or cancels a waiting entry. */
  async close(customer: Customer, id: string): Promise<Position> {
    const row = await this.row(customer, id);
    if (!row) throw new AppError(errors.orderNotFound);
    if (row.status === 'waiting') return this.cancelEntry(customer, row);
    if (row.status !== 'open') throw new AppError(errors.orderUnchangeable);
    const market = this.ctx.markets.find(row.code)!;
    const tick = this.ctx.tradableTick(market);
    // The settler's close joins this unit, whose answer is the request's (its claims finish with it).
    return this.ctx.units.run(async () => {
      const closed = await this.settler.closePosition(id, 'customer', tick, customer);
      if (!closed) throw new AppError(errors.orderUnchangeable);
      return this.view(closed);
    });
  }

  private async cancelEntry(customer: Customer, row: PositionRow): Promise<Position> {
    const id = String(row.id);
    return this.ctx.units.run(async (unit) => {
      const { tx } = unit;
      const [position] = await tx
        .update(tradingPositions)
        .set({ status: 'cancelled', closeTime: new Date(this.ctx.now()), closeReason: 'customer' })
        .where(and(eq(tradingPositions.id, row.id), eq(tradingPositions.status, 'waiting')))
        .returning();
      if (!position) throw new AppError(errors.orderUnchangeable);
      await this.ctx.ledger.release(tx, {
        userId: customer.userId,
        mode: customer.mode,
        currency: 'USDT',
        amount: fmt(money(position.margin).plus(position.openFee)),
        type: 'margin_entry_release',
        reference: { type: 'margin_position', id },
      });
      unit.afterCommit(() => {
        this.engine.unwatch('margin', id);
        this.engine.announce('margin', id);
      });
      return this.view(position);
    });
  }

  /** `claims`: the request's repeat-guard claims, made final with the change (and its answer kept). */
  async modify(
    customer: Customer,
    body: ModifyUBody,
    claims: RequestClaims | null = null,
  ): Promise<Position> {
    if (claims) claims.successCode = EXITS_CHANGED;
    const row = await this.row(customer, body.id);
    if (!row) throw new AppError(errors.orderNotFound);
    if (row.status !== 'open' && row.status !== 'waiting') throw new AppError(errors.orderUnchangeable);
    const pick = (sent: string | undefined, stored: string | null) =>
      sent === undefined
        ? stored === null
          ? undefined
          : money(stored)
        : sent === ''
          ? undefined
          : money(sent);
    const stopLoss = pick(body.stopLoss, row.stopLoss);
    const takeProfit = pick(body.takeProfit, row.takeProfit);
    if (row.status === 'open') {
      // Exits must be on the right side of the current price (not the entry), so none fires on the spot.
      const tick = this.ctx.markets.latestTick(row.code);
      const reference = money(tick?.price ?? row.openPrice!);
      validateExits(row.direction, reference, money(row.liquidationPrice!), stopLoss, takeProfit);
    } else {
      const entry = money(row.limitPrice!);
      const quantity = money(row.lots).times(row.contractSize);
      const liquidation = equityLevel(
        row.direction,
        entry,
        money(row.margin),
        quantity,
        money(row.maintenanceRate),
      );
      validateExits(row.direction, entry, liquidation, stopLoss, takeProfit);
    }
    return this.ctx.units.run(async (unit) => {
      const [updated] = await unit.tx
        .update(tradingPositions)
        .set({ stopLoss: stopLoss ? fmt(stopLoss) : null, takeProfit: takeProfit ? fmt(takeProfit) : null })
        .where(and(eq(tradingPositions.id, row.id), eq(tradingPositions.status, row.status)))
        .returning();
      if (!updated) throw new AppError(errors.orderUnchangeable);
      unit.afterCommit(() => {
        this.settler.watch(updated);
        this.engine.announce('margin', updated.id);
      });
      return this.view(updated);
    });
  }

  async list(customer: Customer, statuses?: Position['status'][]): Promise<Position[]> {
    const rows = await listOwned(this.ctx.db, tradingPositions, customer, {
      where: statuses?.length ? inArray(tradingPositions.status, statuses) : undefined,
      orderBy: [desc(tradingPositions.id)],
      limit: 200,
    });
    return rows.map((row) => this.view(row));
  }

  // ---- read functions for the portfolio ---------------------------------------------------------------------

  /** The sum of the customer's closed and liquidated positions' results. */
  async realisedProfit(customer: Customer): Promise<Decimal> {
    const [row] = await this.ctx.db
      .select({ total: sql<string | null>`sum(${tradingPositions.profit})` })
      .from(tradingPositions)
      .where(
        and(ownedBy(tradingPositions, customer), inArray(tradingPositions.status, ['closed', 'liquidated'])),
      );
    return money(row?.total ?? 0);
  }

  /** The customer's open positions, as stored. */
  openPositions(customer: Customer): Promise<PositionRow[]> {
    return listOwned(this.ctx.db, tradingPositions, customer, { where: eq(tradingPositions.status, 'open') });
  }

  /** Real-money customers with a position closed since `since`, and how many of them lost over that window. */
  netResultsSince(since: Date): Promise<NetResults> {
    return netResults(
      this.ctx.db,
      tradingPositions,
      and(
        inArray(tradingPositions.status, ['closed', 'liquidated']),
        gte(tradingPositions.closeTime, since),
      )!,
    );
  }

  private view(row: PositionRow): Position {
    return positionView(row, this.ctx.markets.latestTick(row.code)?.price);
  }

  private row(customer: Customer, id: string): Promise<PositionRow | undefined> {
    return findOwned(this.ctx.db, tradingPositions, customer, id);
  }
}
