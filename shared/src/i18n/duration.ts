import { formatNumber } from './format';
import type { Translate } from './error-messages';

const UNITS = [
  ['days', 86_400],
  ['hours', 3_600],
  ['minutes', 60],
  ['seconds', 1],
] as const;

/**
 * A span of time as people read a countdown: its two largest units, in the active language ("1 d 23 h",
 * "5 min 3 s", "45 s"), never "86399 s". `t` is any module's translate: the unit words live in `common`
 * (`duration.*`). Negative spans read as zero.
 */
export function formatDuration(totalSeconds: number, t: Translate): string {
  let rest = Math.max(0, Math.floor(totalSeconds));
  const parts: string[] = [];
  for (const [unit, size] of UNITS) {
    const value = Math.floor(rest / size);
    rest -= value * size;
    if (value > 0 || (parts.length === 0 && unit === 'seconds'))
      parts.push(t(`duration.${unit}`, { ns: 'common', n: formatNumber(value) }));
    else if (parts.length > 0) break;
    if (parts.length === 2) break;
  }
  return parts.join(' ');
}
