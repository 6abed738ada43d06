import type { APIRequestContext, Page } from '@playwright/test';
import {
  customerCall,
  deposit,
  realCustomer,
  signInStaff,
  tronAddress,
  type Customer,
  verifiedCustomer,
} from '../support/back-office';
import { overdueBorrowers } from '../support/overdue-seed';
import { createListing } from '../support/nft-listing';
import {
  createMember,
  deskSession,
  ensureLendingCapital,
  setParamApproved,
  staffCall,
} from '../support/staff';
import { closeContext, deployModules, expect, test } from './fixtures';

/**
 * The money rules a customer and the back office can see (issue 28), on the built site against the real
 * server: a loan withdrawn within 14 days costs the principal plus the interest accrued since payout (this
 * suite's server lends with no interest-free days, PARAM_DEFAULTS in playwright.config.ts, so a day's
 * interest shows), and a payout of donations recorded by one finance member and approved by another shows on
 * the public donations page with its payment and ledger references. A borrower whose loan is overdue is refused
 * a withdrawal, and an overdue loan written off by two finance members shows among the past write-offs: both
 * loans are made overdue before the server starts (server/src/test/e2e-seed.ts, docs/decisions.md).
 */

/** A signed-in page on the customer's real account, the onboarding board already seen. */
async function signIn(page: Page, customer: Customer) {
  await page.goto('/help');
  await page.evaluate(({ token, userInfo }) => {
    localStorage.setItem('token', token);
    localStorage.setItem('userInfo', JSON.stringify(userInfo));
    localStorage.setItem('isLogin', 'true');
    localStorage.setItem('virtualStatus', '0');
  }, customer);
}

const signature = {
  width: 300,
  height: 120,
  strokes: [
    [
      [20, 90],
      [140, 20],
      [260, 90],
    ],
  ],
};

async function usdtAvailable(request: APIRequestContext, customer: Customer): Promise<number> {
  const info = await customerCall<{ assets: { currency: string; available: string }[] }>(
    request,
    customer,
    'GET',
    '/order/getAssestInfo/all',
  );
  return Number(info.assets.find((asset) => asset.currency === 'USDT')?.available ?? '0');
}

test.describe('a loan withdrawn within 14 days', () => {
  test.beforeEach(async ({ page }) => {
    await deployModules(page, ['mf-loan']);
  });

  test('repays the principal plus the interest accrued since payout, as the page states it', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(180_000);
    await ensureLendingCapital(request);
    const customer = await verifiedCustomer(
      request,
      await deskSession(request),
      `e2ewd${testInfo.project.name[0]}`,
      '150',
    );
    const quote = await customerCall<{ quoteId: string; withdrawalInterestPerDay: string }>(
      request,
      customer,
      'POST',
      '/user/quoteLoan',
      { amount: '400', term: 30 },
    );
    // 400 × 0.001 a day (the default daily rate), from the first day since this server has no free days.
    expect(quote.withdrawalInterestPerDay).toBe('0.4');
    const loan = await customerCall<{ id: string }>(request, customer, 'POST', '/user/loan', {
      quoteId: quote.quoteId,
      amount: '400',
      term: 30,
      signature,
      language: 'en',
    });
    await staffCall(request, await deskSession(request), 'POST', `/reviews/loan/${loan.id}/approve`);
    expect(await usdtAvailable(request, customer)).toBeCloseTo(550, 2);

    await signIn(page, customer);
    await page.goto(`/loan?tab=loans&loan=${loan.id}`);
    const detail = page.getByTestId('loan-detail');
    await expect(detail).toContainText('Running');
    // The first day is started: one day's interest on top of the principal, today's exact figure.
    await expect(detail.getByTestId('withdrawal-amount')).toHaveText('400.40\u00a0USDT');
    await expect(detail.getByTestId('loan-due')).toContainText('23:59:59 (UTC)');
    await detail.getByRole('button', { name: 'Withdraw from the loan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Withdraw from the loan' });
    await expect(dialog.getByTestId('withdraw-text')).toContainText(
      'the principal of 400.00\u00a0USDT plus 0.40\u00a0USDT of interest accrued since payout',
    );
    await expect(dialog.getByTestId('withdraw-text')).toContainText('400.40\u00a0USDT from your available');
    await dialog.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await expect(detail).toContainText('Withdrawn');
    // The payment is on the loan with its ledger entry, and the balance fell by exactly that.
    const payments = detail.getByTestId('loan-payments');
    await expect(payments).toContainText('Withdrawal');
    await expect(payments).toContainText('400.40');
    expect(await usdtAvailable(request, customer)).toBeCloseTo(149.6, 2);
  });
});

test.describe('charity payouts', () => {
  test.skip(({ isMobile }) => isMobile, 'The back office is laid out for desktops and tablets');

  test('one finance member records a payout, another approves it, and the donations page shows it', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    test.setTimeout(300_000);
    const desk = await deskSession(request);
    // Donations come from settled auctions: a short one, won by one bid.
    for (const [key, value] of Object.entries({
      nft_extension_window_seconds: '5',
      nft_extension_seconds: '5',
      nft_max_extension_seconds: '10',
    }))
      await setParamApproved(request, key, value, 'e2e: a short charity auction');
    const bidder = await realCustomer(request, 'e2echb');
    const funded = await deposit(request, bidder, '150');
    await staffCall(request, desk, 'POST', `/reviews/deposit/${funded}/approve`);
    const title = `E2E Payout ${Date.now().toString(36)}`;
    const nft = await createListing(request, desk, title, 20);
    await customerCall(request, bidder, 'POST', '/user/buyNft', { nftId: nft.id, amount: '120' });
    await expect
      .poll(
        async () => {
          const donations = await customerCall<{ items: { nftId: string }[] }>(
            request,
            bidder,
            'GET',
            '/index/nftDonations',
          );
          return donations.items.some((item) => item.nftId === nft.id);
        },
        { timeout: 90_000, intervals: [2_000] },
      )
      .toBe(true);

    const reference = `SEPA-E2E-${Date.now().toString(36).toUpperCase()}`;
    const first = await createMember(request, ['finance'], 'e2echar1');
    const second = await createMember(request, ['finance'], 'e2echar2');
    await deployModules(page, ['mf-staff']);
    await signInStaff(page, first);
    await page
      .getByRole('navigation', { name: 'Back office sections' })
      .getByRole('link', { name: 'Charity payouts' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Charity payouts' })).toBeVisible();
    await page.getByLabel(/^Amount \(USDT\)/).fill('25.5');
    await page.getByLabel(/^Recipient/).fill('Children’s Hospital Fund');
    await page.getByLabel(/^Payment reference/).fill(reference);
    await page.getByRole('button', { name: 'Record payout' }).click();
    const confirm = page.getByRole('dialog', { name: 'Record this payout?' });
    await expect(confirm).toContainText('25.50\u00a0USDT');
    await expect(confirm).toContainText(reference);
    await confirm.getByRole('button', { name: 'Record payout' }).click();
    await expect(page.getByText('Payout sent for a second finance member to approve')).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: reference });
    await expect(row).toContainText('Waiting for another finance member');
    await expect(row.getByRole('button', { name: 'Approve' })).toHaveCount(0);

    const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
    try {
      const colleague = await context.newPage();
      await deployModules(colleague, ['mf-staff']);
      await signInStaff(colleague, second);
      await colleague.goto('/staff/operations/charity');
      const pending = colleague.getByRole('row').filter({ hasText: reference });
      await expect(pending).toContainText(first.username);
      await pending.getByRole('button', { name: 'Approve' }).click();
      const approve = colleague.getByRole('dialog', { name: 'Approve this payout?' });
      await expect(approve).toContainText(`Recorded by ${first.username}`);
      await approve.getByRole('button', { name: 'Approve and post' }).click();
      await expect(colleague.getByText('Payout approved and posted')).toBeVisible();
      await expect(pending).toContainText('Approved');
      await expect(pending).toContainText(second.username);
    } finally {
      await closeContext(context);
    }

    // The public page: the payout with the payment's reference and the entry that posted it.
    const visitor = await browser.newContext();
    try {
      const donations = await visitor.newPage();
      await donations.addInitScript(() => window.sessionStorage.setItem('showBoard', 'false'));
      await deployModules(donations, ['mf-nft']);
      await donations.goto('/nfts?view=donations');
      const payouts = donations.getByRole('table', { name: 'Payouts to the charity' });
      const paid = payouts.getByRole('row').filter({ hasText: reference });
      await expect(paid).toContainText('25.50\u00a0USDT');
      await expect(paid).toContainText('Children’s Hospital Fund');
      await expect(donations.getByTestId('donations-paid-out')).not.toHaveText('0.00\u00a0USDT');
    } finally {
      await closeContext(visitor);
    }
  });
});

test.describe('a customer with an overdue loan', () => {
  test.beforeEach(async ({ page }) => {
    await deployModules(page, ['mf-account']);
  });

  test('is refused a withdrawal with the reason in their language, and nothing moves', async ({
    page,
    request,
  }) => {
    const borrower = overdueBorrowers().withdraw;
    const listed = async () =>
      (await customerCall<unknown[]>(request, borrower, 'GET', '/user/listWithdrwal')).length;
    expect(await usdtAvailable(request, borrower)).toBeCloseTo(150, 2);
    const before = await listed();
    await signIn(page, borrower);
    await page.goto('/profile/withdraw');
    await expect(page.getByText('Available: 150.00 USDT')).toBeVisible();
    await page.getByLabel(/^Receiving address\*?$/).fill(tronAddress);
    await page.getByLabel(/^Amount to receive\*?$/).fill('50');
    const quoted = page.waitForResponse((response) => response.url().includes('/user/withdrawalQuote'));
    await page.getByRole('button', { name: 'Review fee and confirm' }).click();
    // The server refuses with the catalogue's code, and the page says why in the customer's words.
    expect(await (await quoted).json()).toMatchObject({ code: '11400' });
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: 'You have an overdue loan: withdrawals are paused until it is repaid' }),
    ).toBeVisible();
    await expect(page.getByRole('dialog')).toBeHidden();

    // The same refusal in German.
    await page.evaluate(() => localStorage.setItem('language', 'de'));
    await page.reload();
    await page.getByLabel(/^Empfangsadresse\*?$/).fill(tronAddress);
    await page.getByLabel(/^Auszuzahlender Betrag\*?$/).fill('50');
    await page.getByRole('button', { name: /Gebühr prüfen/ }).click();
    await expect(
      page.getByRole('alert').filter({
        hasText: 'Sie haben einen überfälligen Kredit: Auszahlungen ruhen, bis er zurückgezahlt ist',
      }),
    ).toBeVisible();

    // Nothing moved: the balance is the same and no withdrawal was added.
    expect(await usdtAvailable(request, borrower)).toBeCloseTo(150, 2);
    expect(await listed()).toBe(before);
  });
});

test.describe('past write-offs in the back office', () => {
  test.skip(({ isMobile }) => isMobile, 'The back office is laid out for desktops and tablets');

  test('a write-off approved by a second finance member shows in the list, in English and Chinese', async ({
    page,
    request,
    browser,
    baseURL,
  }, testInfo) => {
    test.setTimeout(180_000);
    const borrower = overdueBorrowers().writeOff;
    const first = await createMember(request, ['finance'], 'e2ewo1');
    const second = await createMember(request, ['finance'], 'e2ewo2');
    await deployModules(page, ['mf-staff']);
    await signInStaff(page, first);
    await page.goto('/staff/operations/lending');
    const overdue = page.getByTestId(`overdue-${borrower.loanId}`);
    await expect(overdue).toContainText(borrower.username);
    await overdue.getByRole('button', { name: 'Ask to write off' }).click();
    const ask = page.getByRole('dialog', { name: 'Ask to write off this loan?' });
    await ask.getByLabel(/^Reason/).fill('Borrower unreachable after three reminders');
    await ask.getByRole('button', { name: 'Ask to write off' }).click();
    await expect(page.getByText('Write-off sent for a second finance member to approve')).toBeVisible();

    const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
    try {
      const colleague = await context.newPage();
      await colleague.setViewportSize({ width: 1440, height: 1000 });
      await deployModules(colleague, ['mf-staff']);
      await signInStaff(colleague, second);
      await colleague.goto('/staff/operations/lending');
      const pending = colleague.getByTestId(`overdue-${borrower.loanId}`);
      await pending.getByRole('button', { name: 'Approve' }).click();
      const approve = colleague.getByRole('dialog', { name: 'Write off this loan?' });
      await approve.getByRole('button', { name: 'Write off' }).click();
      await expect(colleague.getByText('Loan written off')).toBeVisible();

      // The list shows it at once, newest first: the loan, its customer, what was given up, both members
      // and the ledger entry that posted it.
      const history = colleague.getByRole('table', { name: /Loans written off, newest first/ });
      const row = history.getByRole('row').nth(1);
      await expect(row).toContainText(borrower.username);
      await expect(row).toContainText(`Loan ${borrower.loanId}:`);
      await expect(row).toContainText('Borrower unreachable after three reminders');
      await expect(row).toContainText(first.username);
      await expect(row).toContainText(second.username);
      await expect(row.getByRole('cell').last()).toHaveText(/^[0-9]+$/);
      const past = await staffCall<{ items: { loanId: string; principal: string; journalId: string }[] }>(
        request,
        await deskSession(request),
        'GET',
        '/loans/writeOffs?page=1&pageSize=5',
      );
      expect(past.items[0]).toMatchObject({ loanId: borrower.loanId, journalId: expect.any(String) });
      await expect(row.getByRole('cell').last()).toHaveText(past.items[0]!.journalId);
      await expect(row).toContainText(`Principal: ${Number(past.items[0]!.principal).toFixed(2)}`);
      await expect(colleague.getByRole('heading', { name: 'The book now' })).toBeVisible();
      await colleague.screenshot({ path: testInfo.outputPath('past-write-offs-en.png'), fullPage: true });

      await colleague.evaluate(() => localStorage.setItem('language', 'zh-CN'));
      await colleague.reload();
      await expect(colleague.getByRole('heading', { name: '历史核销' })).toBeVisible();
      await expect(colleague.getByRole('heading', { name: '资金池现状' })).toBeVisible();
      await expect(
        colleague
          .getByRole('table', { name: /已核销的贷款/ })
          .getByRole('row')
          .nth(1),
      ).toContainText(borrower.username);
      await colleague.screenshot({ path: testInfo.outputPath('past-write-offs-zh-CN.png'), fullPage: true });
    } finally {
      await closeContext(context);
    }
  });
});
