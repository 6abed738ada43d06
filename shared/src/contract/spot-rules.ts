import type Decimal from 'decimal.js';
import { exactDecimal } from './margin';
import { roundPaid, roundReceived } from './precision';

/** Spot trades settle in USDT. */
export const SPOT_QUOTE_CURRENCY = 'USDT';

export interface SpotTerms {
  /** quantity × price in USDT: rounded up on a buy (paid), down on a sell (received). */
  value: Decimal;
  /** The fee rate of that value, rounded up (paid). */
  fee: Decimal;
  /** What moves on the customer's USDT: a buy pays value + fee, a sell receives value − fee. */
  total: Decimal;
}

/**
 * A spot order's figures (docs/product.md, spot and ledger precision), once for the order form, the review,
 * the server's fill and a limit order's hold: each rounded once to the cent by the one rule, so every screen
 * shows the cents the ledger posts.
 */
export function spotTerms(
  side: 'buy' | 'sell',
  quantity: Decimal.Value,
  price: Decimal.Value,
  feeRate: Decimal.Value,
): SpotTerms {
  const exact = exactDecimal(quantity).times(price);
  const value =
    side === 'buy' ? roundPaid(exact, SPOT_QUOTE_CURRENCY) : roundReceived(exact, SPOT_QUOTE_CURRENCY);
  const fee = roundPaid(value.times(feeRate), SPOT_QUOTE_CURRENCY);
  return { value, fee, total: side === 'buy' ? value.plus(fee) : value.minus(fee) };
}
