import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import { verificationCodeIn, waitForMail } from '../support/smtp';
import { deployModules, expect, test } from './fixtures';
import { deskSession, ensureLendingCapital } from '../support/staff';
import { photo } from '../support/back-office';

/**
 * The loan module as built (`mf-loan/dist`, served by the real server under /mf-loan/) against the real
 * server (issue 14): a new customer verifies their identity with photos and a drawn signature, staff approve
 * through the admin API, the customer reads the pre-contract summary, signs, downloads the contract PDF,
 * staff approve the loan, the balance rises, the customer repays and the loan shows repaid. The suite's
 * /remotes.json points mf_loan at a closed port (the shell's "module fails alone" test): this file points it
 * at the built module instead, leaving every other entry.
 */
test.beforeEach(async ({ page }) => {
  await deployModules(page, ['mf-loan']);
});

interface Session {
  token: string;
  userInfo: { id: string; virtualStatus: string };
}

async function registerRealCustomer(request: APIRequestContext, testInfo: TestInfo): Promise<Session> {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 3).toString(36)}`;
  const username = `e2eloan${testInfo.project.name[0]}${suffix}`.slice(0, 20);
  const customer = { username, email: `${username}@swx.test`, password: 'first-pass1' };
  const since = Date.now();
  await request.post('/swx/customer/login/sendCode', { data: { email: customer.email, scene: 'register' } });
  const code = verificationCodeIn(await waitForMail(customer.email, { since }));
  const registered = await request.post('/swx/customer/login/register', {
    data: { ...customer, confirmPassword: customer.password, code },
  });
  const { result } = (await registered.json()) as { result: Session };
  // Loans are for the real account: stored as the customer's mode, as the demo/real switch does.
  const switched = await request.post('/swx/customer/user/accountMode', {
    headers: { Authorization: result.token },
    data: { mode: 'real' },
  });
  const mode = (await switched.json()) as { code: string; result: Session['userInfo'] };
  expect(mode.code).toBe('200');
  return { token: result.token, userInfo: mode.result };
}

async function signIn(page: Page, session: Session) {
  await page.goto('/help');
  await page.evaluate(({ token, userInfo }) => {
    localStorage.setItem('token', token);
    localStorage.setItem('userInfo', JSON.stringify(userInfo));
    localStorage.setItem('isLogin', 'true');
    localStorage.setItem('virtualStatus', userInfo.virtualStatus);
  }, session);
}

/**
 * The review desk's staff session (reviewer, finance and content; two-factor on): `support/staff.ts`. The
 * start-up admin holds no review duty (nobody holds admin with finance).
 */
const staffToken = (request: APIRequestContext) => deskSession(request);

async function staffList<T>(request: APIRequestContext, token: string, kind: string): Promise<T[]> {
  const answer = await request.get(`/swx/admin/reviews?kind=${kind}&status=pending`, {
    headers: { Authorization: token },
  });
  return ((await answer.json()) as { result: T[] }).result;
}

async function approve(request: APIRequestContext, token: string, kind: string, id: string) {
  const answer = await request.post(`/swx/admin/reviews/${kind}/${id}/approve`, {
    headers: { Authorization: token },
    data: {},
  });
  const body = (await answer.json()) as { code: string; message: string };
  expect(body, `${kind} ${id}: ${body.message}`).toMatchObject({ code: '200' });
}

async function customerGet<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const answer = await request.get(`/swx/customer${path}`, {
    headers: { Authorization: token, virtually: 'YES' },
  });
  return ((await answer.json()) as { result: T }).result;
}

async function usdtAvailable(request: APIRequestContext, token: string): Promise<number> {
  const info = await customerGet<{ assets: { currency: string; available: string }[] }>(
    request,
    token,
    '/order/getAssestInfo/all',
  );
  return Number(info.assets.find((asset) => asset.currency === 'USDT')?.available ?? '0');
}

/** A deposit of `amount` USDT the desk approves at once. */
async function depositApproved(request: APIRequestContext, token: string, staff: string, amount: string) {
  const headers = { Authorization: token, virtually: 'YES' };
  const uploaded = await request.post('/swx/customer/upload/image', {
    headers,
    multipart: { file: { name: 'proof.png', mimeType: 'image/png', buffer: photo(7) } },
  });
  const proof = ((await uploaded.json()) as { result: { id: string } }).result.id;
  const made = await request.post('/swx/customer/user/recharge', {
    headers,
    data: {
      coin: 'USDT',
      network: 'TRC20',
      amount,
      txHash: crypto.randomBytes(32).toString('hex'),
      proofImage: proof,
    },
  });
  const deposit = ((await made.json()) as { result: { id: string } }).result;
  await approve(request, staff, 'deposit', deposit.id);
}

/** Draws a signature-like stroke across the pad, as a finger or a mouse would. */
async function sign(page: Page, pad: Locator) {
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('signature pad not visible');
  const at = (fx: number, fy: number) => [box.x + box.width * fx, box.y + box.height * fy] as const;
  await page.mouse.move(...at(0.1, 0.6));
  await page.mouse.down();
  for (const [fx, fy] of [
    [0.2, 0.3],
    [0.3, 0.7],
    [0.45, 0.35],
    [0.6, 0.75],
    [0.8, 0.4],
  ] as const)
    await page.mouse.move(...at(fx, fy), { steps: 6 });
  await page.mouse.up();
}

function field(page: Page, label: string) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.getByLabel(new RegExp(`^${escaped}\\*?$`));
}

async function verifyIdentity(page: Page) {
  await page.goto('/loan');
  await expect(page.getByText('Not verified')).toBeVisible();
  await page.getByRole('radio', { name: 'ID card' }).check();
  await field(page, 'Document number').fill(`T${Date.now().toString().slice(-7)}A`);
  await page.getByRole('button', { name: 'Continue' }).click();

  await field(page, 'First name').fill('Ana');
  await field(page, 'Last name').fill('Silva');
  await field(page, 'Date of birth').fill('1990-05-17');
  await page.getByRole('radio', { name: 'Female' }).check();
  await page.getByLabel('Country of residence').selectOption('DE');
  await field(page, 'Address').fill('Hauptstraße 1, 10115 Berlin');
  await page.getByLabel('Area code').selectOption('DE');
  await field(page, 'Phone number').fill('030 1234567');
  await page.getByRole('button', { name: 'Continue' }).click();

  const photos = ['Front of the document', 'Back of the document', 'You holding the document'];
  for (const [index, label] of photos.entries())
    await page
      .getByLabel(label)
      .setInputFiles({ name: `${index}.png`, mimeType: 'image/png', buffer: photo(index) });
  await expect(page.getByText('Change image')).toHaveCount(3);
  // Previews of what was picked, before anything is submitted.
  await expect(page.getByRole('img', { name: /^Preview:/ })).toHaveCount(3);
  await page.getByRole('button', { name: 'Continue' }).click();

  // An empty pad is no signature.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Signature required: please sign in the box')).toBeVisible();
  await sign(page, page.getByTestId('signature-canvas'));
  await expect(page.getByText('Signed', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByText('+49 030 1234567')).toBeVisible();
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.getByText('Under review')).toBeVisible();
  await expect(page.getByText(/within 48 hours/)).toBeVisible();
}

test('a new customer verifies, borrows on a signed agreement, downloads the contract and repays', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const session = await registerRealCustomer(request, testInfo);
  await signIn(page, session);
  await verifyIdentity(page);

  const staff = await staffToken(request);
  const identities = await staffList<{ id: string; userId: string }>(request, staff, 'kyc');
  const identity = identities.find((entry) => entry.userId === session.userInfo.id);
  expect(identity, 'the submitted verification is in the staff queue').toBeTruthy();
  await approve(request, staff, 'kyc', identity!.id);

  // Loans draw on the lending book staff fund; the first day's interest is paid from a deposit (120 USDT,
  // the smallest the cashier takes).
  await ensureLendingCapital(request);
  await depositApproved(request, session.token, staff, '120');

  await page.goto('/loan?tab=verify');
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Apply' }).click();
  await page.getByLabel(/^Amount/).fill('500');
  await page.getByRole('group', { name: 'Term' }).getByRole('radio').first().check();
  await page.getByRole('button', { name: 'See the full terms' }).click();

  const summary = page.getByRole('group', { name: 'Pre-contract credit summary' });
  await expect(summary.getByRole('row', { name: /^Lender/ })).toBeVisible();
  await expect(summary.getByTestId('summary-amount')).toHaveText('500.00 USDT');
  for (const row of [
    'Annual percentage rate',
    'Costs of late payment',
    'Right of withdrawal',
    'Early repayment',
  ])
    await expect(summary.getByRole('row', { name: new RegExp(`^${row}`) })).toBeVisible();
  const total = (await summary.getByTestId('summary-total').textContent())!.replace(/\s/g, ' ');

  await sign(page, page.getByTestId('signature-canvas'));
  await page.getByRole('checkbox', { name: /I have read the summary/ }).check();
  await page.getByRole('button', { name: 'Sign and apply' }).click();

  const detail = page.getByTestId('loan-detail');
  await expect(detail).toContainText('Under review');
  const downloading = page.waitForEvent('download');
  await detail.getByRole('button', { name: 'Download the contract (PDF)' }).click();
  const pdfPath = testInfo.outputPath('contract.pdf');
  await (await downloading).saveAs(pdfPath);
  await expect(detail.getByText(/matches the fingerprint/)).toBeVisible();
  const text = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' });
  expect(text).toMatch(/Total amount of credit\s+500(\.00)? USDT/);
  expect(text).toContain(total.replace(' USDT', ''));

  const loans = await customerGet<{ id: string }[]>(request, session.token, '/user/listLoanRecord');
  const before = await usdtAvailable(request, session.token);
  await approve(request, staff, 'loan', loans[0]!.id);
  expect(await usdtAvailable(request, session.token)).toBeCloseTo(before + 500, 2);

  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(detail).toContainText('Running');
  // This server lends with no interest-free days: repaid on the first day, the principal and a day's interest
  // (500 × 0.001).
  await expect(detail.getByTestId('amount-due-today')).toHaveText('500.50 USDT');
  await detail.getByRole('button', { name: 'Repay now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Repay the loan' });
  await dialog.getByRole('button', { name: 'Repay', exact: true }).click();
  await expect(detail).toContainText('Repaid');
  expect(await usdtAvailable(request, session.token)).toBeCloseTo(before - 0.5, 2);
});
