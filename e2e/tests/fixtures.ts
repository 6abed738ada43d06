import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';

/**
 * Tests start with the onboarding board already seen in this session (it is the subject of its own test),
 * so it does not cover the page on the mobile layout. When a test ends, route handlers still in flight (the
 * shell asks for /remotes.json on every navigation) stop quietly: one that failed on the closing page after
 * the test would fail the worker between tests, and the next test would not run.
 */
export const test = base.extend<{ boardSeen: boolean; ownContextsClosed: void }>({
  boardSeen: [true, { option: true }],
  // Contexts a test opens itself (`browser.newContext()`: a second customer, a staff page) are closed when it
  // ends, passed or failed. Playwright leaves them to the worker's browser, where their pages would go on
  // receiving live prices and rendering them (background pages are not throttled under Playwright) for every
  // later test of the worker.
  ownContextsClosed: [
    async ({ browser }, provide) => {
      const before = new Set(browser.contexts());
      await provide();
      for (const context of browser.contexts())
        if (!before.has(context)) await closeContext(context).catch(() => undefined);
    },
    { auto: true },
  ],
  page: async ({ page, boardSeen }, provide) => {
    if (boardSeen) await page.addInitScript(() => window.sessionStorage.setItem('showBoard', 'false'));
    await provide(page);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  },
});

/** A module built into `<module>/dist` and served by the suite's server under `/<module>/`. */
export type BuiltModule =
  'mf-markets' | 'mf-trading' | 'mf-account' | 'mf-pass' | 'mf-loan' | 'mf-nft' | 'mf-staff';

/**
 * Deploys built modules for `page`: /remotes.json as the server answers it (the e2e fixture for mf_markets
 * and mf_trading, mf_loan on a closed port, the rest not deployed), with these modules listed instead.
 */
export async function deployModules(page: Page, modules: readonly BuiltModule[]): Promise<void> {
  const entries = Object.fromEntries(modules.map((m) => [m.replace(/-/g, '_'), `/${m}/mf-manifest.json`]));
  await page.route('**/remotes.json', async (route) => {
    const response = await route.fetch();
    const remotes = (await response.json()) as Record<string, string>;
    await route.fulfill({ response, json: { ...remotes, ...entries } });
  });
}

/** Closes a context a test opened itself, its pages' route handlers in flight stopped quietly (see `test`). */
export async function closeContext(context: BrowserContext): Promise<void> {
  await Promise.all(context.pages().map((page) => page.unrouteAll({ behavior: 'ignoreErrors' })));
  await context.close();
}

export { expect };

export function isMobileProject(projectName: string): boolean {
  return projectName === 'mobile';
}

/** The fixture module rendered in the shell's module area, at `path`. */
export async function expectFixtureAt(page: Page, path: string) {
  await expect(page.getByTestId('fixture-module')).toBeVisible();
  await expect(page.getByTestId('fixture-path')).toHaveText(path);
}
