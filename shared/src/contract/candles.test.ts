import fc from 'fast-check';
import { WEEK_OFFSET_MS, bucketOffsetMs, bucketStart, intervalMs } from './candles';
import { candleIntervals } from './markets';

const iso = (time: number) => new Date(time).toISOString();

describe('candle buckets', () => {
  it('has a length for every interval the K-line serves', () => {
    expect(Object.keys(intervalMs).sort()).toEqual([...candleIntervals].sort());
    expect(intervalMs['1m']).toBe(60_000);
    expect(intervalMs['4h']).toBe(4 * 3_600_000);
    expect(intervalMs['1w']).toBe(7 * 86_400_000);
  });

  it('starts minute, hour and day candles on their UTC boundaries', () => {
    const time = Date.UTC(2026, 10, 22, 13, 47, 31, 250);
    expect(iso(bucketStart(time, '1m'))).toBe('2026-11-22T13:47:00.000Z');
    expect(iso(bucketStart(time, '15m'))).toBe('2026-11-22T13:45:00.000Z');
    expect(iso(bucketStart(time, '4h'))).toBe('2026-11-22T12:00:00.000Z');
    expect(iso(bucketStart(time, '1d'))).toBe('2026-11-22T00:00:00.000Z');
  });

  it('starts weeks on Monday 00:00 UTC', () => {
    // Sunday 22 November 2026 23:00 belongs to the week of Monday the 16th; Monday the 23rd opens a new one.
    expect(iso(bucketStart(Date.UTC(2026, 10, 22, 23), '1w'))).toBe('2026-11-16T00:00:00.000Z');
    expect(iso(bucketStart(Date.UTC(2026, 10, 23), '1w'))).toBe('2026-11-23T00:00:00.000Z');
    expect(iso(bucketStart(0, '1w'))).toBe('1969-12-29T00:00:00.000Z');
    expect(bucketOffsetMs('1w')).toBe(WEEK_OFFSET_MS);
    expect(bucketOffsetMs('1d')).toBe(0);
  });

  it('puts every time in the one bucket that contains it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: Date.UTC(2100, 0, 1) }),
        fc.constantFrom(...candleIntervals),
        (time, interval) => {
          const start = bucketStart(time, interval);
          expect(start).toBeLessThanOrEqual(time);
          expect(time).toBeLessThan(start + intervalMs[interval]);
          expect(bucketStart(start, interval)).toBe(start);
          if (interval === '1w') expect(new Date(start).getUTCDay()).toBe(1);
        },
      ),
    );
  });
});
