import path from 'node:path';
import { defineConfig } from '@playwright/test';
import suite from './playwright.config';
import { fullChromiumLaunchOptions } from './support/browser';

/**
 * The visit-everything checks (`pnpm --dir e2e test:fit`): every route fits in ten languages, no English
 * on non-English pages, no serious accessibility violations. The same server as the main suite, but its
 * /remotes.json lists every real module (fixtures/remotes.site.json) instead of the e2e fixture module.
 * The specs open their own contexts (one per language) and change the viewport themselves.
 * `pnpm screenshots` runs screenshots.ts with this configuration.
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
  use: { ...suite.use, launchOptions: fullChromiumLaunchOptions },
  projects: [{ name: 'fit', use: { browserName: 'chromium' } }],
});
