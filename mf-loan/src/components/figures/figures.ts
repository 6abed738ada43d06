import { formatDate, formatMoney, formatNumber, formatPercent, formatRateAsGiven } from '@swx/shared';

/** Loan figures are whole cents (the contract's LOAN_AMOUNT_DP): shown exactly, never rounded away. */
export function money(amount: string, currency = 'USDT'): string {
  return formatMoney(amount, currency, { decimals: 2 });
}

/** A rate given as a fraction (`"0.001"`), with as many digits as it has: the SDK's exact rate format. */
export function ratePercent(fraction: string): string {
  return formatRateAsGiven(fraction);
}

/** A percentage given in percent units (`"44.03"`, the APR), in the language's percent format. */
export function percent(value: string): string {
  return formatPercent(value, { decimals: 2, signed: false });
}

/** A calendar day (`YYYY-MM-DD`, UTC on the wire) in the language's order, without a zone shift. */
export function day(value: string): string {
  return formatDate(`${value}T00:00:00Z`, { timeZone: 'UTC' });
}

/** A loan figure without its currency, for tables whose caption names it (narrow phone columns). */
export function amount(value: string): string {
  return formatNumber(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}
