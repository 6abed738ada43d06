import Decimal from 'decimal.js';

/**
 * Ledger precision (docs/product.md, "Ledger precision"): every amount posted to the ledger is a whole number
 * of its currency's smallest unit, rounded once, where it is computed for posting, by one rule:
 *
 * - what the customer pays (margin, fees, a purchase's cost, a withdrawal fee) is rounded UP;
 * - what the customer receives (a sale's proceeds, profit, winnings, income, rewards) is rounded DOWN.
 *
 * So rounding never creates money the ledger lacks, and every screen shows a posted amount with exactly these
 * digits: the card, the receipt, the records row, the notification and the CSV agree, and every "after"
 * equals before plus change. Customer input (a deposit, a stake, a bid) with more digits is refused.
 *
 * The client's formatter (`currencyPrecision` in i18n/format.ts) reads the same table.
 */
export const LEDGER_PRECISION: Readonly<Record<string, number>> = {
  USDT: 2,
  USDC: 2,
  BTC: 8,
  ETH: 8,
};

/** Every other coin (spot coins) counts in 10⁻⁸. */
export const DEFAULT_LEDGER_PRECISION = 8;

/** The number of decimal places amounts of `currency` are posted and shown with (USDT 2, BTC 8). */
export function ledgerPrecision(currency: string): number {
  return LEDGER_PRECISION[currency.toUpperCase()] ?? DEFAULT_LEDGER_PRECISION;
}

/**
 * A private clone with the ledger's settings, so another module's `Decimal.set` cannot change a figure:
 * 60 significant digits hold any sum of numeric(36,18) amounts exactly.
 */
export const Exact = /* @__PURE__ */ Decimal.clone({
  precision: 60,
  rounding: Decimal.ROUND_HALF_EVEN,
  toExpNeg: -40,
  toExpPos: 40,
});

/** What the customer pays, rounded up to a postable amount of `currency`. */
export function roundPaid(value: Decimal.Value, currency: string): Decimal {
  return new Exact(value).toDecimalPlaces(ledgerPrecision(currency), Decimal.ROUND_UP);
}

/** What the customer receives, rounded down to a postable amount of `currency`. */
export function roundReceived(value: Decimal.Value, currency: string): Decimal {
  return new Exact(value).toDecimalPlaces(ledgerPrecision(currency), Decimal.ROUND_DOWN);
}

/** Whether `value` is a whole number of `currency`'s smallest unit (postable as it is). */
export function fitsLedgerPrecision(value: Decimal.Value, currency: string): boolean {
  try {
    return new Exact(value).decimalPlaces() <= ledgerPrecision(currency);
  } catch {
    return false;
  }
}
