import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless', '--disable-gpu'] });
for (const mobile of [false, true]) {
const ctx = await browser.newContext(mobile ? { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true } : { viewport: { width: 1280, height: 800 } });
const page = await ctx.newPage();
for (const route of ['/', '/markets', '/trading', '/cruuency', '/profile', '/nft']) {
  await page.goto('http://127.0.0.1:4310' + route, { waitUntil: 'networkidle' });
  await page.waitForTimeout(4000);
  const anims = await page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').map((a) => {
    const el = a.effect?.target; return `${a.animationName ?? a.constructor.name}:${a.transitionProperty ?? ''} ${el?.className?.toString().slice(0, 60)} ${a.effect?.getComputedTiming().iterations}`; }));
  console.log(mobile ? 'mobile' : 'desktop', route, anims.length, JSON.stringify([...new Set(anims)].slice(0, 6)));
}
await ctx.close();
}
await browser.close();
