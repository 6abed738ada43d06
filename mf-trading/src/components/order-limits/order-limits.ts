import type Decimal from 'decimal.js';
import { formatNumber, type FieldProblem, type Translate } from '@swx/shared';
import { orderSizeProblem, type MarketInfo, type OrderLimits } from '@swx/shared/contract';

/**
 * The market's order minimums on the ticket (issue 28): the shared rule the server applies, said before the
 * review, in the catalogue's own words (`common:codes.11407`–`11409`). Nothing to say until the size, the price
 * and the limits are known (the server still checks).
 */
export function sizeProblem(
  size: Decimal | null,
  price: Decimal | null,
  contractSize: string | null,
  limits: OrderLimits | undefined,
): FieldProblem | undefined {
  if (!size?.gt(0) || !price?.gt(0) || !contractSize || !limits) return undefined;
  const problem = orderSizeProblem(size.toFixed(), price.toFixed(), contractSize, limits);
  return problem ? { key: `common:codes.${problem}` } : undefined;
}

/** The minimums as the ticket states them under the size field ("Minimum 0.0001, in steps of 0.0001; ..."). */
export function limitsHint(info: MarketInfo | null | undefined, t: Translate): string | undefined {
  const limits = info?.orderLimits;
  if (!limits) return undefined;
  return t('order.limits', {
    min: formatNumber(limits.minSize),
    step: formatNumber(limits.sizeStep),
    notional: formatNumber(limits.minNotional),
    quote: info.quoteAsset,
  });
}
