import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { verificationCodeIn, waitForMail } from '../support/smtp';
import { deployModules, expect, test } from './fixtures';

/**
 * The sign-in module as built (`mf-pass/dist`, served by the real server under /mf-pass/) against the real
 * server's auth endpoints, with the verification codes read from the mails the server sent to the suite's
 * SMTP server. The suite's /remotes.json does not list mf_pass (the shell's tests check the "module
 * unavailable" panel); these tests list it, leaving every other entry as the server answers it.
 */
async function usePassModule(page: Page) {
  await deployModules(page, ['mf-pass']);
}

test.beforeEach(async ({ page }) => {
  await usePassModule(page);
});

interface Customer {
  username: string;
  email: string;
  password: string;
}

/** A customer nobody has registered yet (tests of both projects run in parallel on one server). */
function newCustomer(testInfo: TestInfo): Customer {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 3).toString(36)}`;
  const username = `e2e${testInfo.project.name[0]}${suffix}`.slice(0, 20);
  return { username, email: `${username}@swx.test`, password: 'first-pass1' };
}

/** Signing up through the API, for tests about something else (the form itself is tested below). */
async function registerThroughApi(request: APIRequestContext, customer: Customer) {
  const since = Date.now();
  const sent = await request.post('/swx/customer/login/sendCode', {
    data: { email: customer.email, scene: 'register' },
  });
  expect(await sent.json()).toMatchObject({ code: '200' });
  const code = verificationCodeIn(await waitForMail(customer.email, { since }));
  const registered = await request.post('/swx/customer/login/register', {
    data: { ...customer, confirmPassword: customer.password, code },
  });
  expect(await registered.json()).toMatchObject({ code: '200' });
}

/**
 * The input labelled exactly `label`. A required field's label ends in an asterisk hidden from screen
 * readers, which Playwright's label matching still sees; password inputs have no role to find them by.
 */
function field(page: Page, label: string) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.getByLabel(new RegExp(`^${escaped}\\*?$`));
}

async function logIn(page: Page, account: string, password: string) {
  await field(page, 'Username or e-mail').fill(account);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

async function expectSignedIn(page: Page, path: string) {
  await expect(page).toHaveURL(path);
  await expect(page.getByTestId('fixture-session')).toHaveText('signed-in');
  expect(await page.evaluate(() => localStorage.getItem('isLogin'))).toBe('true');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
}

/**
 * Ends the session on the server, as signing out on another device or an expired session would, then
 * makes a signed-in call from the page (the demo/real switch stores the choice on the server): the 401
 * must clear the session and bring the customer to the login page, with the way back.
 */
async function endSessionOnServer(page: Page, request: APIRequestContext, backTo: string) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const loggedOut = await request.post('/swx/customer/login/logout', {
    headers: { Authorization: token ?? '' },
  });
  expect(await loggedOut.json()).toMatchObject({ code: '200' });
  await page.getByRole('button', { name: /^Switch to (real|demo) account$/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Switch', exact: true }).click();
  await expect(page).toHaveURL(`/pass/login?redirect=${encodeURIComponent(backTo)}`);
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('isLogin'))).toBe('false');
}

test('signs up with the e-mailed code, then signs in by e-mail and by username', async ({
  page,
  request,
}, testInfo) => {
  const customer = newCustomer(testInfo);
  await page.goto('/pass/register');
  await expect(page.getByRole('heading', { name: 'Sign up' })).toBeVisible();
  // The shell hides the footer and the tab bar on the form pages.
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.getByTestId('tab-bar')).toHaveCount(0);

  await field(page, 'Username').fill(customer.username);
  await expect(page.getByText('This username is available')).toBeVisible();
  await field(page, 'E-mail').fill(customer.email);
  await expect(page.getByText('This e-mail is available')).toBeVisible();
  await field(page, 'Password').fill(customer.password);
  await field(page, 'Confirm password').fill(customer.password);

  const since = Date.now();
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('button', { name: /^Send again in \d+ s$/ })).toBeDisabled();
  await expect(page.getByText(`We sent a 6-digit code to ${customer.email}`)).toBeVisible();
  const mail = await waitForMail(customer.email, { since });
  await field(page, 'E-mail verification code').fill(verificationCodeIn(mail));
  await page.getByRole('button', { name: 'Create account' }).click();

  await expectSignedIn(page, '/');
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('userInfo'))) ?? '{}')).toMatchObject({
    username: customer.username,
    email: customer.email,
  });
  // A new customer starts on the demo account, and the top bar says so.
  await expect(page.getByText('DEMO', { exact: true }).filter({ visible: true })).toHaveCount(1);

  await endSessionOnServer(page, request, '/');
  await logIn(page, customer.email, customer.password);
  await expectSignedIn(page, '/');

  await endSessionOnServer(page, request, '/');
  await logIn(page, customer.username, customer.password);
  await expectSignedIn(page, '/');
});

test('a 401 on another page brings the customer to login and back there afterwards', async ({
  page,
  request,
}, testInfo) => {
  const customer = newCustomer(testInfo);
  await registerThroughApi(request, customer);
  await page.goto('/pass/login?redirect=%2Fmarket');
  await logIn(page, customer.username, customer.password);
  await expectSignedIn(page, '/market');

  await endSessionOnServer(page, request, '/market');
  await logIn(page, customer.email, customer.password);
  await expectSignedIn(page, '/market');
});

test('never redirects off the site after signing in', async ({ page, request }, testInfo) => {
  const customer = newCustomer(testInfo);
  await registerThroughApi(request, customer);
  await page.goto('/pass/login?redirect=%2F%2Fevil.example%2Fsteal');
  await logIn(page, customer.username, customer.password);
  await expectSignedIn(page, '/');
});

test('resets a forgotten password with the e-mailed code, then signs in with the new one', async ({
  page,
  request,
}, testInfo) => {
  const customer = newCustomer(testInfo);
  await registerThroughApi(request, customer);
  const newPassword = 'second-pass2';

  await page.goto('/pass/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL('/pass/reset');
  await field(page, 'E-mail').fill(customer.email);
  const since = Date.now();
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('button', { name: /^Send again in \d+ s$/ })).toBeDisabled();
  const code = verificationCodeIn(await waitForMail(customer.email, { since }));
  await field(page, 'E-mail verification code').fill(code);
  await field(page, 'New password').fill(newPassword);
  await field(page, 'Confirm password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset password' }).click();

  await expect(page).toHaveURL('/pass/login');
  await expect(page.getByText('Modified successfully')).toBeVisible();
  await expect(field(page, 'Username or e-mail')).toHaveValue(customer.email);

  // The old password no longer works; the new one does.
  await field(page, 'Password').fill(customer.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(field(page, 'Password')).toHaveAccessibleDescription('Password incorrect');
  await field(page, 'Password').fill(newPassword);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expectSignedIn(page, '/');
});

test.describe('refusals in the customer language', () => {
  test('a wrong password and a taken username show the catalogue messages', async ({
    page,
    request,
  }, testInfo) => {
    const customer = newCustomer(testInfo);
    await registerThroughApi(request, customer);

    await page.goto('/pass/login');
    await logIn(page, customer.username, 'not-the-password9');
    const password = field(page, 'Password');
    await expect(password).toHaveAccessibleDescription('Password incorrect');
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toBeFocused();

    await page.getByRole('main').getByRole('link', { name: 'Sign up' }).click();
    await field(page, 'Username').fill(customer.username);
    await expect(field(page, 'Username')).toHaveAccessibleDescription(/Username already exists/);
    await field(page, 'E-mail').fill(customer.email);
    await expect(field(page, 'E-mail')).toHaveAccessibleDescription(/E-mail already exists/);
    // Submitting anyway keeps the customer on the form, at the first field to fix.
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(field(page, 'Username')).toBeFocused();
    await expect(page).toHaveURL('/pass/register');
  });

  test('the same refusals in German', async ({ page, request }, testInfo) => {
    const customer = newCustomer(testInfo);
    await registerThroughApi(request, customer);
    await page.addInitScript(() => window.localStorage.setItem('language', 'de'));

    await page.goto('/pass/login');
    await field(page, 'Benutzername oder E-Mail').fill(customer.email);
    await field(page, 'Passwort').fill('not-the-password9');
    await field(page, 'Passwort').press('Enter');
    await expect(field(page, 'Passwort')).toHaveAccessibleDescription('Passwort falsch');

    await page.goto('/pass/register');
    await field(page, 'Benutzername').fill(customer.username);
    await expect(field(page, 'Benutzername')).toHaveAccessibleDescription(/Benutzername existiert bereits/);
  });
});

test('the social sign-in return page refuses an answer it did not ask for, without chrome', async ({
  page,
}) => {
  // The whole social flow is in social-login.spec.ts; here only a forged answer, shown without its URL text.
  await page.goto('/api/loginCallback/google?code=abc&state=xyz');
  await expect(page.getByRole('heading', { name: 'Sign-in did not complete' })).toBeVisible();
  await expect(
    page.getByText('This sign-in was started in another browser or has expired: please start it again here'),
  ).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to log in' }).click();
  await expect(page).toHaveURL('/pass/login');
});
