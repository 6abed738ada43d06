/**
 * `@swx/shared/chart`: the candle chart every screen uses (currency detail, trading). Importing this entry
 * costs no Highcharts: the panel downloads the chart library on demand, the first time it draws candles.
 */
export { ChartPanel, EMPTY_HISTORY_RETRY_MS, type ChartPanelProps } from './chart-panel';
export {
  CandleStore,
  DEFAULT_INTERVAL,
  INTERVAL_STORAGE_KEY,
  rememberedInterval,
  serverCandles,
  type CandleApi,
} from './candle-store';
export {
  axisLabel,
  axisLabelFields,
  candleChartOptions,
  candleTime,
  levelPlotLines,
  tooltipMarkup,
  tooltipRows,
  type ChartLabels,
  type ChartLevel,
  type ChartPalette,
} from './chart-options';
