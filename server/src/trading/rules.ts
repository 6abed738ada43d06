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

/** A filled spot order, as `spotResult` reads it (fee in USDT). */
export interface SpotFillRecord {
  code: string;
  side: 'buy' | 'sell';
  quantity: Decimal;
  price: Decimal;
  fee: Decimal;
}

/**
 * The result of a customer's spot trading, per market, by the average-cost method over their fills in the
 * order they happened: a buy adds its cost and fee to what the holding cost; a sell realises its proceeds
 * less its fee less the average cost of what it sold. Coins that did not come from a buy here (a deposit)
 * have no purchase price on the platform: the part of a sell beyond the coins bought here, and its share of
 * the fee, count for nothing. What is still held is valued at `latest` (a market without a price counts 0).
 */
export function spotResult(
  fills: readonly SpotFillRecord[],
  latest: (code: string) => Decimal | undefined,
): { realised: Decimal; unrealised: Decimal } {
  const holdings = new Map<string, { quantity: Decimal; cost: Decimal }>();
  let realised = money(0);
  for (const fill of fills) {
    const holding = holdings.get(fill.code) ?? { quantity: money(0), cost: money(0) };
    if (fill.side === 'buy') {
      holding.quantity = holding.quantity.plus(fill.quantity);
      holding.cost = holding.cost.plus(fill.quantity.times(fill.price)).plus(fill.fee);
    } else if (holding.quantity.gt(0)) {
      const sold = fill.quantity.lte(holding.quantity) ? fill.quantity : holding.quantity;
      const share = sold.div(fill.quantity);
      const costOfSold = holding.cost.times(sold).div(holding.quantity);
      realised = realised.plus(sold.times(fill.price)).minus(fill.fee.times(share)).minus(costOfSold);
      holding.quantity = holding.quantity.minus(sold);
      holding.cost = holding.cost.minus(costOfSold);
    }
    holdings.set(fill.code, holding);
  }
  let unrealised = money(0);
  for (const [code, { quantity, cost }] of holdings) {
    const price = latest(code);
    if (price && quantity.gt(0)) unrealised = unrealised.plus(quantity.times(price)).minus(cost);
  }
  return { realised, unrealised };
}
