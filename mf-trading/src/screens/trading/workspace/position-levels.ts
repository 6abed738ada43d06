import type { ChartLevel } from '@swx/shared/chart';
import type { Position } from '../../../api';

/** The entry, stop loss and take profit of the customer's open positions on one market, each price once. */
export function positionLevels(positions: readonly Position[], code: string | null): ChartLevel[] {
  const levels: ChartLevel[] = [];
  const seen = new Set<string>();
  const add = (kind: ChartLevel['kind'], price: string | null) => {
    if (price === null || price === '') return;
    const key = `${kind}:${price}`;
    if (seen.has(key)) return;
    seen.add(key);
    levels.push({ kind, price });
  };
  for (const position of positions) {
    if (position.code !== code || position.status !== 'open') continue;
    add('entry', position.openPrice);
    add('stopLoss', position.stopLoss);
    add('takeProfit', position.takeProfit);
  }
  return levels;
}
