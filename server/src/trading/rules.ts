import type Decimal from 'decimal.js';
import {
  errors,
  exactDecimal,
  exitProblems,
  plainDecimal,
  roundPaid,
  roundReceived,
  type MarginDirection,
} from '@swx/shared/contract';
import { AppError } from '../http/errors';

/**
 * The margin and option rules of docs/product.md (business rules) live in `@swx/shared/contract` (margin.ts), shared with the
 * order form so client and server compute the same figures; the rounding invariants are stated there. This
 * module keeps the server's names for them, the exit check as the API's errors, and the spot result.
 */
export {
  equityLevel,
  leverageCapKey,
  marginTerms,
  optionOutcome,
  settle,
  unrealised,
  type MarginTerms,
  type Settlement,
} from '@swx/shared/contract';

export type Direction = MarginDirection;

/** What the customer pays, rounded up to the currency's ledger precision (docs/product.md). */
export const up = (x: Decimal, currency: string): Decimal => roundPaid(x, currency);
/** What the customer receives, rounded down to the currency's ledger precision. */
export const down = (x: Decimal, currency: string): Decimal => roundReceived(x, currency);
export const money = exactDecimal;
export const fmt = plainDecimal;

/**
 * Stop loss and take profit against the entry price and the liquidation price (docs/product.md, business rules): long SL <
 * price < TP, short TP < price < SL, and the stop loss must fire before liquidation.
 */
export function validateExits(
  direction: Direction,
  price: Decimal,
  liquidationPrice: Decimal,
  stopLoss: Decimal | undefined,
  takeProfit: Decimal | undefined,
): void {
  const [first] = exitProblems(direction, price, liquidationPrice, stopLoss, takeProfit);
  if (!first) return;
  if (first.exit === 'takeProfit') throw new AppError(errors.takeProfitIncorrect);
  if (first.problem === 'side') throw new AppError(errors.stopLossIncorrect);
  throw new AppError(
    errors.stopLossBeyondLiquidation,
    `Stop loss must trigger before liquidation: ${direction === 'long' ? 'above' : 'below'} ${fmt(liquidationPrice)}`,
  );
}

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
