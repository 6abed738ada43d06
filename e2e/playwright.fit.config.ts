import path from 'node:path';
import { defineConfig } from '@playwright/test';
import suite from './playwright.config';
import { chromiumLaunchOptions, fullChromiumLaunchOptions } from './support/browser';

/**
 * The visit-everything checks (`pnpm --dir e2e test:fit`): every route fits in five languages (fit/site.ts,
 * `fitLanguages`), no English on non-English pages, no serious accessibility violations. The same server as
 * the main suite, but its /remotes.json lists every real module (fixtures/remotes.site.json) instead of the
 * e2e fixture module.
 * The specs open their own contexts (one per language) and change the viewport themselves.
 * `pnpm screenshots` runs screenshots.ts with this configuration.
 *
 * Browsers: the checks measure the layout and read the DOM, in Chromium's headless shell (the end-to-end
 * suite's browser: the same Blink, about 0.7 times the processor time of the full browser here; measured in
 * docs/performance.md). What takes screenshots for people to look at runs in the full browser customers use:
 * the trading workspace spec (its screenshots of the live chart also stopped the headless shell until the
 * test's time limit in 3 of 12 runs) and `pnpm screenshots`.
 */
const webServer = (Array.isArray(suite.webServer) ? suite.webServer : [])
  // The e2e fixture module's server: these checks use the real modules only. The chains: the pages walked
  // here are a new customer's (demo), whose deposit page asks to switch; the deposit page with chains watched
  // is checked in three languages at both widths by tests/chain-deposit.spec.ts.
  .filter((server) => !server.env?.FIXTURE_PORT && !server.env?.SWX_E2E_CHAINS)
  .map((server) => {
    if (!server.env?.REMOTES_FILE) return server;
    const { CHAIN_NETWORKS: _watchedByTheSuite, ...env } = server.env;
    return {
      ...server,
      // The server alone, without the suite's seed of overdue loans before it (server/src/test/e2e-seed.ts):
      // the pages walked here are new customers' and a funded real account's, none with a loan.
      command: 'node ../server/dist/main.js',
      env: { ...env, REMOTES_FILE: path.join(__dirname, 'fixtures', 'remotes.site.json') },
    };
  });

export default defineConfig({
  ...suite,
  testDir: './fit',
  testMatch: process.env.SWX_SCREENSHOTS
    ? ['screenshots.ts', 'staff-screenshots.ts', 'staff-confirm-screenshots.ts']
    : '*.spec.ts',
  // A budget per test (fit.spec.ts: one language and route), not one for a language's whole walk; the
  // screenshot walks set their own.
  timeout: 90_000,
  retries: 0,
  webServer,
  use: suite.use,
  projects: process.env.SWX_SCREENSHOTS
    ? [{ name: 'screenshots', use: { browserName: 'chromium', launchOptions: fullChromiumLaunchOptions } }]
    : [
        {
          name: 'fit',
          testIgnore: 'trading-workspace.spec.ts',
          use: { browserName: 'chromium', launchOptions: chromiumLaunchOptions },
        },
        {
          name: 'workspace',
          testMatch: 'trading-workspace.spec.ts',
          use: { browserName: 'chromium', launchOptions: fullChromiumLaunchOptions },
        },
      ],
});
