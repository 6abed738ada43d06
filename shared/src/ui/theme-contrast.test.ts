import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// Reads the tokens from theme.css itself, so a colour changed there is checked here.
const css = readFileSync(join(__dirname, 'theme.css'), 'utf8');

function block(selector: string): Record<string, string> {
  const start = css.indexOf(selector);
  if (start < 0) throw new Error(`${selector} not in theme.css`);
  const body = css.slice(css.indexOf('{', start) + 1, css.indexOf('}', start));
  return Object.fromEntries(
    [...body.matchAll(/(--swx-[a-z0-9-]+):\s*(#[0-9a-f]{6})\s*;/gi)].map((m) => [m[1]!, m[2]!]),
  );
}

const themes = {
  light: block(':root {'),
  dark: block(":root[data-theme='dark']"),
  systemDark: block(":root:not([data-theme='light'])"),
};

function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Text (4.5:1) and controls/large marks (3:1) on the backgrounds they are drawn on. */
const TEXT_PAIRS: [string, string][] = [
  ['--swx-text', '--swx-page'],
  ['--swx-text', '--swx-surface'],
  ['--swx-text', '--swx-surface-muted'],
  ['--swx-text', '--swx-hover'],
  ['--swx-muted', '--swx-page'],
  ['--swx-muted', '--swx-surface'],
  ['--swx-muted', '--swx-surface-muted'],
  ['--swx-primary', '--swx-surface'],
  ['--swx-primary', '--swx-page'],
  ['--swx-link', '--swx-surface'],
  ['--swx-on-primary', '--swx-primary'],
  ['--swx-on-primary', '--swx-primary-hover'],
  ['--swx-danger', '--swx-surface'],
  ['--swx-danger', '--swx-danger-bg'],
  ['--swx-success', '--swx-surface'],
  ['--swx-success', '--swx-success-bg'],
  ['--swx-warning', '--swx-surface'],
  ['--swx-up', '--swx-surface'],
  ['--swx-down', '--swx-surface'],
  ['--swx-on-demo', '--swx-demo'],
  ['--swx-on-real', '--swx-real'],
  ['--swx-notice-text', '--swx-notice-bg'],
  ['--swx-on-toast', '--swx-toast'],
  ['--swx-on-toast', '--swx-toast-success'],
  ['--swx-on-toast', '--swx-toast-error'],
  ['--swx-on-footer', '--swx-footer'],
  ['--swx-on-alert-dot', '--swx-alert-dot'],
  ['--swx-on-danger', '--swx-danger'],
  ['--swx-on-fill', '--swx-up-fill'],
  ['--swx-on-fill', '--swx-down-fill'],
  ['--swx-on-paper', '--swx-paper'],
  ['--swx-warning', '--swx-notice-bg'],
  ['--swx-link', '--swx-page'],
];
const CONTROL_PAIRS: [string, string][] = [
  ['--swx-control-border', '--swx-surface'],
  ['--swx-focus', '--swx-surface'],
  ['--swx-focus', '--swx-page'],
  ['--swx-star', '--swx-surface'],
];

describe.each(Object.entries(themes))('%s theme tokens', (_name, tokens) => {
  it.each(TEXT_PAIRS)('%s on %s reaches 4.5:1', (fg, bg) => {
    expect(contrast(tokens[fg]!, tokens[bg]!)).toBeGreaterThanOrEqual(4.5);
  });
  it.each(CONTROL_PAIRS)('%s on %s reaches 3:1', (fg, bg) => {
    expect(contrast(tokens[fg]!, tokens[bg]!)).toBeGreaterThanOrEqual(3);
  });
});

test('the system dark palette and the chosen dark palette are the same', () => {
  expect(themes.systemDark).toEqual(themes.dark);
});

test('the contrast formula is the WCAG one', () => {
  expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
  expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
});
