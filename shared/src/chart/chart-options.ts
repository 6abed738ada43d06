// The chart's Highcharts options as pure functions of the candles, the interval, the language and the
// customer's levels, so every label and line is testable without a browser. Only types come from Highcharts
// here: this file is also reached from the screens' first chunk, the library itself is not.
import type { Options, XAxisOptions, YAxisPlotLinesOptions } from 'highcharts';
// The SDK by its package name, not a relative path: a module bundles this folder itself, and a relative import
// would give it a second copy of the SDK's state instead of the page's shared one.
import { formatPrice, type Lang } from '@swx/shared';
import { intervalMs, type Candle, type CandleInterval } from '@swx/shared/contract';

/** A candle as Highcharts draws it: time, open, high, low, close (numbers for drawing only, never for money). */
export type CandlePoint = [number, number, number, number, number];

export const toPoint = (c: Candle): CandlePoint => [
  c.time,
  Number(c.open),
  Number(c.high),
  Number(c.low),
  Number(c.close),
];

/** A horizontal line the customer asked to see: where a position opened, its stop loss, its take profit. */
export interface ChartLevel {
  kind: 'entry' | 'stopLoss' | 'takeProfit';
  /** Decimal string, as the server sent it. */
  price: string;
}

/** The chart's words in the page language (the SDK's `common` namespace, `chart.*`). */
export interface ChartLabels {
  open: string;
  high: string;
  low: string;
  close: string;
  entry: string;
  stopLoss: string;
  takeProfit: string;
}

/** Colours read from the theme's custom properties (SVG attributes cannot use `var()`). */
export interface ChartPalette {
  up: string;
  down: string;
  text: string;
  muted: string;
  grid: string;
  entry: string;
}

export interface ChartContext {
  interval: CandleInterval;
  lang: Lang;
  /** IANA zone the times are shown in: the customer's own. */
  timeZone: string;
  priceDecimals: number;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(lang: Lang, timeZone: string, fields: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${lang}|${timeZone}|${JSON.stringify(fields)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(lang, { ...fields, timeZone });
    dateFormats.set(key, format);
  }
  return format;
}

const time: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
const dayMonth: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short' };
const monthYear: Intl.DateTimeFormatOptions = { month: 'short', year: 'numeric' };
const fullDate: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };

const intraday = (interval: CandleInterval) => intervalMs[interval] < intervalMs['1d'];

/** Local wall-clock fields of an instant in a zone (the zone's midnight is not UTC's). */
function localParts(value: number, timeZone: string): { hour: number; minute: number; day: number } {
  const parts = dateFormat('en', timeZone, { ...time, day: 'numeric' }).formatToParts(value);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? NaN);
  return { hour: part('hour') % 24, minute: part('minute'), day: part('day') };
}

/**
 * The date fields of an axis label: a time of day on intraday candles (the date where a day starts), a day
 * on daily candles (month and year where a month starts), a full date on weekly ones. Never a time on
 * 1D/1W candles, never milliseconds.
 */
export function axisLabelFields(
  value: number,
  interval: CandleInterval,
  timeZone: string,
): Intl.DateTimeFormatOptions {
  const local = localParts(value, timeZone);
  if (intraday(interval)) return local.hour === 0 && local.minute === 0 ? dayMonth : time;
  if (interval === '1d') return local.day === 1 ? monthYear : dayMonth;
  return fullDate;
}

export function axisLabel(
  value: number,
  context: Pick<ChartContext, 'interval' | 'lang' | 'timeZone'>,
): string {
  const fields = axisLabelFields(value, context.interval, context.timeZone);
  return dateFormat(context.lang, context.timeZone, fields).format(value);
}

/** The time a candle covers, as the tooltip heads it: date and time intraday, the date otherwise. */
export function candleTime(
  value: number,
  context: Pick<ChartContext, 'interval' | 'lang' | 'timeZone'>,
): string {
  const fields = intraday(context.interval)
    ? { ...fullDate, ...time }
    : context.interval === '1d'
      ? { weekday: 'short' as const, ...fullDate }
      : fullDate;
  return dateFormat(context.lang, context.timeZone, fields).format(value);
}

/** Plain text of the open/high/low/close tooltip, one line per row: heading time first. */
export function tooltipRows(point: CandlePoint, context: ChartContext, labels: ChartLabels): string[] {
  const [at, open, high, low, close] = point;
  const price = (value: number) => formatPrice(String(value), context.priceDecimals, context.lang);
  return [
    candleTime(at, context),
    `${labels.open}: ${price(open)}`,
    `${labels.high}: ${price(high)}`,
    `${labels.low}: ${price(low)}`,
    `${labels.close}: ${price(close)}`,
  ];
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The tooltip as Highcharts' small markup (bold heading, line breaks); every text is escaped. */
export function tooltipMarkup(point: CandlePoint, context: ChartContext, labels: ChartLabels): string {
  const [heading, ...rows] = tooltipRows(point, context, labels).map(escapeHtml);
  return [`<b>${heading}</b>`, ...rows].join('<br/>');
}

/** Horizontal lines for the customer's levels, labelled "Stop loss 63,000.00" in the page language. */
export function levelPlotLines(
  levels: readonly ChartLevel[],
  context: Pick<ChartContext, 'lang' | 'priceDecimals'>,
  labels: ChartLabels,
  palette: ChartPalette,
): YAxisPlotLinesOptions[] {
  const colour = { entry: palette.entry, stopLoss: palette.down, takeProfit: palette.up } as const;
  return levels
    .filter((level) => Number.isFinite(Number(level.price)))
    .map((level) => ({
      id: `level-${level.kind}-${level.price}`,
      value: Number(level.price),
      color: colour[level.kind],
      width: 1,
      dashStyle: level.kind === 'entry' ? 'Solid' : 'Dash',
      zIndex: 4,
      label: {
        text: escapeHtml(
          `${labels[level.kind]} ${formatPrice(level.price, context.priceDecimals, context.lang)}`,
        ),
        align: 'left',
        x: 4,
        y: -4,
        style: { color: colour[level.kind], fontSize: '11px' },
      },
    }));
}

/** The time axis of one interval: ticks no closer than one candle, labels by `axisLabel`. */
export function timeAxis(context: ChartContext, palette: ChartPalette): XAxisOptions {
  return {
    minTickInterval: intervalMs[context.interval],
    lineColor: palette.grid,
    tickColor: palette.grid,
    labels: {
      style: { color: palette.muted },
      formatter() {
        return axisLabel(Number(this.value), context);
      },
    },
    crosshair: {
      snap: false,
      label: { enabled: true, formatter: (value: number) => candleTime(value, context) },
    },
  } as XAxisOptions;
}

/** How many candles a freshly loaded series shows; the navigator and a drag reach the rest. */
export const CANDLES_IN_VIEW = 120;

/**
 * The time window a newly loaded series opens at: its latest `CANDLES_IN_VIEW` candles, up to the end of the
 * last one. Set on every new series, so what was on screen before (another interval's zoom, the navigator's
 * "stick to the start" for replaced data) never decides what a timeframe shows.
 */
export function latestWindow(
  candles: readonly Candle[],
  interval: CandleInterval,
): { min: number; max: number } | null {
  const first = candles[0];
  const last = candles[candles.length - 1];
  if (!first || !last) return null;
  const shown = candles[Math.max(0, candles.length - CANDLES_IN_VIEW)] ?? first;
  return { min: shown.time, max: last.time + intervalMs[interval] };
}

export interface CandleChartInput {
  candles: readonly Candle[];
  name: string;
  context: ChartContext;
  labels: ChartLabels;
  palette: ChartPalette;
  levels?: readonly ChartLevel[];
  height: number;
}

/** Everything the chart draws, from its inputs. */
export function candleChartOptions(input: CandleChartInput): Options {
  const { context, labels, palette } = input;
  // The price axis reaches the customer's stop loss and take profit, so a level off the candles still shows.
  const levelPrices = (input.levels ?? []).map((level) => Number(level.price)).filter(Number.isFinite);
  return {
    chart: {
      height: input.height,
      animation: false,
      backgroundColor: 'transparent',
      zooming: { type: 'x', mouseWheel: { enabled: true } },
      panning: { enabled: true, type: 'x' },
      style: { fontFamily: 'inherit' },
    },
    lang: { locale: context.lang },
    time: { timezone: context.timeZone },
    accessibility: { enabled: false },
    credits: { enabled: false },
    rangeSelector: { enabled: false },
    scrollbar: { enabled: false },
    navigator: { enabled: true, height: 32, xAxis: { labels: { enabled: false } } },
    tooltip: {
      split: false,
      formatter() {
        const point = this as unknown as {
          x: number;
          open: number;
          high: number;
          low: number;
          close: number;
        };
        return tooltipMarkup([point.x, point.open, point.high, point.low, point.close], context, labels);
      },
    },
    xAxis: timeAxis(context, palette),
    yAxis: {
      opposite: true,
      gridLineColor: palette.grid,
      crosshair: {
        snap: false,
        label: {
          enabled: true,
          formatter: (value: number) => formatPrice(String(value), context.priceDecimals, context.lang),
        },
      },
      // Highcharts Stock draws price labels inside the plot, over the newest candles; aligned away from the
      // plot on the right-hand axis they sit in a reserved margin beside the candles instead.
      labels: {
        align: 'left',
        x: 6,
        y: 4,
        reserveSpace: true,
        style: { color: palette.muted },
        formatter() {
          return formatPrice(String(this.value), context.priceDecimals, context.lang);
        },
      },
      plotLines: levelPlotLines(input.levels ?? [], context, labels, palette),
      softMin: levelPrices.length ? Math.min(...levelPrices) : undefined,
      softMax: levelPrices.length ? Math.max(...levelPrices) : undefined,
    },
    plotOptions: {
      candlestick: {
        color: palette.down,
        lineColor: palette.down,
        upColor: palette.up,
        upLineColor: palette.up,
        dataGrouping: { enabled: false },
        animation: false,
      },
    },
    series: [{ type: 'candlestick', id: 'candles', name: input.name, data: input.candles.map(toPoint) }],
  };
}
