import type { ChartLabels } from '../chart-options';

/** The chart's words in English, as the SDK's `common:chart.*` strings give them. */
export const labels: ChartLabels = {
  open: 'Open',
  high: 'High',
  low: 'Low',
  close: 'Close',
  entry: 'Entry',
  stopLoss: 'Stop loss',
  takeProfit: 'Take profit',
};
