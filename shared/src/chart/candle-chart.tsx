// The only file that pulls in Highcharts. It is reached through a dynamic import from `ChartPanel`, so no
// screen downloads the chart library before it draws a chart (the home page never does). Highcharts and its
// React wrapper are shared singletons of the federation: both modules that draw charts use one copy.
import Highcharts from 'highcharts/highstock';
import HighchartsReact from 'highcharts-react-official';
import { reaction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useRef } from 'react';
import type { Lang } from '@swx/shared';
import type { CandleStore } from './candle-store';
import {
  candleChartOptions,
  latestWindow,
  toPoint,
  type ChartLabels,
  type ChartLevel,
  type ChartPalette,
} from './chart-options';

export interface CandleChartProps {
  store: CandleStore;
  name: string;
  priceDecimals: number;
  lang: Lang;
  labels: ChartLabels;
  levels: readonly ChartLevel[];
  height: number;
  /** Spoken summary for screen readers (the canvas of candles itself says nothing). */
  label: string;
  /** The customer's theme choice: a change re-reads the theme's colours. */
  theme: string;
}

const fallbackPalette: ChartPalette = {
  up: '#12a150',
  down: '#d6334a',
  text: '#1f2430',
  muted: '#5c6370',
  grid: '#e3e6eb',
  entry: '#3559c7',
};

/** The theme's colours as the page has them now (light or dark). */
function themePalette(element: Element | null): ChartPalette {
  if (!element || typeof getComputedStyle !== 'function') return fallbackPalette;
  const style = getComputedStyle(element);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    up: read('--swx-color-up-strong', fallbackPalette.up),
    down: read('--swx-color-down-strong', fallbackPalette.down),
    text: read('--swx-on-paper', fallbackPalette.text),
    muted: read('--swx-color-muted', fallbackPalette.muted),
    grid: read('--swx-color-border', fallbackPalette.grid),
    entry: read('--swx-color-primary', fallbackPalette.entry),
  };
}

/**
 * Candlesticks of stored feed history with the live last candle; zoom by drag, wheel and navigator. An
 * observer of the store's series (revision, interval), so a new series redraws whoever renders the chart.
 */
function CandleChart(props: CandleChartProps) {
  const { store, name, priceDecimals, lang, labels, levels, height, label, theme } = props;
  const chartRef = useRef<HighchartsReact.RefObject>(null);
  const revision = store.revision;
  // The loaded series' own interval, not the tab just chosen: axis labels and ticks fit the candles drawn.
  const interval = store.candlesInterval;
  const timeZone = useMemo(() => Intl.DateTimeFormat().resolvedOptions().timeZone, []);
  const context = useMemo(
    () => ({ interval, lang, timeZone, priceDecimals }),
    [interval, lang, timeZone, priceDecimals],
  );

  // Recreated when the whole series is replaced or the customer's levels change (an order placed, a stop
  // moved); live ticks go straight to the chart (below).
  const levelKey = JSON.stringify(levels);
  const options = useMemo<Highcharts.Options>(
    () =>
      candleChartOptions({
        candles: store.candles,
        name,
        context,
        labels,
        palette: themePalette(globalThis.document?.documentElement ?? null),
        levels,
        height,
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- revision marks a replaced series, levelKey the levels, theme the colours
    [revision, context, labels, name, height, levelKey, theme],
  );

  // Every new series (first load, another interval, a reload) opens at its latest candles. Runs after the
  // wrapper has handed the new options to Highcharts (a child's effects run first), whose navigator would
  // otherwise keep or stretch the previous series' window (an old stretch of 5m candles after 1D, nothing
  // at all after 1W → 1m).
  useEffect(() => {
    const axis = chartRef.current?.chart?.xAxis[0];
    const window = latestWindow(store.candles, store.candlesInterval);
    if (axis && window) axis.setExtremes(window.min, window.max, true, false);
  }, [store, revision]);

  useEffect(
    () =>
      reaction(
        () => ({ last: store.lastCandle, count: store.candles.length, revision: store.revision }),
        (now, before) => {
          const series = chartRef.current?.chart?.series[0];
          if (!series || !now.last || now.revision !== before.revision) return;
          const point = toPoint(now.last);
          if (now.count > before.count) {
            series.addPoint(point, true, false, false);
            return;
          }
          // With many candles Highcharts keeps point objects only for the visible range.
          const shown = series.data[series.data.length - 1];
          if (shown && shown.x === point[0]) shown.update(point, true, false);
          else series.setData(store.candles.map(toPoint), true, false, true);
        },
      ),
    [store],
  );

  return (
    <div role="img" aria-label={label} dir="ltr" data-testid="kline-chart">
      <HighchartsReact
        ref={chartRef}
        highcharts={Highcharts}
        constructorType="stockChart"
        options={options}
        containerProps={{ 'aria-hidden': true }}
      />
    </div>
  );
}

export default observer(CandleChart);
