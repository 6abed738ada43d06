import styles from './sparkline.module.css';

/** The mini chart keeps what the feed's `hundred` keeps: the latest 100 prices. */
export const SPARKLINE_POINTS = 100;

interface SparklineProps {
  /** Feed prices, oldest first. Only the latest 100 are drawn. */
  prices: readonly (string | number)[];
  width?: number;
  height?: number;
  /** Accessible description, e.g. "BTCUSDT, last 100 prices". */
  label: string;
}

/**
 * The polyline points of the latest 100 prices scaled into the box; empty when fewer than two prices. It
 * runs for every visible row on every frame of the live feed, hence one pass and no intermediate arrays.
 */
export function sparklinePoints(prices: readonly (string | number)[], width: number, height: number): string {
  const from = Math.max(0, prices.length - SPARKLINE_POINTS);
  const latest: number[] = [];
  let low = Infinity;
  let high = -Infinity;
  for (let i = from; i < prices.length; i += 1) {
    const price = Number(prices[i]);
    if (!Number.isFinite(price)) continue;
    latest.push(price);
    if (price < low) low = price;
    if (price > high) high = price;
  }
  if (latest.length < 2) return '';
  const span = high - low || 1;
  const step = width / (latest.length - 1);
  // A 1 px margin keeps the stroke inside the box at the extremes.
  const usable = height - 2;
  let points = '';
  for (let i = 0; i < latest.length; i += 1) {
    const y = 1 + usable - (((latest[i] as number) - low) / span) * usable;
    points += `${i === 0 ? '' : ' '}${(i * step).toFixed(1)},${y.toFixed(1)}`;
  }
  return points;
}

/** A light SVG mini chart of recent feed prices (no chart library: it renders once per row on the home list). */
export function Sparkline({ prices, width = 96, height = 32, label }: SparklineProps) {
  const points = sparklinePoints(prices, width, height);
  const first = Number(prices[Math.max(0, prices.length - SPARKLINE_POINTS)]);
  const last = Number(prices[prices.length - 1]);
  const trend = last > first ? styles.up : last < first ? styles.down : styles.flat;
  return (
    <svg
      className={`${styles.sparkline} ${trend}`}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={label}
      preserveAspectRatio="none"
    >
      {points && <polyline points={points} fill="none" strokeWidth="1.5" vectorEffect="non-scaling-stroke" />}
    </svg>
  );
}
