import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { deposit, realCustomer, signInStaff, submitIdentity } from '../support/back-office';
import { adminToken, createMember } from '../support/staff';
import { layoutProblems } from './layout-check';

/**
 * `pnpm screenshots` also pictures the back office (`/staff`), which the site's route list does not reach.
 * Nobody holds every role (admin and finance never go together): a desk member (reviewer, finance,
 * content) signs in as a new member does (own password, authenticator, recovery codes), the start-up admin
 * opens the admin screens; with a deposit and an identity check waiting, each main screen is taken at 1440,
 * 1024 and 390 px (a phone) in the back office's two languages, English and Simplified Chinese, into
 * e2e/screenshots/staff/<language>/<width>/<screen>.png, and must fit (nothing wider than the window, no text
 * cut off: `layout-check.ts`). SWX_SCREENSHOT_WIDTHS (`390,1440`) takes fewer widths.
 */
const folder = path.join(__dirname, '..', 'screenshots', 'staff');

type Who = 'desk' | 'admin';
const screens: readonly (readonly [
  name: string,
  who: Who,
  open: (page: Page, username: string) => Promise<void>,
])[] = [
  ['dashboard', 'desk', (page) => page.goto('/staff').then(() => undefined)],
  [
    'deposit-review',
    'desk',
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
    'desk',
    async (page, username) => {
      await page.goto('/staff/reviews/kyc');
      await page
        .getByRole('link', { name: new RegExp(username) })
        .first()
        .click();
      await expect(page.locator('figure img').first()).toBeVisible();
    },
  ],
  ['withdrawals', 'desk', (page) => page.goto('/staff/reviews/withdrawal').then(() => undefined)],
  [
    'customer-profile',
    'desk',
    async (page, username) => {
      await page.goto(`/staff/customers?q=${username}`);
      await page.getByRole('link', { name: username }).click();
      await expect(page.getByRole('heading', { level: 1, name: username })).toBeVisible();
    },
  ],
  ['content', 'desk', (page) => page.goto('/staff/operations/content').then(() => undefined)],
  ['nfts', 'desk', (page) => page.goto('/staff/operations/nfts').then(() => undefined)],
  ['ledger', 'desk', (page) => page.goto('/staff/operations/ledger').then(() => undefined)],
  ['lending', 'desk', (page) => page.goto('/staff/operations/lending').then(() => undefined)],
  ['charity', 'desk', (page) => page.goto('/staff/operations/charity').then(() => undefined)],
  ['account', 'desk', (page) => page.goto('/staff/account').then(() => undefined)],
  [
    'params',
    'admin',
    (page) => page.goto('/staff/operations/params/withdrawal_four_eyes_usdt').then(() => undefined),
  ],
  ['changes', 'admin', (page) => page.goto('/staff/changes').then(() => undefined)],
  ['audit', 'admin', (page) => page.goto('/staff/operations/audit').then(() => undefined)],
  ['team', 'admin', (page) => page.goto('/staff/team').then(() => undefined)],
];

test('back office screenshots', async ({ browser, request }) => {
  test.setTimeout(600_000);
  const customer = await realCustomer(request, 'shotstaff');
  await deposit(request, customer, '250');
  await submitIdentity(request, customer);
  const member = await createMember(request, ['reviewer', 'finance', 'content'], 'shots');
  const desk = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const deskPage = await desk.newPage();
  await deskPage.goto('/staff');
  await deskPage.screenshot({ path: path.join(folder, 'en', '1440', 'sign-in.png') });
  await signInStaff(deskPage, member);
  const admin = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await admin.addInitScript(
    (token) => {
      window.sessionStorage.setItem('swxStaffToken', token);
    },
    await adminToken(request),
  );
  const adminPage = await admin.newPage();
  const pages: Record<Who, Page> = { desk: deskPage, admin: adminPage };
  const widths = (process.env.SWX_SCREENSHOT_WIDTHS ?? '1440,1024,390').split(',').map(Number);
  for (const language of ['en', 'zh-CN'] as const) {
    for (const page of Object.values(pages)) {
      await page.goto('/staff');
      await page.evaluate((lang) => localStorage.setItem('language', lang), language);
    }
    for (const width of widths) {
      for (const [name, who, open] of screens) {
        const page = pages[who];
        await page.setViewportSize({ width, height: { 1440: 900, 1024: 768 }[width] ?? 844 });
        await open(page, customer.username);
        await page.waitForLoadState('networkidle');
        // Every screen fits at every width: nothing wider than the window, no text cut off.
        expect.soft(await layoutProblems(page), `${name} at ${width} px in ${language}`).toEqual([]);
        await page.screenshot({
          path: path.join(folder, language, String(width), `${name}.png`),
          fullPage: true,
        });
      }
    }
  }
  await desk.close();
  await admin.close();
});
