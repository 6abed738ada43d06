import Decimal from 'decimal.js';
import type { AccountMode } from './common';
import { Exact, roundPaid, roundReceived } from './precision';

/**
 * The margin and option rules of docs/product.md (business rules) as pure functions of decimals. The server computes orders,
 * quotes and the engine's trigger levels with them and the trading module computes what the order form
 * shows with them, so the two cannot disagree on a figure.
 *
 * Every rule computes in a private decimal of 60 significant digits whatever the caller's decimals are (the
 * client's default decimal.js keeps only 20), so the same inputs give the same figures on both sides.
 *
 * Rounding: margin, fees and results are posted amounts of USDT, rounded once to its ledger precision
 * (precision.ts): what the customer pays up, what they receive down, so rounding never creates money the
 * ledger lacks and the form, the review, the card and the receipt show the same cents. Trigger levels are
 * prices, not amounts: they keep 18 places, rounded towards the side that keeps "price reaches level" equal
 * to the exact rule for any price of 18 decimals or fewer.
 */
export type MarginDirection = 'long' | 'short';

/** Decimal places of a stored amount or level (numeric(36,18)). */
export const AMOUNT_DP = 18;

/** Margin, fees and results are in USDT (USDT-margined positions). */
export const MARGIN_CURRENCY = 'USDT';

/** An exact decimal with the rules' settings. */
export const exactDecimal = (x: Decimal.Value): Decimal => new Exact(x);
/** A level rounded up to a stored value (18 places). */
const levelUp = (x: Decimal): Decimal => new Exact(x).toDecimalPlaces(AMOUNT_DP, Decimal.ROUND_UP);
/** A level rounded down to a stored value (18 places). */
const levelDown = (x: Decimal): Decimal => new Exact(x).toDecimalPlaces(AMOUNT_DP, Decimal.ROUND_DOWN);
/** Plain notation (never exponent), as amounts travel on the wire. */
export const plainDecimal = (x: Decimal.Value): string => new Exact(x).toFixed();

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
  const quantity = exactDecimal(lots).times(contractSize);
  const notional = quantity.times(price);
  return {
    quantity,
    notional,
    margin: roundPaid(notional.div(leverage), MARGIN_CURRENCY),
    fee: roundPaid(notional.times(feeRate), MARGIN_CURRENCY),
  };
}

/**
 * The price at which margin + unrealised profit falls to `share` of the margin: liquidation with the
 * maintenance rate, the margin call with the margin-call rate. Long: open − (1 − share) × margin ÷ quantity.
 */
export function equityLevel(
  direction: MarginDirection,
  openPrice: Decimal,
  margin: Decimal,
  quantity: Decimal,
  share: Decimal,
): Decimal {
  const distance = exactDecimal(1).minus(share).times(margin).div(quantity);
  // Long fires when price ≤ level: round down; short fires when price ≥ level: round up.
  const open = exactDecimal(openPrice);
  return direction === 'long' ? levelDown(open.minus(distance)) : levelUp(open.plus(distance));
}

/**
 * The liquidation price of a position of `quantity` units entered at `entry` with `leverage`: the margin the
 * order would require (rounded to the cent, as the server posts it), then `equityLevel` at the maintenance
 * share. Without a quantity (the form's lots not yet valid) it is the per-unit level of the exact margin,
 * entry × (1 ∓ (1 − maintenance) ÷ leverage); the rounded margin moves a real position's level by at most
 * a cent's worth of price away from the entry.
 */
export function liquidationPrice(
  direction: MarginDirection,
  entry: Decimal,
  leverage: number,
  maintenanceRate: Decimal,
  quantity?: Decimal,
): Decimal {
  if (quantity === undefined) {
    const margin = exactDecimal(entry).div(leverage);
    return equityLevel(direction, entry, margin, exactDecimal(1), maintenanceRate);
  }
  const { margin } = marginTerms(quantity, exactDecimal(1), entry, leverage, exactDecimal(0));
  return equityLevel(direction, entry, margin, quantity, maintenanceRate);
}

/** Unrealised profit before fees, not capped. */
export function unrealised(
  direction: MarginDirection,
  openPrice: Decimal,
  price: Decimal,
  quantity: Decimal,
): Decimal {
  const move = exactDecimal(price).minus(openPrice).times(quantity);
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
  direction: MarginDirection,
  openPrice: Decimal,
  closePrice: Decimal,
  quantity: Decimal,
  margin: Decimal,
  openFee: Decimal,
  feeRate: Decimal,
): Settlement {
  const raw = unrealised(direction, openPrice, closePrice, quantity);
  const held = exactDecimal(margin);
  const pnl = Exact.max(
    raw.gte(0) ? roundReceived(raw, MARGIN_CURRENCY) : roundPaid(raw.neg(), MARGIN_CURRENCY).neg(),
    held.neg(),
  );
  const left = held.plus(pnl);
  // The closing fee comes out of what is left; it never reaches past the margin either.
  const closeFee = Exact.min(
    roundPaid(exactDecimal(quantity).times(closePrice).times(feeRate), MARGIN_CURRENCY),
    left,
  );
  const payout = left.minus(closeFee);
  return {
    pnl: exactDecimal(pnl),
    closeFee: exactDecimal(closeFee),
    payout: exactDecimal(payout),
    profit: exactDecimal(payout.minus(held).minus(openFee)),
  };
}

/**
 * What is wrong with a stop loss or take profit, judged against the entry price and the liquidation price
 * (docs/product.md, business rules): long SL < price < TP, short TP < price < SL, and the stop loss fires before liquidation.
 * `side`: the exit is not strictly on its side of the entry (or not positive); `liquidation`: the stop loss
 * would fire only after liquidation.
 */
export type ExitProblem =
  { exit: 'stopLoss'; problem: 'side' | 'liquidation' } | { exit: 'takeProfit'; problem: 'side' };

export function exitProblems(
  direction: MarginDirection,
  price: Decimal,
  liquidation: Decimal | null,
  stopLoss: Decimal | undefined,
  takeProfit: Decimal | undefined,
): ExitProblem[] {
  const long = direction === 'long';
  const problems: ExitProblem[] = [];
  if (stopLoss !== undefined) {
    if (stopLoss.lte(0) || (long ? !stopLoss.lt(price) : !stopLoss.gt(price))) {
      problems.push({ exit: 'stopLoss', problem: 'side' });
    } else if (liquidation && (long ? !stopLoss.gt(liquidation) : !stopLoss.lt(liquidation))) {
      problems.push({ exit: 'stopLoss', problem: 'liquidation' });
    }
  }
  if (
    takeProfit !== undefined &&
    (takeProfit.lte(0) || (long ? !takeProfit.gt(price) : !takeProfit.lt(price)))
  ) {
    problems.push({ exit: 'takeProfit', problem: 'side' });
  }
  return problems;
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

/** Leverage cap parameter per market type (docs/product.md, business rules). */
export const leverageCapKey = {
  2: 'leverage_cap_crypto',
  3: 'leverage_cap_stocks',
  4: 'leverage_cap_futures',
  5: 'leverage_cap_metals',
  6: 'leverage_cap_forex',
} as const;

/** Crypto's (type 2) leverage cap applies to real accounts only; every other type's cap always applies. */
export function leverageCapBinds(marketType: number, mode: AccountMode): boolean {
  return marketType !== 2 || mode === 'real';
}

/** The market's leverages a customer may choose: all of them where the cap does not bind or is unknown. */
export function allowedLeverages(
  leverages: readonly number[],
  marketType: number,
  mode: AccountMode,
  cap: number | null,
): number[] {
  const binding = leverageCapBinds(marketType, mode) ? cap : null;
  return leverages.filter((value) => binding === null || value <= binding);
}
