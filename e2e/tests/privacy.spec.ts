import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { strFromU8, unzipSync } from 'fflate';
import { deposit, realCustomer, type Customer } from '../support/back-office';
import { prepareContext } from '../support/customer';
import { stepUpByEmail } from '../support/step-up';
import { closeContext, deployModules, expect, test } from './fixtures';

/**
 * The customer's data and closing the account in the built site (docs/security.md, "The customer's data and
 * closing the account"): a download asked for on the Security page, prepared by the server's scheduler,
 * downloaded after an e-mailed step-up and opened as a ZIP; closing refused while a deposit is in process and
 * done for an empty account, after which the password no longer signs in. Each test has its own customers.
 */
test.beforeEach(async ({ page }) => {
  await deployModules(page, ['mf-account', 'mf-pass']);
});

const emailOf = (customer: Customer) => `${customer.username}@swx.test`;

async function openSecurity(page: Page, customer: Customer, hash: string) {
  await prepareContext(page.context(), { language: 'en', session: customer });
  await page.goto(`/profile/security${hash}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
}

async function expectNoOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a customer asks for their data, sees it prepared, and downloads the ZIP after confirming it is them', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const customer = await realCustomer(request, 'pd');
  await openSecurity(page, customer, '#security-data');
  const data = page.getByRole('region', { name: 'Your data' });
  await data.getByRole('button', { name: 'Prepare my data' }).click();
  await expect(data.getByRole('button', { name: 'Being prepared…' })).toBeDisabled();

  // The scheduler prepares it within a pass (every 15 s); the page shows it once reloaded.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('region', { name: 'Your data' }).getByText('Ready to download')).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 60_000, intervals: [3_000] });
  await expectNoOverflow(page);
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);

  const downloaded = page.waitForEvent('download');
  await page.getByRole('region', { name: 'Your data' }).getByRole('button', { name: 'Download' }).click();
  await stepUpByEmail(page, emailOf(customer));
  const file = await downloaded;
  expect(file.suggestedFilename()).toMatch(/^swx-data-[0-9a-f]{8}\.zip$/);
  const bytes = await (await file.createReadStream()).toArray();
  const zip = unzipSync(new Uint8Array(Buffer.concat(bytes)));
  expect(JSON.parse(strFromU8(zip['account.json']!))).toMatchObject({ username: customer.username });
  expect(Object.keys(zip)).toEqual(
    expect.arrayContaining(['README.txt', 'records/real.json', 'sessions.json']),
  );

  // The notification says so too, and leads back here.
  await page.goto('/profile/notification');
  await expect(page.getByText('Your data is ready').first()).toBeVisible();
});

test('closing is refused while a deposit is in process, and closes an empty account for good', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const busy = await realCustomer(request, 'pb');
  await deposit(request, busy, '150');
  await openSecurity(page, busy, '#security-close');
  const close = page.getByRole('region', { name: 'Close account' });
  await expect(close.getByTestId('closure-blockers')).toContainText(
    'Wait for your deposits and withdrawals in process to finish',
  );
  await expect(close.getByRole('button', { name: 'Close my account' })).toBeDisabled();
  await expectNoOverflow(page);

  const leaving = await realCustomer(request, 'pc');
  const context = await browser.newContext();
  const other = await context.newPage();
  await deployModules(other, ['mf-account', 'mf-pass']);
  await openSecurity(other, leaving, '#security-close');
  const section = other.getByRole('region', { name: 'Close account' });
  await section.getByRole('button', { name: 'Close my account' }).click();
  const dialog = other.getByRole('dialog', { name: 'Close my account' });
  const confirm = dialog.getByRole('button', { name: 'Close my account for good' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(/Type your username/).fill(leaving.username);
  await confirm.click();
  await stepUpByEmail(other, emailOf(leaving));
  await expect(other).toHaveURL('/');
  await expect.poll(() => other.evaluate(() => localStorage.getItem('isLogin'))).not.toBe('true');

  const again = await request.post('/swx/customer/login/login', {
    data: { account: leaving.username, password: 'fit-check-pass1' },
  });
  expect(await again.json()).toMatchObject({ code: '11520' });
  const old = await request.post('/swx/customer/user/getUserInfo', {
    headers: { Authorization: leaving.token },
  });
  expect(old.status()).toBe(401);
  await closeContext(context);
});
