import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { deposit, realCustomer, signInStaff, submitIdentity } from '../support/back-office';
import { createMember } from '../support/staff';

/**
 * `pnpm screenshots` also pictures the back office (`/staff`), which the site's route list does not reach:
 * a member holding every role signs in (enrolling their authenticator), with a deposit and an identity
 * check waiting, and each main screen is taken at 1440 and 1024 px in English and Simplified Chinese, into
 * e2e/screenshots/staff/<language>/<width>/<screen>.png.
 */
const folder = path.join(__dirname, '..', 'screenshots', 'staff');

const screens: readonly (readonly [name: string, open: (page: Page, username: string) => Promise<void>])[] = [
  ['dashboard', (page) => page.goto('/staff').then(() => undefined)],
  [
    'deposit-review',
    async (page, username) => {
      await page.goto('/staff/reviews/deposit');
      await page
        .getByRole('link', { name: new RegExp(username) })
        .first()
        .click();
      await expect(page.locator('figure img')).toBeVisible();
    },
  ],
  [
    'kyc-review',
    async (page, username) => {
      await page.goto('/staff/reviews/kyc');
      await page
        .getByRole('link', { name: new RegExp(username) })
        .first()
        .click();
      await expect(page.locator('figure img').first()).toBeVisible();
    },
  ],
  ['withdrawals', (page) => page.goto('/staff/reviews/withdrawal').then(() => undefined)],
  [
    'customer-profile',
    async (page, username) => {
      await page.goto(`/staff/customers?q=${username}`);
      await page.getByRole('link', { name: username }).click();
      await expect(page.getByRole('heading', { level: 1, name: username })).toBeVisible();
    },
  ],
  ['params', (page) => page.goto('/staff/operations/params/withdrawal_four_eyes_usdt').then(() => undefined)],
  ['content', (page) => page.goto('/staff/operations/content').then(() => undefined)],
  ['nfts', (page) => page.goto('/staff/operations/nfts').then(() => undefined)],
  ['ledger', (page) => page.goto('/staff/operations/ledger').then(() => undefined)],
  ['audit', (page) => page.goto('/staff/operations/audit').then(() => undefined)],
  ['team', (page) => page.goto('/staff/team').then(() => undefined)],
];

test('back office screenshots', async ({ browser, request }) => {
  test.setTimeout(600_000);
  const customer = await realCustomer(request, 'shotstaff');
  await deposit(request, customer, '250');
  await submitIdentity(request, customer);
  const member = await createMember(request, ['reviewer', 'finance', 'admin', 'content'], 'shots');
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript(() => window.sessionStorage.setItem('showBoard', 'false'));
  const page = await context.newPage();
  await page.goto('/staff');
  await page.screenshot({ path: path.join(folder, 'en', '1440', 'sign-in.png') });
  await signInStaff(page, member);
  for (const language of ['en', 'zh-CN'] as const) {
    await page.evaluate((lang) => localStorage.setItem('language', lang), language);
    for (const width of [1440, 1024]) {
      await page.setViewportSize({ width, height: width === 1440 ? 900 : 768 });
      for (const [name, open] of screens) {
        await open(page, customer.username);
        await page.waitForLoadState('networkidle');
        await page.screenshot({
          path: path.join(folder, language, String(width), `${name}.png`),
          fullPage: true,
        });
      }
    }
  }
  await context.close();
});
