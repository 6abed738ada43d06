import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { verificationCodeIn, waitForMail } from '../support/smtp';
import { deployModules, expect, isMobileProject, test } from './fixtures';

/**
 * The markets module as built (`mf-markets/dist`, served by the real server under /mf-markets/) against the
 * real server and its live simulated feed. The suite's /remotes.json points mf_markets at the e2e fixture
 * module; these tests point it at the real module instead, leaving every other entry as the server lists it.
 */
async function useRealMarketsModule(page: Page) {
  await deployModules(page, ['mf-markets']);
}

test.beforeEach(async ({ page }) => {
  await useRealMarketsModule(page);
});

/** A crypto market trades around the clock, so its price moves whatever day the suite runs. */
const liveCode = 'BTCUSDT';

test('the home list shows feed prices that change over time', async ({ page }) => {
  await page.goto('/');
  const list = page.getByTestId('home-market-list');
  await expect(list).toBeVisible();
  const row = list.locator(`[data-code="${liveCode}"]`);
  const price = row.getByTestId('market-price');
  await expect(price).not.toHaveText('—');
  const first = await price.textContent();
  // The simulator ticks an open market about every two seconds.
  await expect.poll(async () => price.textContent(), { timeout: 30_000 }).not.toBe(first);
  // The mini chart is drawn from feed prices.
  await expect(row.locator('svg polyline')).toHaveCount(1);
  // Headline figures come from the listing, and the feed is labelled.
  await expect(page.getByTestId('headline-stats')).not.toContainText('—');
  await expect(page.getByText('Simulated market data', { exact: false }).first()).toBeVisible();
});

test('a price the feed moves flashes, and shows a steady colour instead when less motion is asked for', async ({
  page,
}) => {
  // The suite runs with reduced motion (playwright.config.ts); this test asks for the default first.
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.goto('/');
  const price = page
    .getByTestId('home-market-list')
    .locator(`[data-code="${liveCode}"]`)
    .getByTestId('market-price');
  await expect(price).not.toHaveText('—');
  const flashes = () =>
    price.evaluate(
      (element) => element.getAnimations({ subtree: true }).filter((a) => a.playState === 'running').length,
    );
  await expect.poll(flashes, { timeout: 30_000 }).toBeGreaterThan(0);

  await page.emulateMedia({ reducedMotion: 'reduce' });
  const before = await price.textContent();
  await expect.poll(async () => price.textContent(), { timeout: 30_000 }).not.toBe(before);
  // The last move's direction as the price's own colour (the theme's colour for up or for down), no flash.
  const steadyColour = () =>
    price.evaluate((element) => {
      const probe = document.createElement('span');
      document.body.append(probe);
      const resolve = (name: string) => {
        probe.style.color = `var(${name})`;
        return getComputedStyle(probe).color;
      };
      const colours = [resolve('--swx-color-up'), resolve('--swx-color-down')];
      probe.remove();
      return colours.includes(getComputedStyle(element).color);
    });
  await expect.poll(steadyColour).toBe(true);
  expect(await flashes()).toBe(0);
});

test('the home page does not download the chart library', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.url());
  });
  await page.goto('/');
  await expect(page.getByTestId('home-market-list')).toBeVisible();
  const bodies = await Promise.all(
    scripts
      .filter((url) => url.includes('/mf-markets/'))
      .map((url) => page.request.get(url).then((r) => r.text())),
  );
  expect(bodies.some((body) => body.includes('Highcharts'))).toBe(false);
});

test('the market list filters to crypto', async ({ page }) => {
  await page.goto('/market');
  const list = page.getByTestId('market-list');
  await expect(list.getByTestId('market-row').first()).toBeVisible();
  await page.getByRole('button', { name: 'Crypto', exact: true }).click();
  await expect(list.locator('[data-code="AAPL"]')).toHaveCount(0);
  await expect(list.locator(`[data-code="${liveCode}"]`)).toBeVisible();
  const codes = await list
    .getByTestId('market-row')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-code')));
  expect(codes.every((code) => code?.endsWith('USDT'))).toBe(true);
});

test('a currency opens from the home list and shows candles from the feed', async ({ page }) => {
  // One-minute candles: the current minute's candle is stored within a second of the feed's first tick.
  await page.addInitScript(() => {
    // Only on the first page of the test: the reload below must find what the screen remembered.
    if (window.sessionStorage.getItem('klineSet')) return;
    window.localStorage.setItem('klinedatamark', '1m');
    window.sessionStorage.setItem('klineSet', '1');
  });
  await page.goto('/');
  await page.getByTestId('home-market-list').locator(`[data-code="${liveCode}"] a`).click();
  await expect(page).toHaveURL(/\/cruuency\?code=BTCUSDT&type=2&id=\d+&zdf=/);
  await expect(page.getByRole('heading', { name: 'Bitcoin' })).toBeVisible();
  await expect(page.getByRole('tab', { name: '1m', exact: true })).toHaveAttribute('aria-selected', 'true');
  const candles = page.locator('.highcharts-candlestick-series .highcharts-point');
  await expect.poll(async () => candles.count(), { timeout: 30_000 }).toBeGreaterThan(0);
  await expect(page.getByTestId('open-now')).toHaveText('Open');
  await expect(page.getByRole('link', { name: 'Buy / Long' })).toHaveAttribute(
    'href',
    '/trading?code=BTCUSDT&direction=long',
  );

  // Another interval is fetched and remembered.
  await page.getByRole('tab', { name: '5m', exact: true }).click();
  await expect.poll(async () => page.evaluate(() => localStorage.getItem('klinedatamark'))).toBe('5m');
  await page.reload();
  await expect(page.getByRole('tab', { name: '5m', exact: true })).toHaveAttribute('aria-selected', 'true');
});

/**
 * Where the chart's window ends, against the end of the series, in pixels of the navigator: the selected
 * stretch of the navigator ends at its right edge when the chart shows the latest candles.
 */
async function windowGapToLatest(page: Page): Promise<number> {
  return page.evaluate(() => {
    const chart = document.querySelector('[data-testid="kline-chart"]');
    const selected = chart?.querySelector('.highcharts-navigator-mask-inside');
    const plot = chart?.querySelector('.highcharts-plot-background');
    if (!selected || !plot) return Number.POSITIVE_INFINITY;
    return Math.abs(plot.getBoundingClientRect().right - selected.getBoundingClientRect().right);
  });
}

test('every timeframe opens at the latest candles, switching through all of them both ways', async ({
  page,
}) => {
  await page.addInitScript(() => window.localStorage.setItem('klinedatamark', '1m'));
  await page.goto(`/cruuency?code=${liveCode}&type=2`);
  const candles = page.locator(
    '[data-testid="kline-chart"] .highcharts-candlestick-series .highcharts-point',
  );
  await expect.poll(async () => candles.count(), { timeout: 30_000 }).toBeGreaterThan(0);
  const labels = ['1m', '5m', '15m', '30m', '1h', '4h', '1D', '1W'];
  const interval = (label: string) => label.toLowerCase();
  // Up to 1W and back down to 1m, then the jumps the issue names (1D → 5m, 1W → 1m).
  const order = [...labels.slice(1), ...labels.slice(0, -1).reverse(), '1D', '5m', '1W', '1m'];
  for (const label of order) {
    const answered = page.waitForResponse(
      (response) =>
        response.url().includes('/index/getKValueByCodeAndDate') &&
        new URL(response.url()).searchParams.get('interval') === interval(label),
    );
    await page.getByRole('tab', { name: label, exact: true }).click();
    await answered;
    await expect(page.getByRole('tab', { name: label, exact: true })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect.poll(async () => candles.count(), { message: `candles after ${label}` }).toBeGreaterThan(0);
    await expect
      .poll(async () => windowGapToLatest(page), { message: `window after switching to ${label}` })
      .toBeLessThan(3);
  }
});

test('Arabic is translated and right-to-left, Japanese translated', async ({ page }, testInfo) => {
  await page.goto('/market');
  await expect(page.getByTestId('market-list')).toBeVisible();

  await page.evaluate(() => localStorage.setItem('language', 'ar'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'الأسواق', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'العملات المشفرة' })).toBeVisible();
  // Rows flow right to left: the market's name sits to the right of its price.
  const row = page.getByTestId('market-list').locator(`[data-code="${liveCode}"]`);
  const nameBox = await row.locator('img').boundingBox();
  const priceBox = await row.getByTestId('market-price').boundingBox();
  expect(nameBox!.x).toBeGreaterThan(priceBox!.x);

  await page.evaluate(() => localStorage.setItem('language', 'ja'));
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('heading', { name: 'ライブマーケット' })).toBeVisible();
  await expect(page.getByTestId('headline-stats')).toContainText('上場マーケット');
  if (!isMobileProject(testInfo.project.name)) {
    await expect(page.getByRole('link', { name: 'すべてのマーケット' })).toBeVisible();
  }
});

/** A new customer signed up through the API (the sign-up form is mf-pass's subject); returns the session. */
async function registerCustomer(request: APIRequestContext, testInfo: TestInfo) {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 3).toString(36)}`;
  const username = `mk${testInfo.project.name[0]}${suffix}`.slice(0, 20);
  const customer = { username, email: `${username}@swx.test`, password: 'watch-list1' };
  const since = Date.now();
  const sent = await request.post('/swx/customer/login/sendCode', {
    data: { email: customer.email, scene: 'register' },
  });
  expect(await sent.json()).toMatchObject({ code: '200' });
  const code = verificationCodeIn(await waitForMail(customer.email, { since }));
  const registered = await request.post('/swx/customer/login/register', {
    data: { ...customer, confirmPassword: customer.password, code },
  });
  const body = (await registered.json()) as { code: string; result: { token: string; userInfo: unknown } };
  expect(body).toMatchObject({ code: '200' });
  return body.result;
}

test('a signed-in customer stars a market and finds it in the watchlist after a reload', async ({
  page,
  request,
}, testInfo) => {
  const session = await registerCustomer(request, testInfo);
  // Signed in as the login screen leaves it: the seed's local keys.
  await page.addInitScript((s) => {
    if (window.localStorage.getItem('token')) return;
    window.localStorage.setItem('token', s.token);
    window.localStorage.setItem('userInfo', JSON.stringify(s.userInfo));
    window.localStorage.setItem('isLogin', 'true');
  }, session);
  await page.goto('/market');
  const list = page.getByTestId('market-list');
  await list.getByRole('button', { name: 'Add Ethereum to watchlist' }).click();
  await expect(list.getByRole('button', { name: 'Remove Ethereum from watchlist' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await page.reload();
  await page.getByRole('tab', { name: 'Watchlist' }).click();
  await expect(list.getByTestId('market-row')).toHaveCount(1);
  await expect(list.locator('[data-code="ETHUSDT"]')).toBeVisible();

  // Saved on the server, not only in this browser.
  const saved = await request.get('/swx/customer/user/watchlist', {
    headers: { Authorization: session.token },
  });
  expect(((await saved.json()) as { result: { code: string }[] }).result.map((m) => m.code)).toEqual([
    'ETHUSDT',
  ]);

  // The star on the currency detail shows the same state.
  await list.locator('[data-code="ETHUSDT"] a').click();
  await expect(page.getByRole('button', { name: 'Remove Ethereum from watchlist' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

test('a signed-out customer who stars a market is asked to log in', async ({ page }) => {
  await page.goto('/market');
  await page.getByTestId('market-list').getByRole('button', { name: 'Add Bitcoin to watchlist' }).click();
  await expect(page).toHaveURL('/pass/login?redirect=%2Fmarket');
});
