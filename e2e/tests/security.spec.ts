import type { Page } from '@playwright/test';
import { deployModules, expect, expectFixtureAt, test } from './fixtures';

/**
 * The site works under its Content-Security-Policy: no violation is reported while the home page and the
 * trading module (loaded from another origin, the fixture module host) start and render.
 */
async function collectViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
      report(`${event.violatedDirective} blocked ${event.blockedURI}`);
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      violations.push(message.text());
  });
  return violations;
}

test.describe('Content-Security-Policy', () => {
  test('the home page and /trading load without a violation', async ({ page }) => {
    const violations = await collectViolations(page);
    const home = await page.goto('/');
    expect(home?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(home?.headers()['x-frame-options']).toBe('DENY');
    await expect(page.locator('#root')).not.toBeEmpty();
    await page.goto('/trading');
    await expectFixtureAt(page, '/trading');
    // Late work (lazily loaded strings and chunks) is done when the network is quiet.
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
  });

  test('the real markets (with its chart) and trading modules load without a violation', async ({ page }) => {
    const violations = await collectViolations(page);
    await deployModules(page, ['mf-markets', 'mf-trading']);
    await page.goto('/cruuency?code=BTCUSDT');
    await page.waitForLoadState('networkidle');
    await expect(page.locator('.highcharts-container').first()).toBeVisible();
    const moduleEntry = page.waitForResponse((response) => response.url().includes('/mf-trading/'));
    await page.goto('/trading?code=BTCUSDT');
    expect((await moduleEntry).status()).toBe(200);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('#root')).not.toBeEmpty();
    expect(violations).toEqual([]);
  });

  test('no source map is served', async ({ request }) => {
    const res = await request.get('/main.js.map');
    expect(res.status()).toBe(404);
  });
});
