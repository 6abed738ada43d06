// The only file that pulls in Highcharts. It is reached through a dynamic import from the currency screen,
// so neither the home page nor the market list downloads the chart library.
import Highcharts from 'highcharts/highstock';
import HighchartsReact from 'highcharts-react-official';
import { reaction } from 'mobx';
import { useEffect, useMemo, useRef } from 'react';
import type { Candle } from '@swx/shared/contract';
import type { KLineStore } from './kline-store';

type CandlePoint = [number, number, number, number, number];

const toPoint = (c: Candle): CandlePoint => [
  c.time,
  Number(c.open),
  Number(c.high),
  Number(c.low),
  Number(c.close),
];

export interface KLineChartProps {
  store: KLineStore;
  priceDecimals: number;
  lang: string;
  /** Spoken summary for screen readers (the canvas of candles itself says nothing). */
  label: string;
}

/** Candlesticks of stored feed history with the live last candle; zoom by drag, wheel and navigator. */
export default function KLineChart({ store, priceDecimals, lang, label }: KLineChartProps) {
  const chartRef = useRef<HighchartsReact.RefObject>(null);
  const revision = store.revision;

  // Recreated only when the whole series is replaced; live ticks go straight to the chart (below).
  const options = useMemo<Highcharts.Options>(
    () => ({
      chart: {
        height: 360,
        animation: false,
        zooming: { type: 'x', mouseWheel: { enabled: true } },
        panning: { enabled: true, type: 'x' },
        style: { fontFamily: 'inherit' },
      },
      lang: { locale: lang },
      time: { timezone: Intl.DateTimeFormat().resolvedOptions().timeZone },
      accessibility: { enabled: false },
      credits: { enabled: false },
      rangeSelector: { enabled: false },
      scrollbar: { enabled: false },
      navigator: { enabled: true, height: 32 },
      tooltip: { split: false, valueDecimals: priceDecimals },
      xAxis: { crosshair: { snap: false, label: { enabled: true } } },
      yAxis: {
        opposite: true,
        crosshair: { snap: false, label: { enabled: true, format: `{value:.${priceDecimals}f}` } },
        labels: { format: `{value:.${priceDecimals}f}` },
      },
      plotOptions: {
        candlestick: {
          color: '#d6334a',
          lineColor: '#d6334a',
          upColor: '#12a150',
          upLineColor: '#12a150',
          dataGrouping: { enabled: false },
          animation: false,
        },
      },
      series: [{ type: 'candlestick', id: 'candles', name: store.code, data: store.candles.map(toPoint) }],
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- revision marks a replaced series
    [revision, priceDecimals, lang, store.code],
  );

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
