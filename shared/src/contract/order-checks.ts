import type Decimal from 'decimal.js';
import { errors } from './error-names';
import { exactDecimal, marginTerms, MARGIN_CURRENCY } from './margin';
import { orderSizeProblem, type OrderLimits, type OrderSizeProblem } from './order-limits';
import { fitsLedgerPrecision, ledgerPrecision, roundPaid } from './precision';
import { SPOT_QUOTE_CURRENCY, spotTerms } from './spot-rules';

/**
 * What the server refuses an order for before any money moves, written once for the order ticket (which
 * disables its review button with the reason, as the customer types) and the server (which has the last
 * word: the ledger refuses an overdraft with 10011 inside the order's transaction, whatever the ticket saw).
 * Each refusal carries the catalogue code the server answers for it, so the ticket and the server name the
 * same reason:
 *
 * - `step`: a quantity or stake finer than its currency's ledger precision (`11500`);
 * - `size`: below the market's minimum size (`11407`), off its size step (`11408`) or below its minimum
 *   notional at the order's price (`11409`), the market's `market_order_limits` (issue 28, `orderSizeProblem`);
 * - `minimum` / `maximum`: below what the market takes (a sale whose fee eats its value) or outside an
 *   option's stake bounds (`10016`);
 * - `balance`: the order needs more than the account's available funds in its currency (`10011`).
 *
 * The first refusal found is the one shown, in the order the server checks (so both name the same reason).
 */
export type OrderRefusal =
  | { reason: 'step'; code: typeof errors.amountTooPrecise; currency: string; step: string }
  | {
      reason: 'size';
      code: OrderSizeProblem;
      /** The market's minimums, and the currency its minimum notional is in (the quote asset). */
      limits: OrderLimits;
      quote: string;
    }
  | { reason: 'minimum'; code: typeof errors.purchaseAmountIncorrect; currency: string; minimum: string }
  | { reason: 'maximum'; code: typeof errors.purchaseAmountIncorrect; currency: string; maximum: string }
  | {
      reason: 'balance';
      code: typeof errors.insufficientBalance;
      currency: string;
      needed: string;
      available: string;
    };

/** A market's order minimums as the ticket knows them (`MarketInfo.orderLimits`); null while unknown. */
interface MarketSize {
  limits: OrderLimits | null;
  /** Units of the underlying per lot ("1" for a spot coin). */
  contractSize: Decimal.Value;
  /** The quote asset the minimum notional is in (USDT). */
  quote: string;
}

/** The market's minimums for `size` at `price` (`orderSizeProblem`, the server's `checkOrderSize`). */
function sizeRefusal(size: Decimal.Value, price: Decimal.Value, market: MarketSize): OrderRefusal | null {
  if (!market.limits) return null;
  const code = orderSizeProblem(
    exactDecimal(size).toFixed(),
    exactDecimal(price).toFixed(),
    exactDecimal(market.contractSize).toFixed(),
    market.limits,
  );
  return code ? { reason: 'size', code, limits: market.limits, quote: market.quote } : null;
}

/** The smallest unit of `currency` the ledger posts ("0.01" for USDT, "0.00000001" for BTC). */
export function ledgerStep(currency: string): string {
  return exactDecimal(1)
    .div(exactDecimal(10).pow(ledgerPrecision(currency)))
    .toFixed();
}

/** What the available balance must cover: null when the balance is unknown (the server still checks it). */
function balanceRefusal(
  needed: Decimal,
  available: Decimal.Value | null,
  currency: string,
): OrderRefusal | null {
  if (available === null) return null;
  const have = exactDecimal(available);
  return needed.gt(have)
    ? {
        reason: 'balance',
        code: errors.insufficientBalance,
        currency,
        needed: needed.toFixed(),
        available: have.toFixed(),
      }
    : null;
}

/**
 * A sale must be worth more than its fee: value rounded down to the cent, fee rounded up (`spotTerms`).
 * True when the server's fill (`spotLegs`) would refuse the order as too small.
 */
export function spotTooSmall(side: 'buy' | 'sell', value: Decimal, fee: Decimal): boolean {
  return value.lte(0) || (side === 'sell' && fee.gte(value));
}

/**
 * The smallest sale value (whole cents) the fee leaves something of at `feeRate`: 0.02 USDT at the
 * default 0.1 %. Null when no value qualifies (a fee rate of 100 % or more).
 */
export function minimumSaleValue(feeRate: Decimal.Value): Decimal | null {
  const rate = exactDecimal(feeRate);
  if (rate.gte(1)) return null;
  const cent = exactDecimal(ledgerStep(SPOT_QUOTE_CURRENCY));
  // On the cent grid, ⌈v × rate⌉ < v ⇔ ⌈v × rate⌉ ≤ v − cent ⇔ v × rate ≤ v − cent ⇔ v ≥ cent ÷ (1 − rate).
  return roundPaid(cent.div(exactDecimal(1).minus(rate)), SPOT_QUOTE_CURRENCY);
}

export interface SpotOrderDraft {
  side: 'buy' | 'sell';
  /** The coin quantity (positive). */
  quantity: Decimal.Value;
  /** The limit price, or the feed's latest price for a market order. */
  price: Decimal.Value;
  feeRate: Decimal.Value;
  /** The market's coin (BTC for BTCUSDT). */
  coin: string;
  /** Available USDT and coin in the active account; null while unknown. */
  availableUsdt: Decimal.Value | null;
  availableCoin: Decimal.Value | null;
  /** The market's minimums (null while unknown: the server still checks them). */
  limits: OrderLimits | null;
  /** Units per order size unit: "1" on spot markets (the server multiplies by the market's contract size). */
  contractSize?: Decimal.Value;
}

/**
 * A spot order, in the server's order (`SpotService.submit`): the coin quantity in whole ledger units, the
 * market's minimums at the order's price, a sale worth more than its fee, and the funds it takes (a buy:
 * value + fee in USDT, what a limit buy holds too; a sell: the coins).
 */
export function spotOrderRefusal(order: SpotOrderDraft): OrderRefusal | null {
  if (!fitsLedgerPrecision(order.quantity, order.coin))
    return {
      reason: 'step',
      code: errors.amountTooPrecise,
      currency: order.coin,
      step: ledgerStep(order.coin),
    };
  const size = sizeRefusal(order.quantity, order.price, {
    limits: order.limits,
    contractSize: order.contractSize ?? 1,
    quote: SPOT_QUOTE_CURRENCY,
  });
  if (size) return size;
  const terms = spotTerms(order.side, order.quantity, order.price, order.feeRate);
  if (spotTooSmall(order.side, terms.value, terms.fee)) {
    const minimum = minimumSaleValue(order.feeRate);
    return {
      reason: 'minimum',
      code: errors.purchaseAmountIncorrect,
      currency: SPOT_QUOTE_CURRENCY,
      minimum: (minimum ?? terms.value).toFixed(),
    };
  }
  return order.side === 'buy'
    ? balanceRefusal(terms.total, order.availableUsdt, SPOT_QUOTE_CURRENCY)
    : balanceRefusal(exactDecimal(order.quantity), order.availableCoin, order.coin);
}

export interface MarginOrderDraft {
  lots: Decimal.Value;
  contractSize: Decimal.Value;
  /** The limit price, or the feed's latest price for a market entry. */
  price: Decimal.Value;
  leverage: number;
  feeRate: Decimal.Value;
  /** Available USDT in the active account; null while unknown. */
  availableUsdt: Decimal.Value | null;
  /** The market's minimums on lots (null while unknown: the server still checks them). */
  limits: OrderLimits | null;
  /** The market's quote asset, the currency of its minimum notional (USDT when not given). */
  quoteAsset?: string;
}

/** What opening a margin position takes from the available balance: its margin and its opening fee. */
export function marginFundsNeeded(terms: { margin: Decimal; fee: Decimal }): Decimal {
  return terms.margin.plus(terms.fee);
}

/**
 * A margin order, in the server's order (`marginPlan`, then the ledger): the market's minimums on lots at the
 * entry price, then its margin and opening fee (`marginTerms`, rounded up to the cent) within the available USDT.
 */
export function marginOrderRefusal(order: MarginOrderDraft): OrderRefusal | null {
  const size = sizeRefusal(order.lots, order.price, {
    limits: order.limits,
    contractSize: order.contractSize,
    quote: order.quoteAsset ?? MARGIN_CURRENCY,
  });
  if (size) return size;
  const terms = marginTerms(
    exactDecimal(order.lots),
    exactDecimal(order.contractSize),
    exactDecimal(order.price),
    order.leverage,
    exactDecimal(order.feeRate),
  );
  return balanceRefusal(marginFundsNeeded(terms), order.availableUsdt, MARGIN_CURRENCY);
}

export interface OptionOrderDraft {
  stake: Decimal.Value;
  stakeMin: Decimal.Value;
  stakeMax: Decimal.Value;
  /** Available USDT in the active account; null while unknown. */
  availableUsdt: Decimal.Value | null;
}

/** An option: the stake in whole cents, within the market's bounds, and held from the available USDT. */
export function optionOrderRefusal(order: OptionOrderDraft): OrderRefusal | null {
  const currency = MARGIN_CURRENCY;
  const stake = exactDecimal(order.stake);
  // The server's order: bounds (10016), then cents (11500), then the hold (10011).
  const code = errors.purchaseAmountIncorrect;
  if (stake.lt(order.stakeMin))
    return { reason: 'minimum', code, currency, minimum: exactDecimal(order.stakeMin).toFixed() };
  if (stake.gt(order.stakeMax))
    return { reason: 'maximum', code, currency, maximum: exactDecimal(order.stakeMax).toFixed() };
  if (!fitsLedgerPrecision(order.stake, currency))
    return { reason: 'step', code: errors.amountTooPrecise, currency, step: ledgerStep(currency) };
  return balanceRefusal(stake, order.availableUsdt, currency);
}
