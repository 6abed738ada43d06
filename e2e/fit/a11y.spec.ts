import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser } from '@playwright/test';
import { prepareContext, registerCustomer } from '../support/customer';
import { desktop, mobile, openRoute, resizeTo, siteRoutes, type Language } from './site';

/**
 * Accessibility: axe-core on every route in English and Arabic, at 1440 px and 390 px; no serious or critical
 * violation may remain. One signed-in and one guest context per language, as in fit.spec.ts.
 */
test.describe.configure({ mode: 'parallel' });

async function contextsFor(browser: Browser, language: Language, tag: string) {
  const member = await browser.newContext({ viewport: desktop });
  await prepareContext(member, { language, session: await registerCustomer(member.request, tag) });
  const guest = await browser.newContext({ viewport: desktop });
  await prepareContext(guest, { language });
  return { member, guest };
}

for (const language of ['en', 'ar'] as const) {
  for (const size of [desktop, mobile]) {
    test(`no serious or critical accessibility violation in ${language} at ${size.width} px`, async ({
      browser,
      request,
    }) => {
      test.setTimeout(600_000);
      const { member, guest } = await contextsFor(browser, language, `axe${language}`);
      const pages = { member: await member.newPage(), guest: await guest.newPage() };
      const found: string[] = [];
      for (const route of await siteRoutes(request, language)) {
        const page = route.guest ? pages.guest : pages.member;
        await resizeTo(page, size);
        await openRoute(page, route.path);
        const { violations } = await new AxeBuilder({ page }).analyze();
        for (const violation of violations) {
          if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
          const where = violation.nodes.map((node) => node.target.join(' ')).slice(0, 3);
          found.push(`${route.path}: ${violation.id} (${violation.impact}) at ${where.join(', ')}`);
        }
      }
      await member.close();
      await guest.close();
      expect(found, `accessibility in ${language} at ${size.width} px`).toEqual([]);
    });
  }
}
