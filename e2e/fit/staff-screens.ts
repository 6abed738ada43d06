import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { deposit, realCustomer, signInStaff, submitIdentity, type Customer } from '../support/back-office';
import { adminToken, createMember } from '../support/staff';

/**
 * The back office's main screens, which the site's route list does not reach, for the fit check
 * (`staff-fit.spec.ts`: each must fit) and `pnpm screenshots` (`staff-screenshots.ts`: each pictured). Nobody
 * holds every role (admin and finance never go together): a desk member (reviewer, finance, content) signs in
 * as a new member does (own password, authenticator, recovery codes), the start-up admin opens the admin
 * screens; a deposit and an identity check are waiting.
 */
export type Who = 'desk' | 'admin';
export const screens: readonly (readonly [
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

export interface BackOffice {
  /** The customer whose deposit and identity check wait for review. */
  customer: Customer;
  pages: Record<Who, Page>;
  /** The desk member's page before it signs in (the sign-in screen). */
  signIn: () => Promise<void>;
  close: () => Promise<void>;
}

/** A customer with a deposit and an identity check waiting, a desk member and the admin, each in a page. */
export async function openBackOffice(
  browser: Browser,
  request: APIRequestContext,
  label: string,
): Promise<BackOffice> {
  const customer = await realCustomer(request, `${label}staff`);
  await deposit(request, customer, '250');
  await submitIdentity(request, customer);
  const member = await createMember(request, ['reviewer', 'finance', 'content'], label);
  const desk = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const deskPage = await desk.newPage();
  const admin = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await admin.addInitScript(
    (token) => {
      window.sessionStorage.setItem('swxStaffToken', token);
    },
    await adminToken(request),
  );
  const adminPage = await admin.newPage();
  return {
    customer,
    pages: { desk: deskPage, admin: adminPage },
    signIn: async () => {
      await signInStaff(deskPage, member);
    },
    close: async () => {
      await desk.close();
      await admin.close();
    },
  };
}

/** The back office's pages in `language` (stored as the site's language, as a member's choice is). */
export async function showLanguage(office: BackOffice, language: string): Promise<void> {
  for (const page of Object.values(office.pages)) {
    await page.goto('/staff');
    await page.evaluate((lang) => localStorage.setItem('language', lang), language);
  }
}

/** Each screen at `width`, opened and settled, then `check`ed. */
export async function eachScreen(
  office: BackOffice,
  width: number,
  check: (page: Page, name: string) => Promise<void>,
): Promise<void> {
  for (const [name, who, open] of screens) {
    const page = office.pages[who];
    await page.setViewportSize({ width, height: { 1440: 900, 1024: 768 }[width] ?? 844 });
    await open(page, office.customer.username);
    await page.waitForLoadState('networkidle');
    await check(page, name);
  }
}
