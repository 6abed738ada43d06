import {
  axisLabel,
  candleChartOptions,
  levelPlotLines,
  tooltipMarkup,
  tooltipRows,
  type ChartLevel,
  type ChartPalette,
} from '../chart-options';
import { labels } from './chart-labels';

const palette: ChartPalette = {
  up: 'green',
  down: 'red',
  text: 'black',
  muted: 'grey',
  grid: 'silver',
  entry: 'blue',
};
const utc = { timeZone: 'UTC' } as const;
/** Options for no candles in UTC, with the interval, language and levels a test cares about. */
const optionsFor = (interval: '1h' | '1d', lang: 'en' | 'de', levels: ChartLevel[] = []) =>
  candleChartOptions({
    candles: [],
    name: 'BTCUSDT',
    context: { ...utc, interval, lang, priceDecimals: 2 },
    labels,
    palette,
    levels,
    height: 300,
  });
const midnight = Date.UTC(2026, 10, 23, 0, 0);
const afternoon = Date.UTC(2026, 10, 23, 14, 30);

describe('axis labels fit the interval', () => {
  test('intraday candles show the time of day, and the date where a day starts', () => {
    expect(axisLabel(afternoon, { ...utc, interval: '15m', lang: 'en' })).toBe('14:30');
    expect(axisLabel(afternoon, { ...utc, interval: '1h', lang: 'de' })).toBe('14:30');
    expect(axisLabel(midnight, { ...utc, interval: '1h', lang: 'en' })).toBe('Nov 23');
    expect(axisLabel(midnight, { ...utc, interval: '4h', lang: 'de' })).toBe('23. Nov.');
  });

  test('daily and weekly candles never show a time, let alone milliseconds', () => {
    for (const interval of ['1d', '1w'] as const) {
      for (const lang of ['en', 'de', 'ar', 'zh-CN'] as const) {
        const label = axisLabel(midnight, { ...utc, interval, lang });
        expect(label).not.toMatch(/[:：]|AM|PM|000/);
      }
    }
    expect(axisLabel(midnight, { ...utc, interval: '1d', lang: 'en' })).toBe('Nov 23');
    expect(axisLabel(Date.UTC(2026, 11, 1), { ...utc, interval: '1d', lang: 'en' })).toBe('Dec 2026');
    expect(axisLabel(midnight, { ...utc, interval: '1w', lang: 'en' })).toBe('Nov 23, 2026');
  });

  test('midnight is the customer’s own: in Tokyo a UTC midnight is 09:00', () => {
    expect(axisLabel(midnight, { timeZone: 'Asia/Tokyo', interval: '1h', lang: 'en' })).toBe('09:00');
    expect(
      axisLabel(Date.UTC(2026, 10, 22, 15), { timeZone: 'Asia/Tokyo', interval: '1h', lang: 'en' }),
    ).toBe('Nov 23');
  });

  test('the options tick no closer than one candle and label through axisLabel', () => {
    const options = optionsFor('1d', 'en');
    const xAxis = options.xAxis as {
      minTickInterval: number;
      labels: { formatter: (this: unknown) => string };
    };
    expect(xAxis.minTickInterval).toBe(86_400_000);
    expect(xAxis.labels.formatter.call({ value: midnight })).toBe('Nov 23');
  });
});

test('prices on the axis and its crosshair use the SDK formatting of the page language', () => {
  const yAxis = optionsFor('1h', 'de').yAxis as {
    labels: { formatter: (this: unknown) => string };
    crosshair: { label: { formatter: (value: number) => string } };
  };
  expect(yAxis.labels.formatter.call({ value: 64210.5 })).toBe('64.210,50');
  expect(yAxis.crosshair.label.formatter(95009.6512)).toBe('95.009,65');
});

describe('the open/high/low/close tooltip', () => {
  const point = [afternoon, 64210.5, 64350, 64100.25, 64300.1] as [number, number, number, number, number];

  test('English: grouped prices at the market’s decimals, under the candle’s time', () => {
    expect(tooltipRows(point, { ...utc, interval: '15m', lang: 'en', priceDecimals: 2 }, labels)).toEqual([
      'Nov 23, 2026, 14:30',
      'Open: 64,210.50',
      'High: 64,350.00',
      'Low: 64,100.25',
      'Close: 64,300.10',
    ]);
  });

  test('German: the language’s separators and words', () => {
    const german = { ...labels, open: 'Eröffnung', close: 'Schluss' };
    const rows = tooltipRows(point, { ...utc, interval: '1d', lang: 'de', priceDecimals: 2 }, german);
    expect(rows[0]).toBe('Mo., 23. Nov. 2026');
    expect(rows[1]).toBe('Eröffnung: 64.210,50');
    expect(rows[4]).toBe('Schluss: 64.300,10');
  });

  test('markup escapes the words it is given', () => {
    const markup = tooltipMarkup(
      point,
      { ...utc, interval: '1w', lang: 'en', priceDecimals: 1 },
      { ...labels, open: '<img src=x>' },
    );
    expect(markup).toBe(
      '<b>Nov 23, 2026</b><br/>&#60;img src=x&#62;: 64,210.5<br/>High: 64,350.0<br/>Low: 64,100.3<br/>Close: 64,300.1',
    );
  });
});

describe('position lines', () => {
  test('entry, stop loss and take profit are labelled with their price in the page language', () => {
    const lines = levelPlotLines(
      [
        { kind: 'entry', price: '64210.5' },
        { kind: 'stopLoss', price: '63000' },
        { kind: 'takeProfit', price: '66000' },
      ],
      { lang: 'de', priceDecimals: 2 },
      { ...labels, entry: 'Einstieg' },
      palette,
    );
    expect(lines.map((line) => [line.value, line.label?.text, line.color, line.dashStyle])).toEqual([
      [64210.5, 'Einstieg 64.210,50', 'blue', 'Solid'],
      [63000, 'Stop loss 63.000,00', 'red', 'Dash'],
      [66000, 'Take profit 66.000,00', 'green', 'Dash'],
    ]);
  });

  test('the price axis reaches the levels, and is left to the candles without any', () => {
    const build = (levels: ChartLevel[]) =>
      optionsFor('1h', 'en', levels).yAxis as { softMin?: number; softMax?: number; plotLines: unknown[] };
    const withLevels = build([
      { kind: 'stopLoss', price: '90' },
      { kind: 'takeProfit', price: '120.5' },
    ]);
    expect([withLevels.softMin, withLevels.softMax, withLevels.plotLines.length]).toEqual([90, 120.5, 2]);
    const without = build([]);
    expect([without.softMin, without.softMax, without.plotLines.length]).toEqual([undefined, undefined, 0]);
  });

  test('a price that is not a number draws no line', () => {
    expect(
      levelPlotLines([{ kind: 'entry', price: 'n/a' }], { lang: 'en', priceDecimals: 2 }, labels, palette),
    ).toEqual([]);
  });
});
