import type { LaunchOptions } from '@playwright/test';

const args = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * The browser of the end-to-end and cluster suites: Debian's build of Chromium's headless shell (package
 * `chromium-headless-shell`, the same Chromium 156 as the `chromium` package; `scripts/ensure-system.sh`
 * installs it), which is what Playwright itself runs for headless tests where it may download its browsers.
 * The full browser's headless mode draws through a browser window and a GPU process of its own: the end-to-end
 * suite cost its Chromium processes 395 s of processor time there and 213 s in the shell (docs/performance.md,
 * "The test command"), on a test command bound by its two cores. `SWX_CHROMIUM` picks another build, such as
 * the full browser (`SWX_CHROMIUM=/usr/bin/chromium`).
 */
export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: process.env.SWX_CHROMIUM || '/usr/lib/chromium/chromium-headless-shell',
  args,
};

/**
 * The full Chromium customers run, for what takes screenshots for people to look at (`playwright.fit.config.ts`:
 * the trading workspace spec and `pnpm screenshots`); the fit check's measurements run in the headless shell.
 */
export const fullChromiumLaunchOptions: LaunchOptions = {
  executablePath: process.env.SWX_CHROMIUM || '/usr/bin/chromium',
  args,
};
