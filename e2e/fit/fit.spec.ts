import { expect, test, type Browser } from '@playwright/test';
import { prepareContext, registerCustomer } from '../support/customer';
import { accessibilityProblems, axeLanguages } from './a11y-check';
import { englishText } from './language-check';
import { layoutProblems } from './layout-check';
import { desktop, languages, mobile, openRoute, resizeTo, siteRoutes, type Language } from './site';

/**
 * Every screen fits, speaks the page's language and is accessible: every route in all ten languages, at
 * 1440 px and 390 px, with no horizontal overflow, no clipped text, no English text on a non-English page
 * that is not a proper name or code (language-check.ts), and in English and Arabic no serious or critical
 * axe-core violation at either width (a11y-check.ts). One browser, one signed-in context per language (and a guest one for the sign-in
 * screens); each page is opened once at desktop width, measured, narrowed to the phone width and measured
 * again (the layouts switch on CSS width, shell/src/chrome/use-media-query.ts).
 */
test.describe.configure({ mode: 'parallel' });

async function contextsFor(browser: Browser, language: Language, tag: string) {
  const member = await browser.newContext({ viewport: desktop });
  const session = await registerCustomer(member.request, tag);
  await prepareContext(member, { language, session });
  const guest = await browser.newContext({ viewport: desktop });
  await prepareContext(guest, { language });
  return { member, guest };
}

for (const language of languages) {
  test(`every route in ${language} fits at 1440 and 390 px, speaks ${language}, and is accessible`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(300_000);
    const { member, guest } = await contextsFor(browser, language, `fit${language.slice(0, 2)}`);
    const pages = { member: await member.newPage(), guest: await guest.newPage() };
    const problems: string[] = [];
    const english: string[] = [];
    const accessibility: string[] = [];
    for (const route of await siteRoutes(request, language)) {
      const page = route.guest ? pages.guest : pages.member;
      await resizeTo(page, desktop);
      await openRoute(page, route.path);
      for (const text of await englishText(page, language)) english.push(`${route.path}: "${text}"`);
      for (const size of [desktop, mobile]) {
        await resizeTo(page, size);
        for (const problem of await layoutProblems(page))
          problems.push(`${route.path} @${size.width}: ${problem}`);
        if (axeLanguages.has(language))
          for (const problem of await accessibilityProblems(page))
            accessibility.push(`${route.path} @${size.width}: ${problem}`);
      }
    }
    await member.close();
    await guest.close();
    expect(problems, `what does not fit in ${language}`).toEqual([]);
    expect(english, `English text on ${language} pages`).toEqual([]);
    expect(accessibility, `serious or critical accessibility violations in ${language}`).toEqual([]);
  });
}
