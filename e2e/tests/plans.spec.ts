import crypto from 'node:crypto';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { verificationCodeIn, waitForMail } from '../support/smtp';
import { deployModules, expect, test } from './fixtures';
import { approvePending, deskSession } from '../support/staff';

/**
 * Smart plans end to end: the trading module as built (`mf-trading/dist`, served by the real server) with its
 * Plans tab, against the real server's plans domain, ledger and scheduler. The server runs with a product of
 * a short term and a four-second earning interval (`PLAN_PRODUCTS` in playwright.config.ts: the configuration
 * production uses, not a test-only code path), so a payout arrives while the page is open.
 */
async function useRealTradingModule(page: Page) {
  await deployModules(page, ['mf-trading']);
}

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

interface Session {
  token: string;
  userInfo: { virtualStatus: string };
}

async function envelope<T>(answer: Awaited<ReturnType<APIRequestContext['post']>>, what: string): Promise<T> {
  const body = (await answer.json()) as { code: string; message: string; result: T };
  expect(body, `${what}: ${body.message}`).toMatchObject({ code: '200' });
  return body.result;
}

/** A new customer on the real account, funded by a deposit that staff approve (the real money path). */
async function fundedRealCustomer(request: APIRequestContext, testInfo: TestInfo): Promise<Session> {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 3).toString(36)}`;
  const username = `pl${testInfo.project.name[0]}${suffix}`.slice(0, 20);
  const customer = { username, email: `${username}@swx.test`, password: 'plans-real1' };
  const since = Date.now();
  await envelope(
    await request.post('/swx/customer/login/sendCode', {
      data: { email: customer.email, scene: 'register' },
    }),
    'sendCode',
  );
  const code = verificationCodeIn(await waitForMail(customer.email, { since }));
  const session = await envelope<Session>(
    await request.post('/swx/customer/login/register', {
      data: { ...customer, confirmPassword: customer.password, code },
    }),
    'register',
  );
  const headers = { Authorization: session.token, virtually: 'YES' };
  await envelope(
    await request.post('/swx/customer/user/accountMode', { headers, data: { mode: 'real' } }),
    'accountMode',
  );
  const upload = await envelope<{ id: string }>(
    await request.post('/swx/customer/upload/image', {
      headers,
      multipart: { file: { name: 'proof.png', mimeType: 'image/png', buffer: png } },
    }),
    'upload',
  );
  const deposit = await envelope<{ id: string }>(
    await request.post('/swx/customer/user/recharge', {
      headers,
      data: {
        coin: 'USDT',
        network: 'TRC20',
        amount: '150',
        txHash: crypto.randomBytes(32).toString('hex'),
        proofImage: upload.id,
      },
    }),
    'recharge',
  );
  // The review desk (reviewer and finance): the start-up admin holds no money duty.
  const staff = { token: await deskSession(request) };
  const staffHeaders = { Authorization: staff.token };
  await envelope(
    await request.post(`/swx/admin/reviews/deposit/${deposit.id}/approve`, {
      headers: staffHeaders,
      data: {},
    }),
    'approve deposit',
  );
  // The platform's plan reserve must cover the plan's income before anyone can buy it: finance asks, a
  // second finance member approves (maker-checker).
  const funding = await envelope(
    await request.post('/swx/admin/plans/reserve', {
      headers: staffHeaders,
      data: { currency: 'USDT', amount: '50', reason: 'Owners fund the plan reserve for the e2e run' },
    }),
    'fund reserve',
  );
  await approvePending(request, funding, 'treasurer');
  return { ...session, userInfo: { ...session.userInfo, virtualStatus: '0' } };
}

async function signIn(page: Page, session: Session) {
  await page.addInitScript((s) => {
    if (window.localStorage.getItem('token')) return;
    window.localStorage.setItem('token', s.token);
    window.localStorage.setItem('userInfo', JSON.stringify(s.userInfo));
    window.localStorage.setItem('isLogin', 'true');
    window.localStorage.setItem('virtualStatus', '0');
  }, session);
}

test('a real customer buys a plan on a quote, receives a payout and exits early paying the damages', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  await useRealTradingModule(page);
  const session = await fundedRealCustomer(request, testInfo);
  await signIn(page, session);
  await page.goto('/trading?tab=plans');

  // The disclosure says what backs the rate; no "AI" or guaranteed-profit claims anywhere on the page.
  const disclosure = page.getByTestId('plan-disclosure').first();
  // The module loads after the shell on a busy machine: the first look waits longer.
  await expect(disclosure).toContainText('fixed and paid by SWX from its plan reserve', { timeout: 45_000 });
  await expect(disclosure).toContainText('not earned by trading');
  await expect(page.getByTestId('plan-reserve')).toContainText('Plan reserve');
  await expect(page.locator('#main-content')).not.toContainText(/\bAI\b|guaranteed/i);

  await page.getByRole('button', { name: /Gold quick plan/ }).click();
  await page.getByRole('textbox', { name: /Amount/ }).fill('100');
  await page.getByRole('button', { name: 'Review the terms' }).click();
  const quote = page.getByTestId('plan-quote');
  await expect(quote).toContainText('Daily income');
  await expect(quote).toContainText('1.00');
  await expect(quote).toContainText('Damages if you exit early');
  await expect(quote).toContainText('10.00');
  await page.getByRole('button', { name: 'Buy the plan' }).click();
  await expect(page.getByText('Plan bought')).toBeVisible();

  // The scheduler pays the first cycle a few seconds later; the card follows without a reload.
  const card = page.locator('[data-testid^="plan-"]').filter({ hasText: 'Gold quick plan' }).first();
  await expect(card).toContainText('Earning');
  await expect(card.getByTestId('plan-countdown')).toContainText(/Next income in \d+ s/);
  await expect(card).toContainText(/1 \/ 10/, { timeout: 30_000 });

  // Early exit: the damages are shown before confirming, then taken.
  await card.getByRole('button', { name: 'Exit early' }).click();
  const exit = page.getByTestId('plan-exit-quote');
  await expect(exit).toContainText('10.00');
  await expect(exit).toContainText('90.00');
  await page.getByRole('button', { name: 'Exit and pay the damages' }).click();
  await expect(page.getByText('Plan exited')).toBeVisible();
  await expect(card).toContainText('Exited early');
  await expect(card).toContainText('Damages taken');

  // The server agrees, and the ledger check is clean after the payout and the exit.
  const plans = (await (
    await request.get('/swx/customer/order/listSmartOrder', {
      headers: { Authorization: session.token, virtually: 'YES' },
    })
  ).json()) as { result: { status: string; damages: string; cyclesPaid: number }[] };
  expect(plans.result[0]).toMatchObject({ status: 'exited', damages: '10' });
  expect(plans.result[0]!.cyclesPaid).toBeGreaterThanOrEqual(1);
  const staffToken = await deskSession(request);
  const check = (await (
    await request.get('/swx/admin/ledger/check', { headers: { Authorization: staffToken } })
  ).json()) as { result: { ok: boolean } };
  expect(check.result.ok).toBe(true);
});
