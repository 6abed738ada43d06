import type Decimal from 'decimal.js';
import { type FieldProblem, parseAmount } from '@swx/shared';
import { exitProblems, liquidationPrice, type MarginDirection } from '@swx/shared/contract';

export type Direction = MarginDirection;
export type EntryType = 'market' | 'limit';

export interface MarginFields {
  direction: Direction;
  lots: string;
  leverage: number;
  orderType: EntryType;
  limitPrice: string;
  stopLossOn: boolean;
  stopLoss: string;
  takeProfitOn: boolean;
  takeProfit: string;
}

export interface MarginContext {
  /** The live feed price (market entry); the limit price is used for a limit entry. */
  livePrice: string | null;
  /** Share of margin at which the position is liquidated; null until known (the server still checks). */
  maintenanceRate: string | null;
  /** Units of the underlying per lot; null until the market is loaded. */
  contractSize: string | null;
  /** Formats a price for messages with the market's decimals. */
  formatPrice: (price: Decimal) => string;
}

export type MarginProblems = Partial<Record<'lots' | 'limitPrice' | 'stopLoss' | 'takeProfit', FieldProblem>>;

/**
 * The price the exits are judged against: the limit price for a limit entry, the latest tick for a market
 * entry. The server judges a market order at its own latest tick, so the quote has the final word.
 */
export function entryPrice(fields: MarginFields, context: MarginContext): Decimal | null {
  if (fields.orderType === 'limit') return parseAmount(fields.limitPrice);
  return context.livePrice === null ? null : parseAmount(context.livePrice);
}

/**
 * Where the position would be liquidated, by the server's rule (`liquidationPrice` in the shared contract):
 * with the order's quantity once the lots and the contract size are known, per unit before that (the same
 * price up to the 18th decimal).
 */
export function estimatedLiquidation(
  fields: MarginFields,
  context: MarginContext,
  entry: Decimal,
): Decimal | null {
  const rate = context.maintenanceRate === null ? null : parseAmount(context.maintenanceRate);
  if (!rate) return null;
  const lots = parseAmount(fields.lots);
  const size = context.contractSize === null ? null : parseAmount(context.contractSize);
  const quantity = lots?.gt(0) && size?.gt(0) ? lots.times(size) : undefined;
  return liquidationPrice(fields.direction, entry, fields.leverage, rate, quantity);
}

/**
 * Seed §5 and docs/product.md (business rules): quantity required and correct; a limit needs a price; stop loss and take
 * profit required when enabled and reasonable. Where they sit against the entry and liquidation prices is
 * judged by the server's own rule (`exitProblems`): long SL < price < TP, short TP < price < SL, and the
 * stop loss fires before liquidation.
 */
export function marginProblems(fields: MarginFields, context: MarginContext): MarginProblems {
  const problems: MarginProblems = {};
  if (fields.lots.trim() === '') problems.lots = { key: 'common:validation.quantityRequired' };
  else if (!parseAmount(fields.lots)?.gt(0)) problems.lots = { key: 'order.quantityIncorrect' };

  if (fields.orderType === 'limit') {
    if (fields.limitPrice.trim() === '') problems.limitPrice = { key: 'order.priceRequired' };
    else if (!parseAmount(fields.limitPrice)?.gt(0)) problems.limitPrice = { key: 'order.priceIncorrect' };
  }

  const stopLoss = fields.stopLossOn ? parseAmount(fields.stopLoss) : null;
  if (fields.stopLossOn && fields.stopLoss.trim() === '')
    problems.stopLoss = { key: 'common:validation.stopLossRequired' };
  else if (fields.stopLossOn && !stopLoss?.gt(0))
    problems.stopLoss = { key: 'common:validation.stopLossUnreasonable' };

  const takeProfit = fields.takeProfitOn ? parseAmount(fields.takeProfit) : null;
  if (fields.takeProfitOn && fields.takeProfit.trim() === '')
    problems.takeProfit = { key: 'common:validation.takeProfitRequired' };
  else if (fields.takeProfitOn && !takeProfit?.gt(0))
    problems.takeProfit = { key: 'common:validation.takeProfitUnreasonable' };

  const entry = entryPrice(fields, context);
  if (entry === null) return problems;
  const liquidation = estimatedLiquidation(fields, context, entry);
  const long = fields.direction === 'long';
  const judged = exitProblems(
    fields.direction,
    entry,
    liquidation,
    problems.stopLoss ? undefined : (stopLoss ?? undefined),
    problems.takeProfit ? undefined : (takeProfit ?? undefined),
  );
  for (const found of judged) {
    if (found.exit === 'takeProfit') {
      const key = long ? 'margin.takeProfitAbove' : 'margin.takeProfitBelow';
      problems.takeProfit = { key, values: { price: context.formatPrice(entry) } };
    } else if (found.problem === 'side') {
      const key = long ? 'margin.stopLossBelow' : 'margin.stopLossAbove';
      problems.stopLoss = { key, values: { price: context.formatPrice(entry) } };
    } else if (liquidation) {
      const key = long ? 'margin.stopLossBeforeLiquidationLong' : 'margin.stopLossBeforeLiquidationShort';
      problems.stopLoss = { key, values: { price: context.formatPrice(liquidation) } };
    }
  }
  return problems;
}
