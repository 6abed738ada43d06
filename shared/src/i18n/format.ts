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

/**
 * Fraction digits an amount of a currency is shown with: stablecoins in cents, coins to 8 places (satoshis for
 * BTC; ETH's 18 on-chain digits are more than anyone reads). ISO currencies use their own minor unit (JPY 0,
 * USD 2, KWD 3) and are not listed here; an unlisted coin gets 8.
 */
const currencyDecimals: Record<string, number> = { USDT: 2, USDC: 2, BTC: 8, ETH: 8 };
const defaultCoinDecimals = 8;

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

/** The number of fraction digits every screen shows for amounts of `currency` (USDT 2, BTC 8, JPY 0). */
export function currencyPrecision(currency: string): number {
  const code = currency.toUpperCase();
  if (isIsoCurrency(code)) {
    return new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions()
      .maximumFractionDigits as number;
  }
  return currencyDecimals[code] ?? defaultCoinDecimals;
}

export interface MoneyOptions {
  /** Fixed number of fraction digits instead of the currency's precision. */
  decimals?: number;
  /**
   * `down` (the default) rounds towards zero, so a balance is never shown as more than the customer has;
   * `halfUp` is for movements and totals, where the nearest value is the honest one.
   */
  rounding?: 'down' | 'halfUp';
  /** Write "+" on positive amounts (movements in records and receipts); negatives always carry "−". */
  signed?: boolean;
  lang?: Lang;
}

/**
 * An amount of money with its currency at the currency's precision, e.g. "1,234.50 USDT", "0.00050000 BTC"
 * or "1.234,50 €". The exact value is `formatExactMoney`, for a title or an expanded receipt.
 */
export function formatMoney(amount: NumericInput, currency: string, options: MoneyOptions = {}): string {
  const decimal = toDecimal(amount);
  if (!decimal) return placeholder;
  const lang = options.lang ?? activeLanguage;
  const code = currency.toUpperCase();
  const digits = options.decimals ?? currencyPrecision(code);
  const rounded = fixed(decimal, digits, options.rounding === 'halfUp' ? Big.roundHalfUp : Big.roundDown);
  const signDisplay = options.signed ? 'exceptZero' : 'auto';
  if (isIsoCurrency(code)) {
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
  return `${number}\u00a0${code}`;
}

/**
 * Every digit of an amount, at least the currency's precision ("-4,752.9777295 USDT"): what a rounded
 * amount stands for, shown on hover or when a receipt is expanded.
 */
export function formatExactMoney(
  amount: NumericInput,
  currency: string,
  options: Pick<MoneyOptions, 'signed' | 'lang'> = {},
): string {
  const decimal = toDecimal(amount);
  if (!decimal) return placeholder;
  const precision = currencyPrecision(currency);
  const digits = Math.max(precision, decimal.c.length - decimal.e - 1);
  return formatMoney(decimal.toFixed(), currency, { ...options, decimals: digits });
}

/** True when showing `amount` at the currency's precision loses digits (the exact value is worth offering). */
export function isRoundedForDisplay(amount: NumericInput, currency: string): boolean {
  const decimal = toDecimal(amount);
  if (!decimal) return false;
  return decimal.c.length - decimal.e - 1 > currencyPrecision(currency);
}

/**
 * Rounds amounts to `decimals` places so that the rounded amounts add up to their rounded total (largest
 * remainder: each is first rounded down, then the units still missing go to the largest remainders). A
 * receipt's ledger lines then visibly sum: 4.7430 + 4,748.2347 against −4,752.9777 shows 4.74 + 4,748.23
 * against −4,752.97, where rounding each alone shows 4,748.22 or a total off by a cent. Exact decimals in,
 * decimal strings out; an amount is never moved by a whole unit or more.
 */
export function roundToSum(amounts: readonly string[], decimals: number): string[] {
  const values = amounts.map((amount) => new Big(amount));
  const unit = new Big(1).div(new Big(10).pow(decimals));
  const floors = values.map((value) =>
    value.round(decimals, Big.roundDown).minus(value.lt(0) && !value.mod(unit).eq(0) ? unit : 0),
  );
  const total = values.reduce((sum, value) => sum.plus(value), new Big(0)).round(decimals, Big.roundHalfUp);
  const floorSum = floors.reduce((sum, value) => sum.plus(value), new Big(0));
  let missing = Number(total.minus(floorSum).div(unit).toFixed(0));
  const order = values
    .map((value, index) => ({ index, remainder: value.minus(floors[index]!) }))
    .sort((a, b) => b.remainder.cmp(a.remainder) || a.index - b.index);
  const result = [...floors];
  for (const { index, remainder } of order) {
    if (missing <= 0) break;
    if (remainder.eq(0)) continue;
    result[index] = result[index]!.plus(unit);
    missing -= 1;
  }
  return result.map((value) => value.toFixed(decimals));
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
