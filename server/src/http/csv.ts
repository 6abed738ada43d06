/**
 * A text cell a spreadsheet would run as a formula (starting with = + - @, tab or carriage return) gets a
 * leading apostrophe, so an exported memo or audit detail cannot execute anything. Only text goes through
 * here: amounts are exact decimal strings from the ledger, written as numbers, a minus sign and all. Quoting
 * is csv-stringify's. Used by every CSV export (the customer's records, the audit log).
 */
export function textCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
