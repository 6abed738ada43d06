import Decimal from 'decimal.js';
import { Type, type Static } from '@sinclair/typebox';
import { Amount } from './common';
import { errors } from './error-names';

/**
 * Order minimums (issue 28): each market has a minimum size, a size step and a minimum notional, from the
 * `market_order_limits` parameter (defaults per market type, overrides per market code). Size is what the
 * order form asks for: coin quantity for spot, lots for margin. Notional = size × contract size × price, in
 * the market's quote currency. The rule lives here once: the ticket shows and checks it, the server refuses.
 */
export const OrderLimits = Type.Object({
  minSize: Amount,
  sizeStep: Amount,
  minNotional: Amount,
});
export type OrderLimits = Static<typeof OrderLimits>;

/** The parameter's shape: `types` for every market type 2–6, `markets` for codes that differ. */
export interface OrderLimitsSetting {
  types: Record<string, OrderLimits>;
  markets?: Record<string, OrderLimits>;
}

const D = Decimal.clone({ precision: 60 });
const AMOUNT = /^(0|[1-9][0-9]{0,17})(\.[0-9]{1,18})?$/;

/** Why a `market_order_limits` value is not acceptable, or undefined. */
export function checkOrderLimitsSetting(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'must be an object';
  const { types, markets, ...rest } = value as Record<string, unknown>;
  if (Object.keys(rest).length > 0) return 'only "types" and "markets" are allowed';
  const one = (limits: unknown, where: string): string | undefined => {
    if (typeof limits !== 'object' || limits === null) return `${where} must be an object`;
    const { minSize, sizeStep, minNotional, ...extra } = limits as Record<string, unknown>;
    if (Object.keys(extra).length > 0) return `${where}: only minSize, sizeStep and minNotional`;
    for (const [name, amount] of Object.entries({ minSize, sizeStep, minNotional }))
      if (typeof amount !== 'string' || !AMOUNT.test(amount))
        return `${where}.${name} must be a decimal string`;
    if (new D(sizeStep as string).lte(0)) return `${where}.sizeStep must be above 0`;
    if (new D(minSize as string).lt(sizeStep as string)) return `${where}.minSize must be at least the step`;
    return undefined;
  };
  if (typeof types !== 'object' || types === null) return '"types" must name every market type 2 to 6';
  for (const type of ['2', '3', '4', '5', '6']) {
    const problem = one((types as Record<string, unknown>)[type], `types.${type}`);
    if (problem) return problem;
  }
  if (markets !== undefined) {
    if (typeof markets !== 'object' || markets === null) return '"markets" must be an object';
    for (const [code, limits] of Object.entries(markets)) {
      if (!/^[A-Z0-9._-]{1,24}$/.test(code)) return `markets: "${code}" is not a market code`;
      const problem = one(limits, `markets.${code}`);
      if (problem) return problem;
    }
  }
  return undefined;
}

/** The limits of one market: its own entry, else its type's. */
export function orderLimitsOf(setting: OrderLimitsSetting, code: string, type: number): OrderLimits {
  return setting.markets?.[code] ?? setting.types[String(type)] ?? setting.types['2']!;
}

export type OrderSizeProblem =
  | typeof errors.orderBelowMinimumSize
  | typeof errors.orderSizeOffStep
  | typeof errors.orderBelowMinimumNotional;

/**
 * Why an order of `size` at `price` breaks the market's minimums (the catalogue code), or null when it does
 * not. Checked in this order: minimum size, then the step, then the notional at the price the order uses.
 */
export function orderSizeProblem(
  size: string,
  price: string,
  contractSize: string,
  limits: OrderLimits,
): OrderSizeProblem | null {
  const value = new D(size);
  if (value.lt(limits.minSize)) return errors.orderBelowMinimumSize;
  if (!value.mod(limits.sizeStep).isZero()) return errors.orderSizeOffStep;
  if (value.mul(contractSize).mul(price).lt(limits.minNotional)) return errors.orderBelowMinimumNotional;
  return null;
}
