import { formatMoney, formatNumber } from '@swx/shared';
import type { NotificationItem } from '@swx/shared/contract';

/** Params that are amounts of money: written by the SDK's one formatter, at the currency's precision. */
const moneyParams = new Set([
  'amount',
  'equity',
  'fee',
  'margin',
  'newBid',
  'payout',
  'principal',
  'profit',
  'totalRepayment',
  'value',
]);
/** Params that are prices, quantities or lots: the language's own digits and separators, every digit kept. */
const numberParams = new Set([
  'limitPrice',
  'liquidationPrice',
  'lots',
  'openPrice',
  'price',
  'quantity',
  'settlePrice',
  'triggerPrice',
]);

const decimal = /^-?\d+(\.\d+)?$/;

/**
 * A notification's params as its text shows them: the server stores plain decimals ("1027", "94977.26"), the
 * customer reads "1,027.00" or "1.027,00" (docs/product.md, ledger precision). An `amount` is in the
 * notification's `currency` or `coin`; every other amount is in its `currency`, else USDT (trading results,
 * fees and values are USDT even where `coin` names the coin traded).
 */
export function shownParams(params: NotificationItem['params']): Record<string, string | number | boolean> {
  const currency = typeof params.currency === 'string' ? params.currency : null;
  const coin = typeof params.coin === 'string' ? params.coin : null;
  return Object.fromEntries(
    Object.entries(params).map(([key, value]) => {
      if (value === null) return [key, ''];
      if (typeof value !== 'string' || !decimal.test(value)) return [key, value];
      if (moneyParams.has(key)) {
        const unit = key === 'amount' ? (currency ?? coin ?? 'USDT') : (currency ?? 'USDT');
        return [key, formatMoney(value, unit, { code: false })];
      }
      if (numberParams.has(key)) return [key, formatNumber(value, { maximumFractionDigits: 18 })];
      return [key, value];
    }),
  );
}
