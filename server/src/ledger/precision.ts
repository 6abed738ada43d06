import { errors, fitsLedgerPrecision, ledgerPrecision } from '@swx/shared/contract';
import { AppError } from '../http/errors';

/**
 * Refuses customer or staff input finer than its currency's ledger precision (docs/product.md, ledger
 * precision) with 11500, before anything is computed from it: the ledger posts whole units only, and an
 * amount it cannot post exactly is not rounded behind the customer's back.
 */
export function requirePostable(amount: string | { toFixed(): string }, currency: string): void {
  const value = typeof amount === 'string' ? amount : amount.toFixed();
  if (!fitsLedgerPrecision(value, currency))
    throw new AppError(
      errors.amountTooPrecise,
      `${currency.toUpperCase()} amounts have at most ${ledgerPrecision(currency)} decimal places`,
    );
}
