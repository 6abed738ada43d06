// JavaScript the home page `/` downloads (shell + markets module + shared libraries), per file and in total,
// as sent and gzip-compressed (level 9), in Debian's Chromium against a running production server.
// Budget (docs/performance/front-end.md): at most 300 KB of gzip JavaScript for `/`.
//
//   node scripts/bench/js-weight.mjs [--url http://127.0.0.1:8080] [--budget-kb 300]
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, '..', '..', 'e2e', 'package.json'));
const { chromium } = require('@playwright/test');

const option = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : fallback;
};
const baseUrl = option('url', process.env.SWX_URL ?? 'http://127.0.0.1:8080');
const budgetKb = Number(option('budget-kb', 300));

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--headless',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
});
const context = await browser.newContext({
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
});
const page = await context.newPage();
await page.addInitScript(() => window.sessionStorage.setItem('showBoard', 'false'));
const scripts = [];
page.on('response', async (response) => {
  if (response.request().resourceType() !== 'script') return;
  const body = await response.body().catch(() => Buffer.alloc(0));
  scripts.push({
    url: response.url().replace(baseUrl, ''),
    encoding: (await response.allHeaders())['content-encoding'] ?? 'identity',
    bytes: body.length,
    gzipBytes: gzipSync(body, { level: 9 }).length,
  });
});
await page.goto(baseUrl + '/', { waitUntil: 'networkidle' });
await page.getByTestId('home-market-list').waitFor({ timeout: 30_000 });
await page.waitForLoadState('networkidle');
await browser.close();

scripts.sort((a, b) => b.gzipBytes - a.gzipBytes);
const kb = (n) => +(n / 1024).toFixed(1);
const total = scripts.reduce((sum, s) => sum + s.gzipBytes, 0);
const result = {
  page: `${baseUrl}/`,
  files: scripts.map((s) => ({ url: s.url, kb: kb(s.bytes), gzipKb: kb(s.gzipBytes), sentAs: s.encoding })),
  totalKb: kb(scripts.reduce((sum, s) => sum + s.bytes, 0)),
  totalGzipKb: kb(total),
  chartLibraryLoaded: scripts.some((s) => /highcharts|highstock/i.test(s.url)),
  budgetKb,
};
result.pass = result.totalGzipKb <= budgetKb && !result.chartLibraryLoaded;
console.log(JSON.stringify(result, null, 2));
process.exit(result.pass ? 0 : 1);
