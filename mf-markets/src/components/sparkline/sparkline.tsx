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

/** The polyline points of the latest 100 prices scaled into the box; empty when fewer than two prices. */
export function sparklinePoints(prices: readonly (string | number)[], width: number, height: number): string {
  const latest = prices.slice(-SPARKLINE_POINTS).map(Number).filter(Number.isFinite);
  if (latest.length < 2) return '';
  const low = Math.min(...latest);
  const high = Math.max(...latest);
  const span = high - low || 1;
  const step = width / (latest.length - 1);
  // A 1 px margin keeps the stroke inside the box at the extremes.
  const usable = height - 2;
  return latest
    .map(
      (price, i) => `${(i * step).toFixed(1)},${(1 + usable - ((price - low) / span) * usable).toFixed(1)}`,
    )
    .join(' ');
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
