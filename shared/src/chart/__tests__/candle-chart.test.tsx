import { act, render } from '@testing-library/react';
import Highcharts from 'highcharts/highstock';
import { intervalMs, type Candle, type CandleInterval } from '@swx/shared/contract';
import CandleChart from '../candle-chart';
import { CandleStore, type CandleApi } from '../candle-store';
import { CANDLES_IN_VIEW } from '../chart-options';
import { labels } from './chart-labels';

const now = Date.UTC(2026, 10, 27, 12, 0, 0);

/** `count` candles of `interval` ending with the one that holds `now`, as the server answers. */
function series(interval: CandleInterval, count = 300): Candle[] {
  const step = intervalMs[interval];
  const last = Math.floor(now / step) * step;
  return Array.from({ length: count }, (_, i) => {
    const price = String(100 + ((i * 7) % 13));
    return {
      time: last - (count - 1 - i) * step,
      open: price,
      high: '120',
      low: '90',
      close: price,
      ticks: 3,
    };
  });
}

/** A server whose answers the test releases one by one, in any order. */
function controlledServer() {
  const waiting: { interval: CandleInterval; answer: () => void }[] = [];
  const api: CandleApi = {
    candles: (_code, interval) =>
      new Promise((resolve) => waiting.push({ interval, answer: () => resolve(series(interval)) })),
  };
  const answer = async (interval: CandleInterval) => {
    const index = waiting.findIndex((request) => request.interval === interval);
    const [request] = waiting.splice(index, 1);
    await act(async () => request?.answer());
  };
  return { api, answer };
}

function renderChart(store: CandleStore) {
  const view = render(
    <CandleChart
      store={store}
      name="Ethereum"
      priceDecimals={2}
      lang="en"
      labels={labels}
      levels={[]}
      height={360}
      label="chart"
      theme="light"
    />,
  );
  const chart = () => Highcharts.charts.filter((c) => c !== undefined).at(-1) as Highcharts.Chart;
  return { ...view, chart };
}

/** The window the chart shows, as the first and last candle time inside it. */
function shownWindow(chart: Highcharts.Chart) {
  const { min, max } = chart.xAxis[0]!.getExtremes();
  return { min, max };
}

function expectLatest(chart: Highcharts.Chart, interval: CandleInterval) {
  const candles = series(interval);
  const { min, max } = shownWindow(chart);
  // The newest candle is in view, and the window is the latest stretch, not the start of the series.
  expect(max).toBeGreaterThanOrEqual(candles.at(-1)!.time);
  expect(min).toBeGreaterThanOrEqual(candles.at(-CANDLES_IN_VIEW)!.time);
  expect(min).toBeLessThan(candles.at(-1)!.time);
}

beforeEach(() => localStorage.clear());

test('every timeframe opens at its latest candles, switching through all of them both ways', async () => {
  const server = controlledServer();
  const store = new CandleStore('ETHUSDT', server.api, () => now);
  store.setInterval('1d');
  await server.answer('1d');
  const { chart, unmount } = renderChart(store);
  expectLatest(chart(), '1d');

  const order: CandleInterval[] = ['1w', '1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w'];
  for (const interval of [...order, ...[...order].reverse()]) {
    if (interval === store.interval) continue;
    act(() => store.setInterval(interval));
    await server.answer(interval);
    expect(store.candlesInterval).toBe(interval);
    expectLatest(chart(), interval);
  }
  unmount();
});

test('a slower answer for a timeframe the customer already left is ignored', async () => {
  const server = controlledServer();
  const store = new CandleStore('ETHUSDT', server.api, () => now);
  store.setInterval('1d');
  await server.answer('1d');
  const { chart, unmount } = renderChart(store);

  act(() => store.setInterval('5m'));
  act(() => store.setInterval('1h'));
  await server.answer('1h');
  await server.answer('5m');
  expect(store.candlesInterval).toBe('1h');
  expect(store.candles).toEqual(series('1h'));
  expectLatest(chart(), '1h');
  unmount();
});

test('while the next timeframe loads, live ticks extend the shown candles at their own size', async () => {
  const server = controlledServer();
  const store = new CandleStore('ETHUSDT', server.api, () => now);
  store.setInterval('1d');
  await server.answer('1d');
  const before = store.candles.length;
  store.setInterval('5m');
  store.applyTick('150', now + 10 * 60_000);
  expect(store.candles).toHaveLength(before);
  expect(store.lastCandle?.close).toBe('150');
});

test('price labels sit beside the candles, in a margin of their own', async () => {
  const server = controlledServer();
  const store = new CandleStore('ETHUSDT', server.api, () => now);
  store.setInterval('1h');
  await server.answer('1h');
  const { chart, unmount } = renderChart(store);
  const axis = chart().yAxis[0]!;
  expect(axis.options.opposite).toBe(true);
  expect(axis.options.labels?.align).toBe('left');
  expect(axis.options.labels?.reserveSpace).toBe(true);
  unmount();
});
