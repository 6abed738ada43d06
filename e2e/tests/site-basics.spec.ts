import { expect, test } from './fixtures';

// Site basics on the real built shell and server: icons, manifest, service worker with its offline page,
// page titles and the dark theme.

test.use({ serviceWorkers: 'allow' });

test('the first load asks for nothing that is missing: favicon, icons and manifest are served', async ({
  page,
  request,
}) => {
  const missing: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 404) missing.push(response.url());
  });
  await page.goto('/');
  await expect(page).toHaveTitle('Home · SWX');
  await page.waitForLoadState('networkidle');
  expect(missing).toEqual([]);

  const favicon = await request.get('/favicon.ico');
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()['content-type']).toMatch(/image\/(x-icon|vnd\.microsoft\.icon)/);
  const icon = await page.locator('link[rel="icon"][type="image/svg+xml"]').getAttribute('href');
  expect((await request.get(icon!)).headers()['content-type']).toContain('image/svg+xml');
});

test('the manifest is served as a web app manifest and its icons exist', async ({ request }) => {
  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.status()).toBe(200);
  expect(manifest.headers()['content-type']).toContain('application/manifest+json');
  const body = (await manifest.json()) as { name: string; icons: { src: string; type: string }[] };
  expect(body.name).toBe('SWX');
  expect(body.icons.length).toBeGreaterThanOrEqual(4);
  for (const icon of body.icons) {
    const file = await request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type']).toContain(icon.type);
  }
});

test('the service worker is re-read on every visit and never stores API answers or remotes.json', async ({
  request,
}) => {
  const worker = await request.get('/sw.js');
  expect(worker.status()).toBe(200);
  expect(worker.headers()['cache-control']).toBe('no-cache');
  const source = await worker.text();
  expect(source).toContain('/offline.html');
  expect(source).not.toContain('remotes.json');
  expect(source).not.toContain('/swx/');
});

test('the service worker registers and the offline page answers a page load without a network', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The worker now controls the site; the next page load has no network at all.
  await context.setOffline(true);
  await page.goto('/trading');
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/');
  await context.setOffline(false);
});

test('each page names itself in the tab, in the page language', async ({ page }) => {
  await page.goto('/trading');
  await expect(page).toHaveTitle('Trading · SWX');
  await page.evaluate(() => window.localStorage.setItem('language', 'de'));
  await page.goto('/pass/login');
  await expect(page).toHaveTitle('Anmelden · SWX');
});

test('follows a dark system setting, and the toggle overrides it', async ({ browser }, testInfo) => {
  const context = await browser.newContext({
    colorScheme: 'dark',
    baseURL: testInfo.project.use.baseURL,
    viewport: testInfo.project.use.viewport,
  });
  // The onboarding board (phones, once per session) would cover the top bar.
  await context.addInitScript(() => window.sessionStorage.setItem('showBoard', 'false'));
  const page = await context.newPage();
  await page.goto('/pass/login');
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await expect.poll(background).toBe('rgb(15, 17, 21)');
  const toggle = page.getByRole('button', { name: 'Dark theme' }).locator('visible=true');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await toggle.click();
  await expect.poll(background).toBe('rgb(245, 246, 248)');
  await page.reload();
  await expect.poll(background).toBe('rgb(245, 246, 248)');
  await context.close();
});
