import type Decimal from 'decimal.js';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { SpotOrder, SpotSubmitBody } from '@swx/shared/contract';
import type { Db, Tx } from '../../db/client';
import type { RequestClaims } from '../../guards/request-claims';
import { AppError } from '../../http/errors';
import type { FeedTick } from '../../markets/feed/types';
import type { MarketRecord } from '../../markets/service';
import { findOwned, listOwned, ownedBy, type Customer } from '../../platform/owned';
import type { Unit } from '../../platform/unit-of-work';
import { ORDER_PLACED, type TradingContext } from '../context';
import type { EngineHandle, Settler, TriggerPayload } from '../engine/settler';
import type { MarketFills, SpotRow } from '../fills';
import { writeReceipt } from '../receipts';
import { fmt, money, type SpotFillRecord } from '../rules';
import { tradingSpotOrders } from '../tables';
import { spotLegs } from './legs';
import { errors, spotTerms } from '@swx/shared/contract';
import { requirePostable } from '../../ledger/precision';

/**
 * Spot: buying and selling a coin against USDT, at market (batched, `MarketFills`) or with a limit price
 * that holds the funds and fills when the feed reaches it (the engine calls `onTrigger`).
 */
export class SpotService implements Settler {
  readonly record = 'spot' as const;
  readonly kinds = ['spot_limit'] as const;

  constructor(
    private readonly ctx: TradingContext,
    private readonly engine: EngineHandle,
    private readonly marketFills: MarketFills,
  ) {}

  /**
   * `claims`: the request's repeat-guard claims, made final in the order's own transaction (with the answer a
   * retry with the same `Idempotency-Key` gets back).
   */
  async submit(
    customer: Customer,
    body: SpotSubmitBody,
    claims: RequestClaims | null = null,
  ): Promise<SpotOrder> {
    if (claims) claims.successCode = ORDER_PLACED;
    const market = this.ctx.market(body.code, 'spot');
    if ((body.orderType === 'limit') !== (body.price !== undefined))
      throw new AppError(errors.limitPriceMismatch);
    const quantity = money(body.quantity);
    if (quantity.lte(0)) throw new AppError(errors.purchaseAmountIncorrect);
    // The coin is posted as it is: a quantity finer than its ledger precision (10⁻⁸) is refused.
    requirePostable(quantity, market.baseAsset);
    const tick = this.ctx.tradableTick(market);
    this.ctx.checkOrderSize(market, quantity, money(body.orderType === 'limit' ? body.price! : tick.price));
    if (body.orderType === 'limit') return this.submitLimit(customer, body, market, quantity, tick);
    return this.submitMarket(customer, body, market, quantity, tick, claims);
  }

  private async submitLimit(
    customer: Customer,
    body: SpotSubmitBody,
    market: MarketRecord,
    quantity: Decimal,
    tick: FeedTick,
  ): Promise<SpotOrder> {
    const feeRate = this.ctx.feeRate();
    const coin = market.baseAsset;
    const { userId, mode } = customer;
    const limit = money(body.price!);
    if (limit.lte(0)) throw new AppError(errors.limitPriceMismatch);
    // A buy holds its worst-case cost and fee; a sell holds the coin.
    const heldCurrency = body.side === 'buy' ? 'USDT' : coin;
    const heldAmount = body.side === 'buy' ? spotTerms('buy', quantity, limit, feeRate).total : quantity;
    if (heldAmount.lte(0)) throw new AppError(errors.purchaseAmountIncorrect);
    // The fill at the limit must be possible at all (not too small to cover its fee): checked now, not at the fill.
    spotLegs(customer, coin, body.side, quantity, limit, feeRate, heldAmount);
    // The unit's answer is the request's answer (its claims finish with it, through the request's scope).
    const placed = await this.ctx.units.run(async (unit) => {
      const { tx } = unit;
      const [order] = await tx
        .insert(tradingSpotOrders)
        .values({
          userId: BigInt(userId),
          mode,
          code: market.code,
          side: body.side,
          orderType: 'limit',
          quantity: fmt(quantity),
          limitPrice: fmt(limit),
          status: 'pending',
          heldAmount: fmt(heldAmount),
          heldCurrency,
        })
        .returning();
      await this.ctx.ledger.hold(tx, {
        userId,
        mode,
        currency: heldCurrency,
        amount: fmt(heldAmount),
        type: 'spot_order_hold',
        reference: { type: 'spot_order', id: String(order!.id) },
      });
      unit.afterCommit(() => {
        this.watch(order!);
        this.engine.announce('spot', order!.id);
      });
      return spotView(order!);
    });
    // A limit already crossed by the current price fills at once, at that price (the tick that reaches it).
    if (body.side === 'buy' ? money(tick.price).lte(limit) : money(tick.price).gte(limit)) {
      this.engine.unwatch('spot', placed.id);
      await this.fillLimit(placed.id, tick);
      return spotView((await this.row(customer, placed.id))!);
    }
    return placed;
  }

  private async submitMarket(
    customer: Customer,
    body: SpotSubmitBody,
    market: MarketRecord,
    quantity: Decimal,
    tick: FeedTick,
    claims: RequestClaims | null,
  ): Promise<SpotOrder> {
    const coin = market.baseAsset;
    const { userId, mode } = customer;
    const price = money(tick.price);
    const { legs, cost, fee } = spotLegs(
      customer,
      coin,
      body.side,
      quantity,
      price,
      this.ctx.feeRate(),
      undefined,
    );
    const { view } = await this.marketFills.spot({
      customer,
      claims,
      tick,
      legs,
      memo: `${body.side === 'buy' ? 'Buy' : 'Sell'} ${fmt(quantity)} ${coin} at ${tick.price}, value ${fmt(cost)} USDT`,
      fee,
      values: {
        userId: BigInt(userId),
        mode,
        code: market.code,
        side: body.side,
        orderType: 'market',
        quantity: fmt(quantity),
        status: 'filled',
        fillPrice: tick.price,
        fee: fmt(fee),
        filledAt: new Date(this.ctx.now()),
      },
      settle: (unit, row) => {
        this.ctx.publishAfter(unit, userId, {
          type: 'order_filled',
          kind: 'spot',
          mode,
          id: String(row.id),
          code: row.code,
          price: tick.price,
        });
        return spotView(row as SpotRow);
      },
    });
    return view as SpotOrder;
  }

  async cancel(customer: Customer, id: string): Promise<SpotOrder> {
    return this.ctx.units.run(async (unit) => {
      const { tx } = unit;
      const existing = await findOwned(tx, tradingSpotOrders, customer, id, { forUpdate: true });
      if (!existing) throw new AppError(errors.orderNotFound);
      if (existing.status !== 'pending') throw new AppError(errors.orderUnchangeable);
      const [order] = await tx
        .update(tradingSpotOrders)
        .set({ status: 'cancelled', cancelledAt: new Date(this.ctx.now()) })
        .where(eq(tradingSpotOrders.id, existing.id))
        .returning();
      await this.ctx.ledger.release(tx, {
        userId: customer.userId,
        mode: customer.mode,
        currency: order!.heldCurrency!,
        amount: fmt(order!.heldAmount!),
        type: 'spot_order_release',
        reference: { type: 'spot_order', id },
      });
      unit.afterCommit(() => {
        this.engine.unwatch('spot', id);
        this.engine.announce('spot', id);
      });
      return spotView(order!);
    });
  }

  async list(customer: Customer, statuses?: SpotOrder['status'][]): Promise<SpotOrder[]> {
    const rows = await listOwned(this.ctx.db, tradingSpotOrders, customer, {
      where: statuses?.length ? inArray(tradingSpotOrders.status, statuses) : undefined,
      orderBy: [desc(tradingSpotOrders.id)],
      limit: 200,
    });
    return rows.map(spotView);
  }

  /** The customer's filled orders, oldest first: what their spot result is computed from (portfolio). */
  async filledOrders(customer: Customer): Promise<SpotFillRecord[]> {
    const rows = await this.ctx.db
      .select({
        code: tradingSpotOrders.code,
        side: tradingSpotOrders.side,
        quantity: tradingSpotOrders.quantity,
        price: tradingSpotOrders.fillPrice,
        fee: tradingSpotOrders.fee,
      })
      .from(tradingSpotOrders)
      .where(and(ownedBy(tradingSpotOrders, customer), eq(tradingSpotOrders.status, 'filled')))
      .orderBy(tradingSpotOrders.filledAt, tradingSpotOrders.id);
    return rows.map((f) => ({
      code: f.code,
      side: f.side,
      quantity: money(f.quantity),
      price: money(f.price!),
      fee: money(f.fee ?? 0),
    }));
  }

  // ---- the engine's side (Settler) ------------------------------------------------------------------------

  async rebuild(): Promise<void> {
    // Spot coins get their platform accounts up front (a transfer would otherwise look them up each time).
    const coins = [
      ...new Set(
        this.ctx.markets
          .list()
          .filter((m) => m.spotTradable)
          .map((m) => m.baseAsset),
      ),
    ];
    await this.ctx.ledger.preparePlatformAccounts(coins);
    const orders = await this.ctx.db
      .select()
      .from(tradingSpotOrders)
      .where(eq(tradingSpotOrders.status, 'pending'));
    for (const row of orders) this.watch(row);
  }

  async reload(id: string): Promise<void> {
    const [row] = await this.ctx.db
      .select()
      .from(tradingSpotOrders)
      .where(eq(tradingSpotOrders.id, BigInt(id)));
    if (row?.status === 'pending') this.watch(row);
    else this.engine.unwatch('spot', id);
  }

  onTrigger(payload: TriggerPayload, tick: FeedTick): Promise<void> {
    return this.fillLimit(payload.id, tick);
  }

  private watch(row: SpotRow): void {
    // A buy waits for the price to fall to the limit, a sell for it to rise to it.
    const side = row.side === 'buy' ? 'below' : 'above';
    this.engine.watch('spot', String(row.id), row.code, [
      { kind: 'spot_limit', side, level: fmt(row.limitPrice!) },
    ]);
  }

  private async fillLimit(id: string, tick: FeedTick): Promise<void> {
    const done = await this.ctx.units.run(async (unit) => {
      const [order] = await unit.tx
        .update(tradingSpotOrders)
        .set({ status: 'filled', fillPrice: tick.price, filledAt: new Date(this.ctx.now()) })
        .where(and(eq(tradingSpotOrders.id, BigInt(id)), eq(tradingSpotOrders.status, 'pending')))
        .returning();
      if (!order) return undefined;
      this.ctx.publishAfter(unit, order.userId, {
        type: 'order_filled',
        kind: 'spot',
        mode: order.mode,
        id,
        code: order.code,
        price: tick.price,
      });
      await this.settleLimit(unit, order, tick);
      return order;
    });
    if (done) this.engine.announce('spot', id);
  }

  /** The money side of a limit fill, in its transaction: entry, inviter's share, notice and receipt. */
  private async settleLimit(unit: Unit, order: SpotRow, tick: FeedTick): Promise<void> {
    const { tx } = unit;
    const id = String(order.id);
    const market = this.ctx.markets.find(order.code)!;
    const customer = { userId: String(order.userId), mode: order.mode };
    const { legs, fee } = spotLegs(
      customer,
      market.baseAsset,
      order.side,
      money(order.quantity),
      money(tick.price),
      this.ctx.feeRate(),
      money(order.heldAmount!),
    );
    await tx
      .update(tradingSpotOrders)
      .set({ fee: fmt(fee) })
      .where(eq(tradingSpotOrders.id, order.id));
    const { journalId } = await this.ctx.ledger.transfer(tx, {
      type: 'spot_trade',
      reference: { type: 'spot_order', id },
      memo: `Limit ${order.side} ${fmt(order.quantity)} ${market.baseAsset} filled at ${tick.price}`,
      legs,
    });
    await this.ctx.rewardInviter(tx, customer, fee, { type: 'spot_order', id }, 'fill');
    await this.ctx.notice(
      unit,
      order.userId,
      'spot.limit_filled',
      {
        mode: order.mode,
        code: order.code,
        side: order.side,
        quantity: fmt(order.quantity),
        coin: market.baseAsset,
        limitPrice: fmt(order.limitPrice!),
        price: fmt(tick.price),
        value: fmt(money(order.quantity).times(tick.price)),
        fee: fmt(fee),
      },
      { type: 'spot_order', id },
    );
    await writeReceipt(tx, {
      kind: 'spot',
      recordId: order.id,
      userId: order.userId,
      mode: order.mode,
      event: 'fill',
      code: order.code,
      requestedPrice: order.limitPrice,
      fillPrice: tick.price,
      tick,
      journalIds: [journalId],
    });
  }

  private row(customer: Customer, id: string, reader: Db | Tx = this.ctx.db): Promise<SpotRow | undefined> {
    return findOwned(reader, tradingSpotOrders, customer, id);
  }
}

function spotView(row: SpotRow): SpotOrder {
  return {
    id: String(row.id),
    code: row.code,
    side: row.side,
    orderType: row.orderType,
    quantity: fmt(row.quantity),
    price: row.limitPrice === null ? null : fmt(row.limitPrice),
    status: row.status,
    fillPrice: row.fillPrice === null ? null : fmt(row.fillPrice),
    fee: row.fee === null ? null : fmt(row.fee),
    value: row.fillPrice === null ? null : fmt(money(row.quantity).times(row.fillPrice)),
    createdAt: row.createdAt.toISOString(),
    filledAt: row.filledAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
  };
}
