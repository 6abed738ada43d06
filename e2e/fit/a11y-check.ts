import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The languages whose pages are checked with axe-core: English and the right-to-left one, Arabic. */
export const axeLanguages: ReadonlySet<string> = new Set(['en', 'ar']);

/**
 * Serious and critical axe-core violations on the page as shown, with where they are (three nodes at most).
 * `area: 'module'` checks the module's area only (`#main-content`, what differs from route to route);
 * `area: 'chrome'` checks everything around it (the shell's bars, menus and footer, the same on every route).
 */
export async function accessibilityProblems(page: Page, area: 'module' | 'chrome'): Promise<string[]> {
  const builder = new AxeBuilder({ page });
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
