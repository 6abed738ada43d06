import Decimal from 'decimal.js';
import styles from './price-line.module.css';

const width = 240;
const height = 56;

/** SVG points for the prices scaled into the box; a flat series draws a level line through the middle. */
export function linePoints(prices: readonly string[]): string {
  const values = prices.map((price) => new Decimal(price));
  const min = Decimal.min(...values);
  const max = Decimal.max(...values);
  const range = max.minus(min);
  const step = width / (values.length - 1);
  return values
    .map((value, index) => {
      const y = range.isZero() ? height / 2 : height - value.minus(min).div(range).times(height).toNumber();
      return `${(index * step).toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
}

/**
 * A compact line of the market's latest feed prices (integrity rule 1: only published values; fewer than
 * two prices draw nothing rather than a made-up line).
 */
export function PriceLine({ prices, label }: { prices: readonly string[]; label: string }) {
  if (prices.length < 2) return null;
  const rising = new Decimal(prices[prices.length - 1]!).gte(prices[0]!);
  return (
    <svg
      className={`${styles.line} ${rising ? styles.up : styles.down}`}
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={label}
      data-testid="price-line"
    >
      <polyline points={linePoints(prices)} fill="none" strokeWidth="1.5" vectorEffect="non-scaling-stroke" />
    </svg>
  );
}
