import { fitsLedgerPrecision } from '@swx/shared/contract';

/**
 * Whether staff typed a positive amount the ledger can post in `currency` (no more digits than its
 * precision): the form says so before asking, and the server refuses the rest with its catalogue code.
 */
export function isPositiveAmount(text: string, currency: string): boolean {
  if (!/^(0|[1-9][0-9]{0,17})(\.[0-9]{1,18})?$/.test(text)) return false;
  if (/^0(\.0*)?$/.test(text)) return false;
  return fitsLedgerPrecision(text, currency);
}
