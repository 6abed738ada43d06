import Decimal from 'decimal.js';

/** A customer's typed number as a decimal, or null when it is not one ("", "1e5", "1,5", "-2"). */
export function parseAmount(text: string): Decimal | null {
  const trimmed = text.trim();
  if (!/^(0|[1-9][0-9]*)(\.[0-9]+)?$|^0?\.[0-9]+$/.test(trimmed)) return null;
  const value = new Decimal(trimmed.startsWith('.') ? `0${trimmed}` : trimmed);
  return value.isFinite() ? value : null;
}

/** The decimal string the API expects ("0.5", never "5e-1" nor ".5"). */
export function wireAmount(text: string): string {
  const value = parseAmount(text);
  if (!value) throw new Error(`Not an amount: ${text}`);
  return value.toFixed();
}

/** A validation message: a key in the module's namespace (or `common:` one) with its values. */
export interface Problem {
  key: string;
  values?: Record<string, string>;
}
