import type { Page } from '@playwright/test';
import { seriousAxe } from '../support/axe';

/**
 * The languages whose pages are checked with axe-core, and at which width each route is: English at the
 * desktop width, Arabic (right to left) at the phone width, so every route's two layouts are checked once
 * each. An axe run is most of a route's check in those languages (7–16 s a route in English and Arabic against
 * about 1 s in another language on a machine like CI's, docs/performance.md); what it finds rarely depends on the language. The shell's own bars, menus and footer
 * are checked at both widths in both.
 */
export const axeWidths: ReadonlyMap<string, number> = new Map([
  ['en', 1440],
  ['ar', 390],
]);
export const axeLanguages: ReadonlySet<string> = new Set(axeWidths.keys());

/**
 * Serious and critical axe-core violations on the page as shown, with where they are (three nodes at most).
 * `area: 'module'` checks the module's area only (`#main-content`, what differs from route to route);
 * `area: 'chrome'` checks everything around it (the shell's bars, menus and footer, the same on every route).
 */
export async function accessibilityProblems(page: Page, area: 'module' | 'chrome'): Promise<string[]> {
  const builder = seriousAxe(page);
  const { violations } = await (
    area === 'module' ? builder.include('#main-content') : builder.exclude('#main-content')
  ).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => {
      const where = violation.nodes.map((node) => node.target.join(' ')).slice(0, 3);
      return `${violation.id} (${violation.impact}) at ${where.join(', ')}`;
    });
}
