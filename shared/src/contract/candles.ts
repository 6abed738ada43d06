import type { CandleInterval } from './markets';

/**
 * The candle-bucket rule of the K-line, in one place: the server aggregates stored one-minute candles into
 * these buckets and the chart extends its last candle with live ticks by the same rule, so a live tick never
 * lands in a different candle than the server would have put it in.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 1440 * MINUTE_MS;

/** Length of one candle of each interval, in milliseconds. */
export const intervalMs: Readonly<Record<CandleInterval, number>> = {
  '1m': MINUTE_MS,
  '5m': 5 * MINUTE_MS,
  '15m': 15 * MINUTE_MS,
  '30m': 30 * MINUTE_MS,
  '1h': 60 * MINUTE_MS,
  '4h': 240 * MINUTE_MS,
  '1d': DAY_MS,
  '1w': 7 * DAY_MS,
};

/**
 * Weeks start on Monday 00:00 UTC. The epoch (1970-01-01) was a Thursday, three days after a Monday, so a
 * week bucket is counted from the epoch shifted by these three days.
 */
export const WEEK_OFFSET_MS = 3 * DAY_MS;

/** How far an interval's buckets are shifted from the epoch (only weeks are). */
export function bucketOffsetMs(interval: CandleInterval): number {
  return interval === '1w' ? WEEK_OFFSET_MS : 0;
}

/** Start of the candle containing `time` (epoch ms, UTC). */
export function bucketStart(time: number, interval: CandleInterval): number {
  const size = intervalMs[interval];
  const offset = bucketOffsetMs(interval);
  return Math.floor((time + offset) / size) * size - offset;
}
