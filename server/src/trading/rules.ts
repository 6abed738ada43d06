import Decimal from 'decimal.js';
import { AppError } from '../http/errors';
import { Money } from '../ledger/accounts';

/**
 * The margin and option rules of PRODUCT.md §4 as pure functions of decimals, so they are tested on their
 * own and the engine, the quote and the order all compute the same numbers.
 *
 * Rounding: amounts are stored as numeric(36,18). What the customer pays (margin, fees, a spot cost) is
 * rounded up to 18 places, what they receive down, so rounding never creates money the ledger lacks.
 * Trigger levels are rounded towards the side that keeps "price reaches level" equal to the exact rule for
 * any price of 18 decimals or fewer.
 */
export type Direction = 'long' | 'short';

export const DP = 18;
export const up = (x: Decimal) => new Money(x).toDecimalPlaces(DP, Decimal.ROUND_UP);
export const down = (x: Decimal) => new Money(x).toDecimalPlaces(DP, Decimal.ROUND_DOWN);
export const money = (x: Decimal.Value) => new Money(x);
export const fmt = (x: Decimal.Value) => new Money(x).toFixed();

export interface MarginTerms {
  /** lots × contract size: units of the underlying. */
  quantity: Decimal;
  notional: Decimal;
  margin: Decimal;
  fee: Decimal;
}

export function marginTerms(
  lots: Decimal,
  contractSize: Decimal,
  price: Decimal,
  leverage: number,
  feeRate: Decimal,
): MarginTerms {
  const quantity = lots.times(contractSize);
  const notional = quantity.times(price);
  return { quantity, notional, margin: up(notional.div(leverage)), fee: up(notional.times(feeRate)) };
}

/**
 * The price at which margin + unrealised profit falls to `share` of the margin: liquidation with the
 * maintenance rate, the margin call with the margin-call rate. Long: open − (1 − share) × margin ÷ quantity.
 */
export function equityLevel(
  direction: Direction,
  openPrice: Decimal,
  margin: Decimal,
  quantity: Decimal,
  share: Decimal,
): Decimal {
  const distance = money(1).minus(share).times(margin).div(quantity);
  // Long fires when price ≤ level: round down; short fires when price ≥ level: round up.
  return direction === 'long' ? down(openPrice.minus(distance)) : up(openPrice.plus(distance));
}

/** Unrealised profit before fees, not capped. */
export function unrealised(
  direction: Direction,
  openPrice: Decimal,
  price: Decimal,
  quantity: Decimal,
): Decimal {
  const move = price.minus(openPrice).times(quantity);
  return direction === 'long' ? move : move.neg();
}

export interface Settlement {
  /** Profit or loss of the price move, capped below at −margin (negative-balance protection). */
  pnl: Decimal;
  closeFee: Decimal;
  /** Returned to the customer's available USDT: margin + pnl − closeFee, never below zero. */
  payout: Decimal;
  /** Net result for the customer over the position's life: payout − margin − opening fee. */
  profit: Decimal;
}

export function settle(
  direction: Direction,
  openPrice: Decimal,
  closePrice: Decimal,
  quantity: Decimal,
  margin: Decimal,
  openFee: Decimal,
  feeRate: Decimal,
): Settlement {
  const raw = unrealised(direction, openPrice, closePrice, quantity);
  const pnl = Decimal.max(raw.gte(0) ? down(raw) : up(raw.neg()).neg(), margin.neg());
  const left = margin.plus(pnl);
  // The closing fee comes out of what is left; it never reaches past the margin either.
  const closeFee = Decimal.min(up(quantity.times(closePrice).times(feeRate)), left);
  const payout = left.minus(closeFee);
  return {
    pnl: money(pnl),
    closeFee: money(closeFee),
    payout: money(payout),
    profit: money(payout.minus(margin).minus(openFee)),
  };
}

/**
 * Stop loss and take profit against the entry price and the liquidation price (PRODUCT.md §4): long SL <
 * price < TP, short TP < price < SL, and the stop loss must fire before liquidation.
 */
export function validateExits(
  direction: Direction,
  price: Decimal,
  liquidationPrice: Decimal,
  stopLoss: Decimal | undefined,
  takeProfit: Decimal | undefined,
): void {
  if (stopLoss !== undefined) {
    if (stopLoss.lte(0)) throw new AppError('11061');
    if (direction === 'long' ? !stopLoss.lt(price) : !stopLoss.gt(price)) throw new AppError('11061');
    if (direction === 'long' ? !stopLoss.gt(liquidationPrice) : !stopLoss.lt(liquidationPrice)) {
      throw new AppError(
        '11063',
        `Stop loss must trigger before liquidation: ${direction === 'long' ? 'above' : 'below'} ${fmt(liquidationPrice)}`,
      );
    }
  }
  if (takeProfit !== undefined) {
    if (takeProfit.lte(0)) throw new AppError('11062');
    if (direction === 'long' ? !takeProfit.gt(price) : !takeProfit.lt(price)) throw new AppError('11062');
  }
}

/** Win pays stake × (1 + rate), loss forfeits the stake, an equal price refunds it. */
export function optionOutcome(
  direction: 'up' | 'down',
  openPrice: Decimal,
  settlePrice: Decimal,
): 'won' | 'lost' | 'refunded' {
  if (settlePrice.eq(openPrice)) return 'refunded';
  const rose = settlePrice.gt(openPrice);
  return rose === (direction === 'up') ? 'won' : 'lost';
}

/** Leverage cap parameter per market type; crypto's cap applies to real accounts only (PRODUCT.md §4). */
export const leverageCapKey = {
  2: 'leverage_cap_crypto',
  3: 'leverage_cap_stocks',
  4: 'leverage_cap_futures',
  5: 'leverage_cap_metals',
  6: 'leverage_cap_forex',
} as const;
