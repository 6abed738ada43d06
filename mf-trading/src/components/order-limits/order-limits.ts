import { formatNumber, type Translate } from '@swx/shared';
import type { MarketInfo } from '@swx/shared/contract';

/**
 * The market's order minimums (issue 28) as the ticket states them under the size field ("Minimum 0.0001, in
 * steps of 0.0001; minimum order value 5 USDT"). The ticket checks them with the other order rules
 * (`spotOrderRefusal`, `marginOrderRefusal` in the contract), never here.
 */
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
