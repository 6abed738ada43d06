import Decimal from 'decimal.js';
import { formatDate, formatMoney, formatNumber } from '@swx/shared';

/** Loan figures are whole cents (the contract's LOAN_AMOUNT_DP): shown exactly, never rounded away. */
export function money(amount: string, currency = 'USDT'): string {
  return formatMoney(amount, currency, { decimals: 2 });
}

/** A rate given as a fraction (`"0.001"`), shown as a percentage (`0.1 %`) with as many digits as it has. */
export function ratePercent(fraction: string): string {
  const percent = new Decimal(fraction).mul(100);
  const decimals = Math.min(Math.max(percent.decimalPlaces(), 2), 6);
  return `${formatNumber(percent.toFixed(decimals), { minimumFractionDigits: decimals, maximumFractionDigits: decimals })}\u00a0%`;
}

/** A percentage given in percent units (`"44.03"`, the APR). */
export function percent(value: string): string {
  return `${formatNumber(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}\u00a0%`;
}

/** A calendar day (`YYYY-MM-DD`, UTC on the wire) in the language's order, without a zone shift. */
export function day(value: string): string {
  return formatDate(`${value}T00:00:00Z`, { timeZone: 'UTC' });
}

/** A loan figure without its currency, for tables whose caption names it (narrow phone columns). */
export function amount(value: string): string {
  return formatNumber(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}
