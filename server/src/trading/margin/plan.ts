import Decimal from 'decimal.js';
import type { BuyUBody, MarginQuoteBody, Position } from '@swx/shared/contract';
import { AppError } from '../../http/errors';
import type { Customer, TradingContext } from '../context';
import type { PositionRow } from '../fills';
import {
  equityLevel,
  fmt,
  leverageCapKey,
  marginTerms,
  money,
  settle,
  unrealised,
  validateExits,
  type Direction,
} from '../rules';
import type { tradingPositions } from '../tables';
import { errors, leverageCapBinds } from '@swx/shared/contract';

export type MarginPlan = ReturnType<typeof marginPlan>;

/** A margin order checked and priced (`marginPlan`), on its way into the database. */
export interface MarginOrder {
  customer: Customer;
  body: BuyUBody;
  plan: MarginPlan;
  at: Date;
}

/** Checks an order and computes its terms at the entry price (the latest tick, or the limit price). */
export function marginPlan(ctx: TradingContext, customer: Customer, body: MarginQuoteBody) {
  const market = ctx.market(body.code, 'margin');
  if ((body.orderType === 'limit') !== (body.price !== undefined))
    throw new AppError(errors.limitPriceMismatch);
  const lots = money(body.lots);
  if (lots.lte(0)) throw new AppError(errors.purchaseAmountIncorrect);
  const cap = ctx.params.getInteger(leverageCapKey[market.type as keyof typeof leverageCapKey]);
  const capped = leverageCapBinds(market.type, customer.mode);
  if (!market.leverages.includes(body.leverage) || (capped && body.leverage > cap))
    throw new AppError(errors.leverageUnavailable);
  const tick = ctx.tradableTick(market);
  const price = body.orderType === 'limit' ? money(body.price!) : money(tick.price);
  if (price.lte(0)) throw new AppError(errors.limitPriceMismatch);
  ctx.checkOrderSize(market, lots, price);
  const feeRate = ctx.feeRate();
  const contractSize = money(market.contractSize);
  const terms = marginTerms(lots, contractSize, price, body.leverage, feeRate);
  if (terms.margin.lte(0)) throw new AppError(errors.purchaseAmountIncorrect);
  const maintenanceRate = money(ctx.params.getDecimal('maintenance_margin_rate'));
  const marginCallRate = money(ctx.params.getDecimal('margin_call_rate'));
  const direction = body.direction as Direction;
  const liquidationPrice = equityLevel(direction, price, terms.margin, terms.quantity, maintenanceRate);
  const stopLoss = body.stopLoss === undefined ? undefined : money(body.stopLoss);
  const takeProfit = body.takeProfit === undefined ? undefined : money(body.takeProfit);
  validateExits(direction, price, liquidationPrice, stopLoss, takeProfit);
  const expectedReturn =
    takeProfit === undefined
      ? null
      : settle(direction, price, takeProfit, terms.quantity, terms.margin, terms.fee, feeRate).profit;
  return {
    market,
    tick,
    price,
    feeRate,
    lots,
    terms,
    direction,
    maintenanceRate,
    marginCallRate,
    liquidationPrice,
    stopLoss,
    takeProfit,
    expectedReturn,
  };
}

/** The ledger memo of a margin order's opening entry. */
export function marginMemo({ body, plan }: MarginOrder): string {
  return `${plan.direction} ${fmt(plan.lots)} lots ${plan.market.code} ×${body.leverage}: margin ${fmt(plan.terms.margin)}, fee ${fmt(plan.terms.fee)} USDT`;
}

/** The row of a new position, open at the plan's price for a market order, waiting for a limit one. */
export function newPosition({ customer, body, plan, at }: MarginOrder): typeof tradingPositions.$inferInsert {
  const limit = body.orderType === 'limit';
  const { market, tick, terms } = plan;
  return {
    userId: BigInt(customer.userId),
    mode: customer.mode,
    code: market.code,
    direction: plan.direction,
    lots: fmt(plan.lots),
    leverage: body.leverage,
    contractSize: market.contractSize,
    orderType: body.orderType,
    limitPrice: limit ? fmt(plan.price) : null,
    openPrice: limit ? null : tick.price,
    stopLoss: plan.stopLoss ? fmt(plan.stopLoss) : null,
    takeProfit: plan.takeProfit ? fmt(plan.takeProfit) : null,
    margin: fmt(terms.margin),
    openFee: fmt(terms.fee),
    maintenanceRate: fmt(plan.maintenanceRate),
    marginCallRate: fmt(plan.marginCallRate),
    liquidationPrice: limit ? null : fmt(plan.liquidationPrice),
    marginCallPrice: limit
      ? null
      : fmt(equityLevel(plan.direction, plan.price, terms.margin, terms.quantity, plan.marginCallRate)),
    status: limit ? 'waiting' : 'open',
    openTime: limit ? null : at,
  };
}

/** The order a quote is for, canonical, so `buyU` can tell that the confirmed quote matches the order. */
export function quoteKey(body: MarginQuoteBody): string {
  return JSON.stringify([
    body.code.toUpperCase(),
    body.direction,
    fmt(body.lots),
    body.leverage,
    body.orderType,
    body.price === undefined ? null : fmt(body.price),
    body.stopLoss === undefined ? null : fmt(body.stopLoss),
    body.takeProfit === undefined ? null : fmt(body.takeProfit),
  ]);
}

/** A position on the wire; an open one carries the current price and its unrealised profit. */
export function positionView(row: PositionRow, latestPrice: string | undefined): Position {
  const latest = row.status === 'open' ? latestPrice : undefined;
  const current = latest === undefined ? null : fmt(latest);
  let profit: string | null = row.profit === null ? null : fmt(row.profit);
  if (row.status === 'open' && current !== null) {
    const quantity = money(row.lots).times(row.contractSize);
    const move = unrealised(row.direction, money(row.openPrice!), money(current), quantity);
    profit = fmt(Decimal.max(move, money(row.margin).neg()));
  }
  const opt = (v: string | null) => (v === null ? null : fmt(v));
  return {
    id: String(row.id),
    code: row.code,
    direction: row.direction,
    lots: fmt(row.lots),
    leverage: row.leverage,
    contractSize: fmt(row.contractSize),
    orderType: row.orderType,
    limitPrice: opt(row.limitPrice),
    openPrice: opt(row.openPrice),
    closePrice: opt(row.closePrice),
    currentPrice: current,
    stopLoss: opt(row.stopLoss),
    takeProfit: opt(row.takeProfit),
    margin: fmt(row.margin),
    fee: fmt(row.openFee),
    closeFee: opt(row.closeFee),
    profit,
    liquidationPrice: row.liquidationPrice === null ? null : fmt(Decimal.max(money(row.liquidationPrice), 0)),
    marginCallPrice: row.marginCallPrice === null ? null : fmt(Decimal.max(money(row.marginCallPrice), 0)),
    status: row.status,
    closeReason: row.closeReason,
    openTime: row.openTime?.toISOString() ?? null,
    closeTime: row.closeTime?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
