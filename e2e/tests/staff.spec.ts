import type { APIRequestContext, Browser, Page } from '@playwright/test';
import {
  customerCall,
  deposit,
  realCustomer,
  signInStaff,
  submitIdentity,
  tronAddress,
  allowAnyWithdrawal,
  type Customer,
  verifiedCustomer,
} from '../support/back-office';
import { seriousAxe } from '../support/axe';
import { createMember, signInNewMember } from '../support/staff';
import { closeContext, deployModules, expect, test } from './fixtures';

/**
 * The back office as built (`mf-staff/dist`, served by the real server under /mf-staff/) against the real
 * server (issue 19): a reviewer approves a deposit looking at its proof image, after a confirmation that
 * names the amount and the customer (Cancel changes nothing; issue 32); a large withdrawal needs two
 * finance members; an identity check rejected on one field shows that field's reason on the customer's KYC
 * page (`mf-loan`). Staff enrol their authenticator at first sign-in in the page, as a new member would.
 * The back office is a desktop tool: these run in the desktop project only.
 */
test.skip(({ isMobile }) => isMobile, 'The back office is laid out for desktops and tablets');

test.beforeEach(async ({ page }) => {
  await deployModules(page, ['mf-staff', 'mf-loan']);
});

/** Opens a queue and the record of `username` in it. */
async function openRecord(page: Page, queue: string, username: string) {
  await page
    .getByRole('navigation', { name: 'Back office sections' })
    .getByRole('link', { name: queue })
    .click();
  await page
    .getByRole('list', { name: queue })
    .getByRole('link', { name: new RegExp(username) })
    .click();
}

/** Serious and critical accessibility violations on the page as it is now (axe-core). */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await seriousAxe(page).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

/** A reviewer's API session, for the setup steps a test is not about. */
async function reviewerToken(request: APIRequestContext): Promise<string> {
  return (await signInNewMember(request, await createMember(request, ['reviewer'], 'e2erev'))).token;
}

/** The customer's available USDT. */
async function usdtAvailable(request: APIRequestContext, customer: Customer) {
  const assets = await customerCall<{ assets: { currency: string; available: string }[] }>(
    request,
    customer,
    'GET',
    '/order/getAssestInfo/all',
  );
  return Number(assets.assets.find((asset) => asset.currency === 'USDT')?.available ?? '0');
}

test('a reviewer approves a deposit with its proof image in view', async ({ page, request }) => {
  const customer = await realCustomer(request, 'e2estd');
  const depositId = await deposit(request, customer, '250');
  const reviewer = await createMember(request, ['reviewer'], 'e2ereviewer');

  await signInStaff(page, reviewer);
  // A reviewer's sections: the queues they decide, not finance's withdrawals nor the staff list.
  const nav = page.getByRole('navigation', { name: 'Back office sections' });
  await expect(nav.getByRole('link', { name: 'Withdrawals' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Staff' })).toHaveCount(0);

  await openRecord(page, 'Deposits', customer.username);
  const proof = page.getByAltText(`Payment proof uploaded by ${customer.username}`);
  await expect(proof).toBeVisible();
  await expect
    .poll(() => proof.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBe(320);
  const box = await proof.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThan(400);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Claim' }).click();
  await expect(page.getByTestId('claim')).toContainText('You are working on this');
  // Approving credits money: the back office asks first, naming the amount and the customer.
  await page.getByRole('button', { name: 'Approve' }).click();
  let dialog = page.getByRole('dialog', { name: 'Approve this deposit?' });
  await expect(dialog).toContainText(
    `250.00 USDT will be credited to ${customer.username}’s real account now, and ${customer.username} is notified.`,
  );
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  // Cancel changes nothing: the deposit waits, the customer has no money yet.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Approve' })).toBeFocused();
  expect(await usdtAvailable(request, customer)).toBe(0);
  const waiting = await customerCall<{ id: string; status: string }[]>(
    request,
    customer,
    'GET',
    '/user/listRecharge',
  );
  expect(waiting.find((item) => item.id === depositId)?.status).toBe('pending');

  await page.getByRole('button', { name: 'Approve' }).click();
  dialog = page.getByRole('dialog', { name: 'Approve this deposit?' });
  await dialog.getByRole('button', { name: 'Approve and credit' }).click();
  await expect(page.getByText('Approved.')).toBeVisible();

  const deposits = await customerCall<{ id: string; status: string }[]>(
    request,
    customer,
    'GET',
    '/user/listRecharge',
  );
  expect(deposits.find((item) => item.id === depositId)?.status).toBe('approved');
  expect(await usdtAvailable(request, customer)).toBe(250);
});

async function financePage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
  const page = await context.newPage();
  await deployModules(page, ['mf-staff']);
  return page;
}

test('a large withdrawal needs a second finance member', async ({ page, request, browser, baseURL }) => {
  test.setTimeout(120_000);
  const customer = await verifiedCustomer(request, await reviewerToken(request), 'e2estw', '20000');

  // A withdrawal asks for a fresh second factor, and new accounts send only to their address book.
  await allowAnyWithdrawal(request, customer);
  // 15,000 USDT is above `withdrawal_four_eyes_usdt` (10,000 by default).
  const withdrawal = {
    method: 'crypto',
    coin: 'USDT',
    network: 'TRC20',
    address: tronAddress,
    amount: '15000',
  };
  const quote = await customerCall<{ quoteId: string }>(
    request,
    customer,
    'POST',
    '/user/withdrawalQuote',
    withdrawal,
  );
  const made = await customerCall<{ id: string }>(request, customer, 'POST', '/user/withdrawal', {
    ...withdrawal,
    quoteId: quote.quoteId,
  });

  const first = await createMember(request, ['finance'], 'e2efin1');
  const second = await createMember(request, ['finance'], 'e2efin2');

  await signInStaff(page, first);
  await openRecord(page, 'Withdrawals', customer.username);
  await expect(page.getByText(tronAddress)).toBeVisible();
  await expect(page.getByTestId('approval-progress')).toContainText('0 of 2 approvals');
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('dialog')).toContainText('Your approval is 1 of 2');
  await page.getByRole('dialog').getByRole('button', { name: 'Approve for payout' }).click();
  await expect(page.getByText('Your approval is recorded. A second member must approve too.')).toBeVisible();
  await expect(page.getByTestId('approval-progress')).toContainText('1 of 2 approvals');
  // The same member cannot give the second approval.
  await expect(page.getByRole('button', { name: 'Approve' })).toBeDisabled();
  const pending = await customerCall<{ id: string; status: string }[]>(
    request,
    customer,
    'GET',
    '/user/listWithdrwal',
  );
  expect(pending.find((item) => item.id === made.id)?.status).toBe('pending');

  const colleague = await financePage(browser, baseURL);
  try {
    await signInStaff(colleague, second);
    await openRecord(colleague, 'Withdrawals', customer.username);
    await expect(colleague.getByTestId('approval-progress')).toContainText('1 of 2 approvals');
    await colleague.getByRole('button', { name: 'Approve' }).click();
    await expect(colleague.getByRole('dialog')).toContainText('is approved for payout');
    await colleague.getByRole('dialog').getByRole('button', { name: 'Approve for payout' }).click();
    await expect(colleague.getByText('Approved.')).toBeVisible();
  } finally {
    await closeContext(colleague.context());
  }
  const decided = await customerCall<{ id: string; status: string }[]>(
    request,
    customer,
    'GET',
    '/user/listWithdrwal',
  );
  expect(decided.find((item) => item.id === made.id)?.status).toBe('approved');
});

test('an identity check rejected on one field shows the customer that field’s reason', async ({
  page,
  request,
}) => {
  const customer = await realCustomer(request, 'e2estk');
  await submitIdentity(request, customer);
  const reviewer = await createMember(request, ['reviewer'], 'e2ekyc');

  await signInStaff(page, reviewer);
  await openRecord(page, 'Identity checks', customer.username);
  for (const name of ['Front photo', 'Back photo', 'Hand-held photo'])
    await expect(page.getByAltText(`${name} of ${customer.username}`)).toBeVisible();
  await expect(page.getByText('Tester', { exact: true })).toBeVisible();
  // Document number and birth date masked until revealed; the reveal is audited by the server.
  await expect(page.getByText('••••-••-••')).toBeVisible();
  await page.getByRole('button', { name: 'Reveal document number and date of birth' }).click();
  await expect(page.getByText('1990-04-12')).toBeVisible();
  await expect(page.getByText(`S${customer.id.padStart(7, '0')}E`)).toBeVisible();

  const reason = 'The back photo is blurred: please take it again in daylight';
  await page.getByRole('button', { name: 'Reject' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('checkbox', { name: 'Back photo' }).check();
  await dialog.getByLabel(/^Reason for Back photo/).fill(reason);
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText('Rejected.')).toBeVisible();

  // The customer's KYC page (mf-loan) names the field and gives the reviewer's reason.
  await page.goto('/help');
  await page.evaluate((session) => {
    localStorage.setItem('token', session.token);
    localStorage.setItem('userInfo', JSON.stringify(session.userInfo));
    localStorage.setItem('isLogin', 'true');
    localStorage.setItem('virtualStatus', session.userInfo.virtualStatus);
  }, customer);
  await page.goto('/loan');
  const fixes = page.getByRole('heading', { name: 'What needs fixing' }).locator('..');
  await expect(fixes).toContainText('Back photo');
  await expect(fixes).toContainText(reason);
});
