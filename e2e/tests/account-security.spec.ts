import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { generateSync } from 'otplib';
import { receivedMails, verificationCodeIn, waitForMail } from '../support/smtp';
import { stepUpByEmail } from '../support/step-up';
import { closeContext, deployModules, expect, test } from './fixtures';

/**
 * Customer account security in the built site (docs/security.md, "Customer account security"): two-factor
 * sign-in with an authenticator app and recovery codes, a passkey registered and used with Chromium's
 * virtual authenticator (the real WebAuthn ceremony, over CDP), the address book with its cooling-off period
 * (about 20 s on this suite's server: PARAM_DEFAULTS in playwright.config.ts), the new-device e-mail and its
 * "this was not me" link, and the withdrawal lock after a password change. Each test has its own customers.
 */
test.beforeEach(async ({ page }) => {
  await deployModules(page, ['mf-account', 'mf-pass']);
});

interface Customer {
  username: string;
  email: string;
  password: string;
}

function newCustomer(testInfo: TestInfo, tag: string): Customer {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 3).toString(36)}`;
  const username = `sec${tag}${testInfo.project.name[0]}${suffix}`.slice(0, 20);
  return { username, email: `${username}@swx.test`, password: 'first-pass1' };
}

async function register(request: APIRequestContext, customer: Customer) {
  const since = Date.now();
  await request.post('/swx/customer/login/sendCode', { data: { email: customer.email, scene: 'register' } });
  const code = verificationCodeIn(await waitForMail(customer.email, { since }));
  const registered = await request.post('/swx/customer/login/register', {
    data: { ...customer, confirmPassword: customer.password, code },
  });
  const body = (await registered.json()) as { code: string; result: { token: string; userInfo: unknown } };
  expect(body).toMatchObject({ code: '200' });
  return body.result;
}

async function signIn(page: Page, session: { token: string; userInfo: unknown }, origin = '') {
  await page.goto(`${origin}/help`);
  await page.evaluate(({ token, userInfo }) => {
    localStorage.setItem('token', token);
    localStorage.setItem('userInfo', JSON.stringify(userInfo));
    localStorage.setItem('isLogin', 'true');
    localStorage.setItem('virtualStatus', (userInfo as { virtualStatus: string }).virtualStatus);
  }, session);
}

/** No element wider than the page: nothing on the Security page scrolls sideways. */
async function expectNoOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('two-factor: set up with the app, shown recovery codes, then sign-in asks for the second factor', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const customer = newCustomer(testInfo, 't');
  await signIn(page, await register(request, customer));
  await page.goto('/profile/settings');
  await page.getByRole('link', { name: 'Open the Security page' }).click();
  await expect(page).toHaveURL('/profile/security');
  await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
  await expect(page.getByTestId('two-factor-state')).toHaveText('Off');

  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByLabel(/Code from the app/).fill(generateSync({ secret }));
  await page.getByRole('button', { name: 'Turn on' }).click();
  const codes = page.getByTestId('recovery-codes').getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.first().textContent())!.trim();
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByTestId('two-factor-state')).toHaveText('On');
  await expect(page.getByText('Recovery codes left: 10')).toBeVisible();
  await expectNoOverflow(page);
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);

  // Signed out, the password alone no longer opens the account.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/pass/login?redirect=%2Fprofile%2Fsecurity');
  await page.getByLabel(/Username or e-mail/).fill(customer.username);
  await page.getByLabel(/^Password/).fill(customer.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL('/pass/2fa');
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  await page.getByLabel(/Code from your authenticator app/).fill('000000');
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Code incorrect or already used' })).toBeVisible();
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel(/Recovery code/).fill(recovery);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).toHaveURL('/profile/security');
  await expect(page.getByText('Recovery codes left: 9')).toBeVisible();
  // The history shows the refused code and the sign-in.
  const history = page.getByTestId('sign-in-event');
  await expect(history.first()).toContainText('Signed in');
  await expect(history.filter({ hasText: 'Second factor refused' })).toHaveCount(1);
});

test('a passkey registered with the virtual authenticator signs in alone', async ({
  browser,
  request,
}, testInfo) => {
  test.skip(
    testInfo.project.name === 'mobile',
    'one virtual authenticator run is enough; the page is the same',
  );
  test.setTimeout(120_000);
  // Browsers refuse an IP address as a passkey's site: this test opens the suite's server as localhost.
  const origin = new URL(testInfo.project.use.baseURL!).origin.replace('127.0.0.1', 'localhost');
  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  await page.addInitScript(() => window.sessionStorage.setItem('showBoard', 'false'));
  await deployModules(page, ['mf-account', 'mf-pass']);
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  try {
    const customer = newCustomer(testInfo, 'p');
    await signIn(page, await register(request, customer), origin);
    await page.goto(`${origin}/profile/security`);
    await page.getByLabel(/Name for a new passkey/).fill('Test laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    // Adding a passkey is sensitive: this customer has no second factor yet, so an e-mailed code.
    await stepUpByEmail(page, customer.email);
    await expect(page.getByTestId('passkey').filter({ hasText: 'Test laptop' })).toBeVisible();
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);

    await page.evaluate(() => localStorage.clear());
    await page.goto(`${origin}/pass/login`);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page).toHaveURL(`${origin}/`);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('isLogin'))).toBe('true');
    const userInfo = await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? '{}'));
    expect(userInfo.username).toBe(customer.username);
    const after = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(after.credentials[0]!.signCount).toBeGreaterThan(credentials[0]!.signCount);
  } finally {
    await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
    await closeContext(context);
  }
});

test('the address book: confirmed by e-mail, usable after the cooling-off period, offered on the withdraw page', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const customer = newCustomer(testInfo, 'a');
  const session = await register(request, customer);
  await request.post('/swx/customer/user/accountMode', {
    headers: { Authorization: session.token },
    data: { mode: 'real' },
  });
  await signIn(page, { ...session, userInfo: { ...(session.userInfo as object), virtualStatus: '0' } });
  await page.goto('/profile/security#security-addresses');
  await expect(page.getByTestId('whitelist-state')).toContainText('Whitelist mode on');
  const address = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
  await page.getByLabel('Name', { exact: true }).fill('My cold wallet');
  await page.getByLabel(/^Address/).fill(address);
  await page.getByRole('button', { name: 'Save and send the code' }).click();
  await stepUpByEmail(page, customer.email);
  // The confirmation mail names the address (the step-up's code mail came before it).
  const addressMail = () =>
    receivedMails().filter((m) => m.to.includes(customer.email) && m.text.includes(address));
  await expect.poll(() => addressMail().length, { timeout: 20_000 }).toBe(1);
  const mail = addressMail()[0]!;
  const entry = page.getByTestId('address-entry').filter({ hasText: 'My cold wallet' });
  await expect(entry).toContainText('Waiting for the e-mailed code');
  await entry.getByLabel(/Code from the e-mail/).fill(verificationCodeIn(mail));
  await entry.getByRole('button', { name: 'Confirm address' }).click();
  await expect(entry.getByTestId('usable-from')).toContainText('Usable from');
  await expectNoOverflow(page);

  // Before the period ends the withdraw page offers nothing to send to; after it, the address.
  await page.goto('/profile/withdraw');
  await expect(page.getByTestId('no-usable-address')).toBeVisible();
  await expect
    .poll(
      async () => {
        await page.reload();
        const picker = page.getByLabel('Address from your address book');
        await expect(page.getByTestId('no-usable-address').or(picker)).toBeVisible();
        return picker.count();
      },
      { timeout: 60_000, intervals: [5_000] },
    )
    .toBe(1);
  await expect(page.getByRole('option', { name: `My cold wallet · ${address}` })).toHaveCount(1);
});

test('a sign-in from a new device is e-mailed; its "this was not me" link signs out everywhere', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const customer = newCustomer(testInfo, 'n');
  const first = await register(request, customer);
  const since = Date.now();
  await page.goto('/pass/login');
  await page.getByLabel(/Username or e-mail/).fill(customer.username);
  await page.getByLabel(/^Password/).fill(customer.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL('/');
  const mail = await waitForMail(customer.email, { since });
  expect(mail.subject).toBe('New sign-in to your SWX account');
  const link = /http:\/\/127\.0\.0\.1:\d+\/pass\/not-me\?token=[A-Za-z0-9_-]{43}/.exec(mail.text)?.[0];
  expect(link).toBeTruthy();

  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(page.getByRole('heading', { name: 'Was this not you?' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out everywhere and lock withdrawals' }).click();
  await expect(page.getByRole('heading', { name: 'Your account is secured' })).toBeVisible();
  await expect(page.getByText(/Withdrawals are locked until/)).toBeVisible();
  // Every session ended, the one opened at sign-up too.
  const answer = await request.post('/swx/customer/user/getUserInfo', {
    headers: { Authorization: first.token },
  });
  expect(((await answer.json()) as { code: string }).code).toBe('401');
});

test('changing the password asks for a step-up, then the withdraw page says withdrawals are locked', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const customer = newCustomer(testInfo, 'l');
  const session = await register(request, customer);
  await request.post('/swx/customer/user/accountMode', {
    headers: { Authorization: session.token },
    data: { mode: 'real' },
  });
  await signIn(page, { ...session, userInfo: { ...(session.userInfo as object), virtualStatus: '0' } });
  await page.goto('/profile/settings');
  await page.getByLabel(/Current password/).fill(customer.password);
  await page.getByLabel(/^New password/).fill('Copper-finch-2077');
  await page.getByLabel(/Confirm new password/).fill('Copper-finch-2077');
  await page.getByRole('button', { name: 'Change password' }).click();
  await stepUpByEmail(page, customer.email);
  await expect(page.getByText('Modified successfully')).toBeVisible();

  await page.goto('/profile/withdraw');
  await expect(page.getByTestId('withdrawal-lock')).toContainText('Withdrawals are locked until');
  await expect(page.getByTestId('withdrawal-lock')).toContainText('your password was changed');
});

test('the Security page in English, Arabic and German fits desktop and phone', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const customer = newCustomer(testInfo, 's');
  await signIn(page, await register(request, customer));
  for (const language of ['en', 'ar', 'de']) {
    await page.evaluate((lang) => localStorage.setItem('language', lang), language);
    await page.goto('/profile/security');
    await expect(page.getByTestId('two-factor-state')).toBeVisible();
    await expectNoOverflow(page);
    if (process.env.SWX_SCREENSHOTS)
      await page.screenshot({ path: testInfo.outputPath(`security-${language}.png`), fullPage: true });
  }
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
});
