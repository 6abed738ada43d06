import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { verificationCodeIn, waitForMail } from '../support/smtp';
import { deployModules, expect, test } from './fixtures';
import { socialProviders } from '../support/oidc-providers';

/**
 * Social sign-in end to end against two real OpenID Providers (oidc-provider 8.8, started by the
 * configuration as `google` and `apple`, each its own issuer): our button → the provider's own login and
 * consent pages → back to `/api/loginCallback/{provider}` → signed in. The provider accepts any password;
 * the login typed decides the account (`server/src/test/oidc-provider/provider.mjs`).
 */
async function usePassModule(page: Page) {
  await deployModules(page, ['mf-pass']);
}

test.beforeEach(async ({ page }) => {
  await usePassModule(page);
});

const unique = (testInfo: TestInfo) =>
  `${testInfo.project.name[0]}${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 3).toString(36)}`;

/** The provider's own pages: its login form (any password), then its consent form. */
async function signInAtProvider(page: Page, issuer: string, login: string) {
  await expect(page).toHaveURL(new RegExp(`^${issuer.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/interaction/`));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

async function expectSignedIn(page: Page, path: string) {
  await expect(page).toHaveURL(path);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('isLogin'))).toBe('true');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
}

async function registerThroughApi(
  request: APIRequestContext,
  customer: { username: string; email: string; password: string },
) {
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

test('both configured providers are offered on the login and register pages', async ({ page }) => {
  for (const path of ['/pass/login', '/pass/register']) {
    await page.goto(path);
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue with Apple' })).toBeVisible();
  }
});

test('a new customer signs in with a provider, chooses a username and lands where they started', async ({
  page,
}, testInfo) => {
  const id = unique(testInfo);
  await page.goto('/pass/login?redirect=%2Fmarket');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await signInAtProvider(page, socialProviders.google.issuer, `carol${id}`);

  await expect(page.getByRole('heading', { name: 'Choose your username' })).toBeVisible();
  await page.getByLabel(/^Username/).fill(`soc${id}`.slice(0, 20));
  await page.getByRole('button', { name: 'Open account' }).click();
  await expectSignedIn(page, '/market');

  // Next time the same provider account signs straight in: the provider remembers its session and the
  // consent, so its pages are skipped, and ours go straight back to signed in.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/pass/login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expectSignedIn(page, '/');
});

test('a verified e-mail of an existing account links only after that account password', async ({
  page,
  request,
}, testInfo) => {
  const id = unique(testInfo);
  const customer = { username: `own${id}`.slice(0, 20), email: `own${id}@swx.test`, password: 'first-pass1' };
  await registerThroughApi(request, customer);

  await page.goto('/pass/register');
  await page.getByRole('button', { name: 'Continue with Apple' }).click();
  await signInAtProvider(page, socialProviders.apple.issuer, customer.email);

  await expect(page.getByRole('heading', { name: 'Link your existing account' })).toBeVisible();
  await expect(page.getByText(`already uses ${customer.email}`)).toBeVisible();
  await page.getByLabel(/^Password/).fill('not-the-password1');
  await page.getByRole('button', { name: 'Link and log in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Password incorrect' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeFalsy();

  await page.getByLabel(/^Password/).fill(customer.password);
  await page.getByRole('button', { name: 'Link and log in' }).click();
  await expectSignedIn(page, '/');
  const userInfo = await page.evaluate(
    () => JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { username?: string },
  );
  expect(userInfo.username).toBe(customer.username);
});

test('cancelling at the provider and a tampered answer show a translated message, nothing from the URL', async ({
  page,
}) => {
  await page.goto(
    '/api/loginCallback/google?state=forged&code=%3Cscript%3Ex%3C%2Fscript%3E&error_description=Call%20555',
  );
  await expect(page.getByRole('heading', { name: 'Sign-in did not complete' })).toBeVisible();
  await expect(
    page.getByRole('alert').filter({
      hasText: 'This sign-in was started in another browser or has expired: please start it again here',
    }),
  ).toBeVisible();
  await expect(page.getByText('555')).toHaveCount(0);
  await expect(page.getByRole('banner')).toHaveCount(0);

  await page.goto('/pass/login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await page.locator('input[name="login"]').fill('dora');
  await page.locator('input[name="password"]').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('link', { name: '[ Cancel ]' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Sign-in was cancelled at the provider' }),
  ).toBeVisible();
});

test('a callback opened in another browser is refused: the state is bound to the browser that started it', async ({
  page,
  browser,
}, testInfo) => {
  const id = unique(testInfo);
  // The callback page hands the provider's answer to our server; that request is held back here, so the
  // answer is still unused when another browser tries it.
  let callback = '';
  await page.route('**/swx/customer/login/socialCallback/google', async (route) => {
    callback = `/api/loginCallback/google${(route.request().postDataJSON() as { callback: string }).callback}`;
    await route.abort();
  });
  await page.goto('/pass/login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await signInAtProvider(page, socialProviders.google.issuer, `vic${id}`);
  await expect.poll(() => callback).toContain('state=');

  // The same link in a victim's browser (no state cookie there) signs nobody in.
  const victim = await browser.newContext();
  const victimPage = await victim.newPage();
  await victimPage.addInitScript(() => window.sessionStorage.setItem('showBoard', 'false'));
  await usePassModule(victimPage);
  await victimPage.goto(callback);
  await expect(
    victimPage.getByRole('alert').filter({ hasText: 'This sign-in was started in another browser' }),
  ).toBeVisible();
  expect(await victimPage.evaluate(() => localStorage.getItem('token'))).toBeFalsy();
  await victimPage.unrouteAll({ behavior: 'ignoreErrors' });
  await victim.close();

  // The browser that started it still finishes it.
  await page.unroute('**/swx/customer/login/socialCallback/google');
  await page.goto(callback);
  await expect(page.getByRole('heading', { name: 'Choose your username' })).toBeVisible();
});
