import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './support/browser';
import { e2eChainNetworks, e2eChainPollMs, e2eChainsWebServer } from './support/chains';
import { smtpUrl } from './support/smtp';
// Social sign-in: two local OpenID Providers.
import { socialProviderSetup } from './support/oidc-providers';

/**
 * The whole site in Debian's Chromium (Playwright cannot download browsers here): the REAL built server
 * (`pnpm --dir server build`) serving the built shell, plus the e2e fixture module on a second origin.
 * /remotes.json comes from fixtures/remotes.e2e.json (REMOTES_FILE, its fixture origin set to this run's): mf_markets and mf_trading are the
 * fixture, mf_loan points at a closed port, the other modules are not listed (not deployed).
 */
const repoRoot = path.resolve(__dirname, '..');
const port = Number(process.env.E2E_PORT ?? 4173);
// Every port of a run follows E2E_PORT (the fixture module's, the mail catcher's, the OpenID Providers'), so
// two runs on one machine (a developer's and a test command's) do not collide.
const fixturePort = port + 2;
// Created once by the main process; workers inherit the variable instead of making their own folders.
process.env.SWX_E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'swx-e2e-'));
// Where the suite's SMTP server (support/smtp.ts, the globalSetup) files each mail the SWX server sends.
process.env.SWX_E2E_MAIL_DIR ??= `${process.env.SWX_E2E_DATA_DIR}-mail`;
// The fixture's remotes list, pointed at this run's fixture server.
const remotesFile = path.join(process.env.SWX_E2E_DATA_DIR, 'remotes.e2e.json');
fs.writeFileSync(
  remotesFile,
  fs
    .readFileSync(path.join(__dirname, 'fixtures', 'remotes.e2e.json'), 'utf8')
    .replaceAll('http://127.0.0.1:4175/', `http://127.0.0.1:${fixturePort}/`),
);

// Social sign-in: two local OpenID Providers, started before the server that is configured with them.
const social = socialProviderSetup(`http://127.0.0.1:${port}`);

const adminCredentials = { username: 'admin', password: 'e2e-admin-password-1' };

export default defineConfig({
  testDir: './tests',
  // A real SMTP server for the whole run: the SWX server mails verification codes to it (SMTP_URL below).
  globalSetup: './support/smtp.ts',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: true,
  // Two workers everywhere, CI included (2 cores): the browsers mostly wait on the server and on timers
  // (the NFT auction, the plan payout), so a second worker halves the wall time; retries catch the rare stall.
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Recording a trace costs a fifth of a test's processor time (DOM snapshots and a screencast at every
    // step): the test command (CI) records one when a failed test runs again, a developer's run on failure.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    // The shell's service worker would serve files from its cache, past `page.route`; site-basics.spec.ts
    // allows it for the tests about it.
    serviceWorkers: 'block',
    // Prices flash on every move of the live feed, and a flash keeps Chromium drawing frames in software: an
    // open list page cost about twice the processor time with the flashes (2026-11-28, docs/performance.md).
    // The site honours reduced motion with a steady colour instead; markets.spec.ts tests both.
    reducedMotion: 'reduce',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [
    {
      name: 'desktop',
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'mobile',
      // The flows whose controls change on a phone: the shell's bars, menu and board, the trading workspace
      // and its order sheet, sign-in and sign-up. The other specs click the same controls at either width and
      // run on desktop; every route is still laid out at 390 px in the fit check (fit/fit.spec.ts). All specs
      // on a phone cost the test command a third more end-to-end time (docs/performance.md, "The test
      // command").
      testMatch: ['shell.spec.ts', 'trading.spec.ts', 'pass.spec.ts'],
      use: {
        browserName: 'chromium',
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
        userAgent:
          'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
      },
    },
  ],
  webServer: [
    // Two local EVM chains (Hardhat nodes, the test ERC-20 deployed) before the server that watches them.
    e2eChainsWebServer(),
    // Social sign-in: the providers first, the server reads their discovery documents on first use.
    ...social.webServers,
    {
      command: 'node scripts/fixture-server.mjs',
      url: `http://127.0.0.1:${fixturePort}/health`,
      env: { FIXTURE_PORT: String(fixturePort) },
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
    },
    {
      // Overdue loans need days to pass: before the server starts, server/src/test/e2e-seed.ts makes two through
      // the real routes and services on this run's database, with the loans' clock ten days back
      // (docs/decisions.md). The server then starts on that data folder with these same settings.
      command: 'pnpm --dir ../server exec tsx src/test/e2e-seed.ts && node ../server/dist/main.js',
      url: `http://127.0.0.1:${port}/remotes.json`,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        NODE_ENV: 'production',
        DATA_DIR: process.env.SWX_E2E_DATA_DIR,
        WEB_ROOT: repoRoot,
        REMOTES_FILE: remotesFile,
        ADMIN_USERNAME: adminCredentials.username,
        ADMIN_PASSWORD: adminCredentials.password,
        LOG_LEVEL: 'warn',
        // The simulated feed's generated past: one day (1m candles, a full hundred) keeps the first start's
        // background writes to about a second; the default 90 days is measured in docs/performance/markets.md.
        MARKET_FEED_HISTORY_DAYS: '1',
        SMTP_URL: smtpUrl,
        MAIL_FROM: 'SWX <no-reply@swx.test>',
        // KYC and loans: production refuses to start without a key for identity documents (a test-only key).
        IDENTITY_ENCRYPTION_KEY: '5e1f0c7a9b3d4e6f8a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f',
        // Every browser of the suite comes from 127.0.0.1: the per-address sign-in limits are raised so
        // parallel tests are not throttled; the per-account and per-e-mail limits keep production values.
        RATE_LOGIN_PER_IP_PER_MINUTE: '1000',
        RATE_SEND_CODE_PER_IP_PER_HOUR: '1000',
        RATE_REGISTER_PER_IP_PER_HOUR: '1000',
        // Smart plans (plans.spec.ts): the default gold plan and a quick one whose cycle is four seconds, so a
        // payout arrives while the page is open. Production uses the same setting (PLAN_PRODUCTS).
        PLAN_PRODUCTS: JSON.stringify([
          {
            code: 'GOLD-PLAN',
            name: 'Gold plan',
            underlying: 'XAUUSD',
            currency: 'USDT',
            terms: [
              { days: 7, dailyRate: '0.0005' },
              { days: 30, dailyRate: '0.0007' },
            ],
            minAmount: '100',
            maxAmount: '50000',
            exitDamagesRate: '0.1',
            earningIntervalSeconds: 86_400,
            enabled: true,
          },
          {
            code: 'GOLD-QUICK',
            name: 'Gold quick plan',
            underlying: 'XAUUSD',
            currency: 'USDT',
            terms: [{ days: 10, dailyRate: '0.01' }],
            minAmount: '10',
            maxAmount: '1000',
            exitDamagesRate: '0.1',
            earningIntervalSeconds: 4,
            enabled: true,
          },
        ]),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        // Passkeys: browsers refuse an IP address as the relying party, so the passkey test opens the site as
        // localhost (account-security.spec.ts); both origins of the suite's server are this site's.
        WEBAUTHN_RP_ID: 'localhost',
        WEBAUTHN_ORIGINS: `http://localhost:${port},http://127.0.0.1:${port}`,
        // The address book's cooling-off period is a parameter (24 h by default): this server starts it at
        // about 20 seconds, so a test sees an address become usable (the test's clock is this setting). Loans
        // have no interest-free days here (3 by default), so the interest of a loan's first day shows on the
        // loan page, in a repayment and in a withdrawal (loan.spec.ts, money.spec.ts).
        PARAM_DEFAULTS: JSON.stringify({
          withdrawal_address_cooling_off_hours: '0.0055',
          loan_interest_free_days: '0',
        }),
        // Deposits from the chain (issue 30): both e2e chains watched, a pass every second.
        CHAIN_NETWORKS: e2eChainNetworks(),
        CHAIN_POLL_MS: String(e2eChainPollMs),
        // Social sign-in.
        ...social.serverEnv,
      },
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
