import Big from 'big.js';
import type Decimal from 'decimal.js';
import { LEDGER_PRECISION, ledgerPrecision } from '../contract/precision';
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

/**
 * Builds the language's first number format ahead of need. A page's first `Intl.NumberFormat` loads the
 * engine's locale data (11–16 ms on a desktop CPU, four times that on a phone; later ones cost ~0.1 ms), so
 * the shell calls this while the page waits for the network after its first paint, instead of the first
 * screen that shows a number paying for it inside its render.
 */
export function prepareNumberFormats(lang: Lang = activeLanguage): void {
  numberFormat(lang, plainNumberOptions({}));
}

/** `formatNumber`'s fraction digits: at most 8 unless asked, the minimum never above the maximum. */
function plainNumberOptions({ minimumFractionDigits, maximumFractionDigits }: NumberOptions) {
  const max = maximumFractionDigits ?? 8;
  return { minimumFractionDigits: Math.min(minimumFractionDigits ?? 0, max), maximumFractionDigits: max };
}

/** A plain number with grouping, e.g. a count or a lot size; at most 8 fraction digits unless asked. */
export function formatNumber(value: NumericInput, options: NumberOptions = {}): string {
  const decimal = toDecimal(value);
  if (!decimal) return placeholder;
  const formatOptions = plainNumberOptions(options);
  return numberFormat(options.lang ?? activeLanguage, formatOptions).format(
    fixed(decimal, formatOptions.maximumFractionDigits, Big.roundHalfUp),
  );
}

/** A price with exactly the market's number of decimals (`decimals`), e.g. 67 012.50 or 1.08431. */
export function formatPrice(price: NumericInput, decimals: number, lang: Lang = activeLanguage): string {
  const decimal = toDecimal(price);
  if (!decimal) return placeholder;
  return numberFormat(lang, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(
    fixed(decimal, decimals, Big.roundHalfUp),
  );
}

let isoCurrencies: ReadonlySet<string> | null = null;

function isIsoCurrency(currency: string): boolean {
  if (!/^[A-Z]{3}$/.test(currency) || currency in LEDGER_PRECISION) return false;
  if (!isoCurrencies) {
    try {
      isoCurrencies = new Set(Intl.supportedValuesOf('currency'));
    } catch {
      isoCurrencies = new Set(['USD', 'EUR', 'GBP', 'JPY', 'CNY', 'HKD', 'TWD', 'KRW', 'AED', 'SAR']);
    }
  }
  return isoCurrencies.has(currency);
}

/**
 * The number of fraction digits every screen shows for amounts of `currency`: the ledger's precision for the
 * currencies the ledger holds (USDT 2, BTC 8, any other coin 8; `ledgerPrecision` in the contract), and an
 * ISO currency's own minor unit (JPY 0, USD 2, KWD 3).
 */
export function currencyPrecision(currency: string): number {
  const code = currency.toUpperCase();
  if (isIsoCurrency(code)) {
    return new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions()
      .maximumFractionDigits as number;
  }
  return ledgerPrecision(code);
}

export interface MoneyOptions {
  /** Fixed number of fraction digits instead of the currency's precision (rounded as `rounding` says). */
  decimals?: number;
  /**
   * Only for figures that were never posted (a live estimate, a valuation): round to the precision, `down`
   * towards zero or `halfUp` to the nearest. Without it the amount is shown as posted, never rounded: at
   * least the currency's precision, and every further digit it carries (amounts posted before ledger
   * precision, docs/product.md).
   */
  rounding?: 'down' | 'halfUp';
  /** Write "+" on positive amounts (movements in records and receipts); negatives always carry "−". */
  signed?: boolean;
  /** Write the currency (default); `false` gives the number alone, for texts that name the currency. */
  code?: boolean;
  lang?: Lang;
}

/** Fraction digits `value` needs to be written exactly, and at least `minimum`. */
function exactDigits(value: Big, minimum: number): number {
  return Math.max(minimum, value.c.length - value.e - 1);
}

/**
 * An amount of money with its currency, e.g. "1,234.50 USDT", "0.00050000 BTC" or "1.234,50 €": the one way
 * every screen writes money (docs/product.md, ledger precision). A posted amount is shown exactly as posted,
 * so a figure shown on a card, a receipt, a records row, a notification and the CSV has the same digits;
 * `rounding` is for estimates only.
 */
export function formatMoney(amount: NumericInput, currency: string, options: MoneyOptions = {}): string {
  const decimal = toDecimal(amount);
  if (!decimal) return placeholder;
  const lang = options.lang ?? activeLanguage;
  const code = currency.toUpperCase();
  const precision = options.decimals ?? currencyPrecision(code);
  const digits =
    options.rounding || options.decimals !== undefined ? precision : exactDigits(decimal, precision);
  const rounded = fixed(decimal, digits, options.rounding === 'halfUp' ? Big.roundHalfUp : Big.roundDown);
  const signDisplay = options.signed ? 'exceptZero' : 'auto';
  if (isIsoCurrency(code) && options.code !== false) {
    return numberFormat(lang, {
      style: 'currency',
      currency: code,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      signDisplay,
    }).format(rounded);
  }
  // Crypto codes are not ISO 4217 (USDT has four letters): format the number, then name the currency.
  const number = numberFormat(lang, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    signDisplay,
  }).format(rounded);
  return options.code === false ? number : `${number}\u00a0${code}`;
}

/** True when `amount` carries more digits than its currency's precision (posted before ledger precision). */
export function hasDigitsBeyondPrecision(amount: NumericInput, currency: string): boolean {
  const decimal = toDecimal(amount);
  if (!decimal) return false;
  return decimal.c.length - decimal.e - 1 > currencyPrecision(currency);
}

/**
 * A ratio, e.g. a reserve's coverage: "238×" from 238.0952, "1.5×" from 1.5. Rounded down (a ratio is never
 * overstated) to 2 decimals below 10, 1 below 100 and none above.
 */
export function formatRatio(value: NumericInput, lang: Lang = activeLanguage): string {
  const decimal = toDecimal(value);
  if (!decimal) return placeholder;
  const magnitude = decimal.abs();
  const decimals = magnitude.lt(10) ? 2 : magnitude.lt(100) ? 1 : 0;
  const number = numberFormat(lang, { minimumFractionDigits: 0, maximumFractionDigits: decimals }).format(
    fixed(decimal, decimals, Big.roundDown),
  );
  return `${number}\u00d7`;
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

/**
 * A rate given as a fraction, as the API sends fee and interest rates ("0.001" → "0.10%" in English,
 * "0,10 %" in German): the language's own percent format, unsigned, 2 decimals unless asked.
 */
export function formatRate(fraction: NumericInput, options: Omit<PercentOptions, 'signed'> = {}): string {
  const decimal = toDecimal(fraction);
  if (!decimal) return placeholder;
  return formatPercent(decimal.times(100).toFixed(), { ...options, signed: false });
}

/**
 * A rate given as a fraction, with as many digits as it has (at least 2, at most 6): a loan's daily rate
 * "0.00025" is "0.025%", never rounded to "0.03%". Used wherever a contract's rate is shown to be read exactly.
 */
export function formatRateAsGiven(fraction: NumericInput, lang: Lang = activeLanguage): string {
  const decimal = toDecimal(fraction);
  if (!decimal) return placeholder;
  const percentDigits = Math.max(decimal.times(100).toFixed().split('.')[1]?.length ?? 0, 2);
  return formatRate(fraction, { decimals: Math.min(percentDigits, 6), lang });
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
