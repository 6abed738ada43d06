import Big from 'big.js';
import type Decimal from 'decimal.js';
import { defaultLanguage, type Lang } from './languages';

/**
 * Number and date formatting for the active language (docs/product.md, languages).
 *
 * Money and prices arrive as decimal strings and are never turned into JS numbers here: rounding to the
 * displayed digits is done by big.js (exact decimal arithmetic in 3 KB, where decimal.js, which the order
 * forms need for their calculations, is 12 KB of start-up code), and the resulting decimal string is handed to `Intl.NumberFormat` as a string. Since Intl.NumberFormat v3 (every engine we support; Node ≥ 20,
 * Chrome 106, Safari 15.4, Firefox 116) a string is formatted as an exact decimal, so
 * "12345678901234567.12345678" keeps every digit. On an older engine Intl would read the string as a double:
 * digits beyond ~15 significant could change on screen, never in the value sent back to the server.
 */

let activeLanguage: Lang = defaultLanguage;

/** Kept in step with i18next by `createI18n`; tests and the standalone harness may set it directly. */
export function setFormatLanguage(lang: Lang): void {
  activeLanguage = lang;
}

export function getFormatLanguage(): Lang {
  return activeLanguage;
}

export type NumericInput = string | number | Decimal;

const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

// Price lists re-render every animation frame; building a formatter is far costlier than using one.
function cached<F extends Intl.NumberFormat | Intl.DateTimeFormat>(
  kind: string,
  lang: Lang,
  options: object,
  build: () => F,
): F {
  const key = `${kind}|${lang}|${JSON.stringify(options)}`;
  let format = formatters.get(key) as F | undefined;
  if (!format) {
    format = build();
    formatters.set(key, format);
  }
  return format;
}

function numberFormat(lang: Lang, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached('number', lang, options, () => new Intl.NumberFormat(lang, options));
}

function dateFormat(lang: Lang, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached('date', lang, options, () => new Intl.DateTimeFormat(lang, options));
}

/** Far beyond any amount or price: a stray "1e999999999" must not become a billion-digit string. */
const maxExponent = 10_000;

/** The value as an exact decimal, or null when it is not a finite number. A decimal.js `Decimal` prints exactly. */
function toDecimal(value: NumericInput): Big | null {
  try {
    const decimal = new Big(typeof value === 'object' ? String(value) : value);
    return Math.abs(decimal.e) > maxExponent ? null : decimal;
  } catch {
    return null; // big.js refuses NaN, Infinity and anything that is not a decimal
  }
}

type Rounding = typeof Big.roundHalfUp | typeof Big.roundDown;

type Numeric = `${number}`;

/** A decimal rounded to `decimals` fraction digits, as the exact string Intl accepts. */
function fixed(value: Big, decimals: number, rounding: Rounding): Numeric {
  return value.toFixed(decimals, rounding) as Numeric;
}

const placeholder = '--';

export interface NumberOptions {
  minimumFractionDigits?: number;
  maximumFractionDigits?: number;
  lang?: Lang;
}

/** A plain number with grouping, e.g. a count or a lot size; at most 8 fraction digits unless asked. */
export function formatNumber(value: NumericInput, options: NumberOptions = {}): string {
  const decimal = toDecimal(value);
  if (!decimal) return placeholder;
  const max = options.maximumFractionDigits ?? 8;
  const min = Math.min(options.minimumFractionDigits ?? 0, max);
  return numberFormat(options.lang ?? activeLanguage, {
    minimumFractionDigits: min,
    maximumFractionDigits: max,
  }).format(fixed(decimal, max, Big.roundHalfUp));
}

/** A price with exactly the market's number of decimals (`decimals`), e.g. 67 012.50 or 1.08431. */
export function formatPrice(price: NumericInput, decimals: number, lang: Lang = activeLanguage): string {
  const decimal = toDecimal(price);
  if (!decimal) return placeholder;
  return numberFormat(lang, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(
    fixed(decimal, decimals, Big.roundHalfUp),
  );
}

/** Fraction digits shown for amounts of a currency: fiat and stablecoins in cents, coins to 8 places. */
const currencyDecimals: Record<string, { min: number; max: number }> = {
  USDT: { min: 2, max: 2 },
  USDC: { min: 2, max: 2 },
  BTC: { min: 2, max: 8 },
  ETH: { min: 2, max: 8 },
};

let isoCurrencies: ReadonlySet<string> | null = null;

function isIsoCurrency(currency: string): boolean {
  if (!/^[A-Z]{3}$/.test(currency) || currency in currencyDecimals) return false;
  if (!isoCurrencies) {
    try {
      isoCurrencies = new Set(Intl.supportedValuesOf('currency'));
    } catch {
      isoCurrencies = new Set(['USD', 'EUR', 'GBP', 'JPY', 'CNY', 'HKD', 'TWD', 'KRW', 'AED', 'SAR']);
    }
  }
  return isoCurrencies.has(currency);
}

export interface MoneyOptions {
  /** Fixed number of fraction digits instead of the currency's usual ones. */
  decimals?: number;
  lang?: Lang;
}

/**
 * An amount of money with its currency, e.g. "1,234.50 USDT" or "1.234,50 €". Amounts are rounded
 * towards zero: a balance is never shown as more than the customer has.
 */
export function formatMoney(amount: NumericInput, currency: string, options: MoneyOptions = {}): string {
  const decimal = toDecimal(amount);
  if (!decimal) return placeholder;
  const lang = options.lang ?? activeLanguage;
  const code = currency.toUpperCase();
  if (isIsoCurrency(code)) {
    const digits = options.decimals;
    const format = numberFormat(lang, {
      style: 'currency',
      currency: code,
      ...(digits === undefined ? {} : { minimumFractionDigits: digits, maximumFractionDigits: digits }),
    });
    // The currency's own minor unit (JPY 0, USD 2, KWD 3) unless told otherwise.
    const shown = digits ?? format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(fixed(decimal, shown, Big.roundDown));
  }
  // Crypto codes are not ISO 4217 (USDT has four letters): format the number, then name the currency.
  const range =
    options.decimals === undefined
      ? (currencyDecimals[code] ?? { min: 2, max: 8 })
      : { min: options.decimals, max: options.decimals };
  const number = numberFormat(lang, {
    minimumFractionDigits: range.min,
    maximumFractionDigits: range.max,
  }).format(fixed(decimal, range.max, Big.roundDown));
  return `${number}\u00a0${code}`;
}

export interface PercentOptions {
  decimals?: number;
  /** Show "+" on gains (default true, as market lists do). */
  signed?: boolean;
  lang?: Lang;
}

/**
 * A percentage given in percent units, as the API's `zdf` is ("1.23" → "+1.23%"). The division by 100
 * is exact (a decimal multiplication by 0.01), so no float error creeps into the last digit.
 */
export function formatPercent(percent: NumericInput, options: PercentOptions = {}): string {
  const decimal = toDecimal(percent);
  if (!decimal) return placeholder;
  const decimals = options.decimals ?? 2;
  return numberFormat(options.lang ?? activeLanguage, {
    style: 'percent',
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    signDisplay: options.signed === false ? 'auto' : 'exceptZero',
  }).format(fixed(decimal.times('0.01'), decimals + 2, Big.roundHalfUp));
}

export type DateInput = Date | number | string;

function toDate(value: DateInput): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export interface DateOptions {
  lang?: Lang;
  /** Defaults to the browser's zone; tests and receipts may pin one (e.g. 'UTC'). */
  timeZone?: string;
}

/** A calendar date in the language's own order, e.g. 2026/11/22, 22.11.2026. */
export function formatDate(value: DateInput, options: DateOptions = {}): string {
  const date = toDate(value);
  if (!date) return placeholder;
  return dateFormat(options.lang ?? activeLanguage, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    ...(options.timeZone ? { timeZone: options.timeZone } : {}),
  }).format(date);
}

/** Date and time to the second, as order and ledger records need. */
export function formatDateTime(value: DateInput, options: DateOptions = {}): string {
  const date = toDate(value);
  if (!date) return placeholder;
  return dateFormat(options.lang ?? activeLanguage, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    ...(options.timeZone ? { timeZone: options.timeZone } : {}),
  }).format(date);
}
