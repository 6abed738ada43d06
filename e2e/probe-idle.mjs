import { chromium } from '@playwright/test';
import fs from 'node:fs';
const busy = () => { const f = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number); return (f[0] + f[1] + f[2] + f[5] + f[6] + f[7]) / 100; };
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'] });
for (const reducedMotion of ['no-preference', 'reduce', 'no-preference', 'reduce']) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion });
  const page = await ctx.newPage();
  await page.goto('http://127.0.0.1:4310/', { waitUntil: 'networkidle' });
  await page.waitForTimeout(3000);
  const b = busy();
  await page.waitForTimeout(20000);
  console.log(reducedMotion, 'machine CPU-s over 20 s idle on /:', (busy() - b).toFixed(2));
  await ctx.close();
}
await browser.close();
