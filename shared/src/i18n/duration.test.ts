import en from './locales/en.json';
import zhCN from './locales/zh-CN.json';
import ar from './locales/ar.json';
import { formatDuration } from './duration';
import { setFormatLanguage } from './format';

const translate = (strings: typeof en) => (key: string, options?: Record<string, unknown>) => {
  const unit = key.replace('duration.', '') as keyof typeof en.duration;
  return strings.duration[unit].replace('{{n}}', String(options?.n));
};

afterEach(() => setFormatLanguage('en'));

describe('formatDuration', () => {
  it('reads as a countdown: the two largest units, never a pile of seconds', () => {
    const t = translate(en);
    expect(formatDuration(86_399, t)).toBe('23 h 59 min');
    expect(formatDuration(86_400 + 23 * 3600 + 59, t)).toBe('1 d 23 h');
    expect(formatDuration(2 * 86_400 + 30, t)).toBe('2 d');
    expect(formatDuration(303, t)).toBe('5 min 3 s');
    expect(formatDuration(45, t)).toBe('45 s');
    expect(formatDuration(0, t)).toBe('0 s');
    expect(formatDuration(-5, t)).toBe('0 s');
  });

  it('speaks every language with its own unit words', () => {
    expect(formatDuration(86_400 + 23 * 3600, translate(zhCN))).toBe('1 天 23 小时');
    setFormatLanguage('ar');
    expect(formatDuration(3600 + 60, translate(ar))).toMatch(/س .* د$/);
  });
});
