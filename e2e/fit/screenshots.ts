import path from 'node:path';
import { test, type Browser } from '@playwright/test';
import { prepareContext, registerCustomer } from '../support/customer';
import { desktop, mobile, openRoute, resizeTo, routePath, siteRoutes, type Language } from './site';

/**
 * `pnpm screenshots`: every route, desktop and mobile, in English, Arabic and German, full page, into
 * e2e/screenshots/<language>/<size>/<route>.png — the pictures a reviewer looks at before calling a screen done.
 */
const folder = path.join(__dirname, '..', 'screenshots');
test.describe.configure({ mode: 'parallel' });

async function contextsFor(browser: Browser, language: Language) {
  const member = await browser.newContext({ viewport: desktop });
  await prepareContext(member, {
    language,
    session: await registerCustomer(member.request, `shot${language}`),
  });
  const guest = await browser.newContext({ viewport: desktop });
  await prepareContext(guest, { language });
  return { member, guest };
}

for (const language of ['en', 'ar', 'de'] as const) {
  test(`screenshots in ${language}`, async ({ browser, request }) => {
    test.setTimeout(600_000);
    const { member, guest } = await contextsFor(browser, language);
    const pages = { member: await member.newPage(), guest: await guest.newPage() };
    for (const route of siteRoutes) {
      const address = await routePath(request, language, route);
      const page = route.guest ? pages.guest : pages.member;
      for (const size of [desktop, mobile]) {
        await resizeTo(page, size);
        await openRoute(page, address);
        const name = size.width === desktop.width ? 'desktop' : 'mobile';
        await page.screenshot({
          path: path.join(folder, language, name, `${route.name}.png`),
          fullPage: true,
        });
      }
    }
    await member.close();
    await guest.close();
  });
}
