import Decimal from 'decimal.js';
import { type FieldProblem, parseAmount } from '@swx/shared';

export type Direction = 'long' | 'short';
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
 * Where the position is liquidated: margin + unrealised profit = maintenance share of margin. With
 * margin = notional ÷ leverage this is entry × (1 ∓ (1 − maintenance) ÷ leverage), whatever the lots.
 */
export function estimatedLiquidationPrice(
  direction: Direction,
  entry: Decimal,
  leverage: number,
  maintenanceRate: Decimal,
): Decimal {
  const distance = entry.times(new Decimal(1).minus(maintenanceRate)).div(leverage);
  return direction === 'long' ? entry.minus(distance) : entry.plus(distance);
}

/**
 * Seed §5 and PRODUCT.md §4: quantity required and correct; a limit needs a price; stop loss and take
 * profit required when enabled and reasonable: long SL < price < TP, short TP < price < SL, and the stop
 * loss fires before liquidation.
 */
export function marginProblems(fields: MarginFields, context: MarginContext): MarginProblems {
  const problems: MarginProblems = {};
  if (fields.lots.trim() === '') problems.lots = { key: 'common:validation.quantityRequired' };
  else if (!parseAmount(fields.lots)?.gt(0)) problems.lots = { key: 'order.quantityIncorrect' };

  if (fields.orderType === 'limit') {
    if (fields.limitPrice.trim() === '') problems.limitPrice = { key: 'order.priceRequired' };
    else if (!parseAmount(fields.limitPrice)?.gt(0)) problems.limitPrice = { key: 'order.priceIncorrect' };
  }

  const entry = entryPrice(fields, context);
  const long = fields.direction === 'long';
  const shown = (price: Decimal) => ({ price: context.formatPrice(price) });

  if (fields.stopLossOn) {
    const stopLoss = parseAmount(fields.stopLoss);
    if (fields.stopLoss.trim() === '') problems.stopLoss = { key: 'common:validation.stopLossRequired' };
    else if (!stopLoss?.gt(0)) problems.stopLoss = { key: 'common:validation.stopLossUnreasonable' };
    else if (entry && long && !stopLoss.lt(entry))
      problems.stopLoss = { key: 'margin.stopLossBelow', values: shown(entry) };
    else if (entry && !long && !stopLoss.gt(entry))
      problems.stopLoss = { key: 'margin.stopLossAbove', values: shown(entry) };
    else if (entry && context.maintenanceRate !== null) {
      const rate = parseAmount(context.maintenanceRate);
      const liquidation = rate
        ? estimatedLiquidationPrice(fields.direction, entry, fields.leverage, rate)
        : null;
      if (liquidation && long && !stopLoss.gt(liquidation))
        problems.stopLoss = { key: 'margin.stopLossBeforeLiquidationLong', values: shown(liquidation) };
      else if (liquidation && !long && !stopLoss.lt(liquidation))
        problems.stopLoss = { key: 'margin.stopLossBeforeLiquidationShort', values: shown(liquidation) };
    }
  }

  if (fields.takeProfitOn) {
    const takeProfit = parseAmount(fields.takeProfit);
    if (fields.takeProfit.trim() === '')
      problems.takeProfit = { key: 'common:validation.takeProfitRequired' };
    else if (!takeProfit?.gt(0)) problems.takeProfit = { key: 'common:validation.takeProfitUnreasonable' };
    else if (entry && long && !takeProfit.gt(entry))
      problems.takeProfit = { key: 'margin.takeProfitAbove', values: shown(entry) };
    else if (entry && !long && !takeProfit.lt(entry))
      problems.takeProfit = { key: 'margin.takeProfitBelow', values: shown(entry) };
  }
  return problems;
}

/** Unrealised profit before fees at `price`: (price − open) × lots × contract size, negated for a short. */
export function unrealisedProfit(
  direction: Direction,
  openPrice: Decimal,
  price: Decimal,
  lots: Decimal,
  contractSize: Decimal,
): Decimal {
  const move = price.minus(openPrice).times(lots).times(contractSize);
  return direction === 'long' ? move : move.neg();
}
