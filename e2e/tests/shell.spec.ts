import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { verificationCodeIn, waitForMail } from '../support/smtp';
import { expect, expectFixtureAt, isMobileProject, test } from './fixtures';

/**
 * A fresh customer, registered and signed in through the real API (the code read from the mail the server
 * sent), whose session is put where the site keeps it before the page loads.
 */
async function signInNewCustomer(page: Page, request: APIRequestContext, testInfo: TestInfo) {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 3).toString(36)}`;
  const username = `sh${testInfo.project.name[0]}${suffix}`.slice(0, 20);
  const customer = { username, email: `${username}@swx.test`, password: 'shell-pass1' };
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
  const login = await request.post('/swx/customer/login/login', {
    data: { account: customer.username, password: customer.password },
  });
  const { result } = (await login.json()) as {
    result: { token: string; userInfo: { virtualStatus: string } };
  };
  await page.addInitScript((session) => {
    if (window.localStorage.getItem('token') !== null) return;
    window.localStorage.setItem('token', session.token);
    window.localStorage.setItem('userInfo', JSON.stringify(session.userInfo));
    window.localStorage.setItem('isLogin', 'true');
    window.localStorage.setItem('virtualStatus', session.userInfo.virtualStatus);
  }, result);
  return { ...customer, token: result.token };
}

test.describe('navigation chrome', () => {
  test('shows the bars of its layout', async ({ page }, testInfo) => {
    await page.goto('/');
    await expectFixtureAt(page, '/');
    const mobile = isMobileProject(testInfo.project.name);
    await expect(page.getByTestId('desktop-top-bar')).toBeVisible({ visible: !mobile });
    await expect(page.getByTestId('mobile-top-bar')).toBeVisible({ visible: mobile });
    await expect(page.getByTestId('tab-bar')).toBeVisible({ visible: mobile });
    await expect(page.getByRole('contentinfo')).toBeVisible();
    if (mobile) {
      for (const name of ['Home', 'Market', 'Trading', 'Profile']) {
        await expect(
          page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name }),
        ).toBeVisible();
      }
      await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
    } else {
      const bar = page.getByTestId('desktop-top-bar');
      for (const name of ['Download app', 'Lecturer hall', 'Language', 'Online support']) {
        await expect(bar.getByRole('button', { name })).toBeVisible();
      }
      await expect(bar.getByRole('link', { name: 'Log in' })).toBeVisible();
      await expect(bar.getByRole('link', { name: 'Sign up' })).toBeVisible();
    }
  });

  test('hides the footer and the tab bar on the login page', async ({ page }) => {
    await page.goto('/pass/login');
    // mf_pass is not deployed in this setup: an honest "module unavailable" panel, chrome intact.
    await expect(page.getByRole('heading', { name: 'Module unavailable' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await expect(page.getByTestId('tab-bar')).toHaveCount(0);
    await expect(page.getByRole('banner')).toBeVisible();
  });

  test('the social sign-in return page has no chrome', async ({ page }) => {
    await page.goto('/api/loginCallback/google');
    await expect(page.getByRole('heading', { name: 'Module unavailable' })).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
  });

  test('an unknown path shows the not-found page, titled so, with a way home', async ({ page }) => {
    await page.goto('/no/such/page?x=1');
    const notFound = page.getByTestId('not-found');
    await expect(notFound.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveURL('/no/such/page?x=1');
    await expect(page).toHaveTitle('Page not found · SWX');
    await notFound.getByRole('link', { name: 'Go to the home page' }).click();
    await expectFixtureAt(page, '/');
  });

  test('moves between sections without reloading the page', async ({ page }) => {
    await page.goto('/');
    await expectFixtureAt(page, '/');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    await page.getByRole('link', { name: 'Market', exact: true }).click();
    await expectFixtureAt(page, '/market');
    await page.getByRole('link', { name: 'Trading', exact: true }).click();
    await expect(page.getByTestId('fixture-path')).toHaveText('/trading');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
  });
});

test.describe('signed in', () => {
  test('the top bar shows the DEMO marker and the bell; the switch asks, then moves to the real account', async ({
    page,
    request,
  }, testInfo) => {
    const customer = await signInNewCustomer(page, request, testInfo);
    await page.goto('/');
    await expect(page.getByTestId('fixture-session')).toHaveText('signed-in');
    const bar = page.getByTestId(
      isMobileProject(testInfo.project.name) ? 'mobile-top-bar' : 'desktop-top-bar',
    );
    await expect(bar.getByText('DEMO', { exact: true })).toBeVisible();
    await expect(bar.getByRole('link', { name: 'Notifications' })).toHaveAttribute(
      'href',
      '/profile/notification',
    );
    await expect(bar.getByRole('link', { name: 'Log in' })).toHaveCount(0);

    await bar.getByRole('button', { name: 'Switch to real account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Switch to your real account?' });
    await dialog.getByRole('button', { name: 'Switch', exact: true }).click();
    await expect(page.getByText('Switched to the real account')).toBeVisible();
    await expect(bar.getByText('DEMO', { exact: true })).toHaveCount(0);
    expect(await page.evaluate(() => window.localStorage.getItem('virtualStatus'))).toBe('0');
    // The server now takes the real account as this customer's default.
    const info = await request.post('/swx/customer/user/getUserInfo', {
      headers: { Authorization: customer.token },
    });
    expect(await info.json()).toMatchObject({ result: { accountMode: 'real' } });
  });
});

test.describe('parameter links', () => {
  test('download app follows down_url; lecturer hall and support open live_room_url and service_url', async ({
    page,
  }, testInfo) => {
    await page.goto('/');
    await expectFixtureAt(page, '/');
    if (isMobileProject(testInfo.project.name)) {
      const popup = page.waitForEvent('popup');
      await page.getByTestId('mobile-top-bar').getByRole('button', { name: 'Online support' }).click();
      await expect(await popup).toHaveURL(/\/help$/);
      return;
    }
    const bar = page.getByTestId('desktop-top-bar');
    const lecturer = page.waitForEvent('popup');
    await bar.getByRole('button', { name: 'Lecturer hall' }).click();
    await expect(await lecturer).toHaveURL(/\/help\/notice$/);
    const support = page.waitForEvent('popup');
    await bar.getByRole('button', { name: 'Online support' }).click();
    await expect(await support).toHaveURL(/\/help$/);
    await bar.getByRole('button', { name: 'Download app' }).click();
    await expect(page).toHaveURL('/introduction');
  });
});

test.describe('language', () => {
  test('Arabic turns the page right-to-left and back', async ({ page }) => {
    await page.goto('/');
    await expectFixtureAt(page, '/');
    await page.getByRole('button', { name: 'Language' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose a language' });
    for (const name of [
      '简体中文',
      'English',
      '日本語',
      '한국어',
      'Deutsch',
      'Français',
      'Italiano',
      'Español',
      'العربية',
      '繁體中文',
    ]) {
      await expect(picker.getByRole('button', { name })).toBeVisible();
    }
    await picker.getByRole('button', { name: 'العربية' }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    // The module follows: same i18next instance and the same settings store.
    await expect(page.getByTestId('fixture-language')).toHaveText('ar/ar');
    expect(await page.evaluate(() => window.localStorage.getItem('language'))).toBe('ar');

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.getByRole('button', { name: 'اللغة' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByTestId('fixture-language')).toHaveText('en/en');
  });

  test('the footer content list is asked for in the language shown (language-tag selector)', async ({
    page,
  }) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      const match = /\/swx\/customer\/index\/listContents\/([^?]+)/.exec(request.url());
      if (match?.[1]) asked.push(match[1]);
    });
    await page.goto('/');
    await expect.poll(() => asked).toContain('3-en');
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '繁體中文' }).click();
    await expect.poll(() => asked).toContain('3-zh-TW');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
  });
});

test.describe('onboarding board', () => {
  test.use({ boardSeen: false });

  test('shows once per session on mobile, never on desktop; Skip keeps the opened page', async ({
    page,
  }, testInfo) => {
    await page.goto('/cruuency?code=ETHUSDT');
    await expectFixtureAt(page, '/cruuency');
    const board = page.getByRole('dialog', { name: 'Welcome to SWX' });
    if (!isMobileProject(testInfo.project.name)) {
      await expect(board).toHaveCount(0);
      return;
    }
    await expect(board).toBeVisible();
    await board.getByRole('button', { name: 'Skip' }).click();
    await expect(board).toHaveCount(0);
    await expect(page).toHaveURL('/cruuency?code=ETHUSDT');
    await page.reload();
    await expectFixtureAt(page, '/cruuency');
    await expect(board).toHaveCount(0);
  });

  test('Continue takes a visitor to registration', async ({ page }, testInfo) => {
    test.skip(!isMobileProject(testInfo.project.name), 'the board is a mobile feature');
    await page.goto('/market');
    await page
      .getByRole('dialog', { name: 'Welcome to SWX' })
      .getByRole('button', { name: 'Continue' })
      .click();
    await expect(page).toHaveURL('/pass/register');
  });
});

test.describe('module isolation', () => {
  test('an unreachable module shows the error panel, Retry loads it once reachable, other routes keep working', async ({
    page,
  }) => {
    const tradingFiles = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4173) + 2}/mf_trading/**`;
    await page.route(tradingFiles, (route) => route.abort('connectionrefused'));
    await page.goto('/trading');
    const panel = page.getByRole('alert').filter({ hasText: 'Chunk-load error' });
    await expect(panel).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();

    // The rest of the site is unaffected.
    await page.getByRole('link', { name: 'Market', exact: true }).click();
    await expectFixtureAt(page, '/market');

    await page.getByRole('link', { name: 'Trading', exact: true }).click();
    await expect(panel).toBeVisible();
    await page.unroute(tradingFiles);
    await panel.getByRole('button', { name: 'Retry' }).click();
    await expectFixtureAt(page, '/trading');
  });

  test('a module on a closed port fails alone', async ({ page }) => {
    await page.goto('/loan');
    await expect(page.getByRole('alert').filter({ hasText: 'Chunk-load error' })).toBeVisible();
    await page.getByRole('link', { name: 'Home', exact: true }).click();
    await expectFixtureAt(page, '/');
  });

  test('a module that is not deployed says so', async ({ page }) => {
    await page.goto('/nfts');
    await expect(page.getByRole('heading', { name: 'Module unavailable' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  });
});

test.describe('one SDK instance', () => {
  test('host and module see the same root store', async ({ page }) => {
    await page.goto('/?debugRootStore');
    await expect(page.getByTestId('root-store-identity')).toHaveText('same-root-store');
  });

  test('the host does not expose its store without the flag', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('root-store-identity')).toHaveText('host-store-not-exposed');
  });
});
