import { expect, test as base, type BrowserContext, type Page } from '@playwright/test';
import { prepareContext, registerCustomer } from '../support/customer';
import { accessibilityProblems, axeLanguages, axeWidths } from './a11y-check';
import { englishText } from './language-check';
import { layoutProblems } from './layout-check';
import {
  desktop,
  fitLanguages,
  mobile,
  openRoute,
  visitRoute,
  resizeTo,
  routePath,
  siteRoutes,
  type Language,
} from './site';
import { topBarProblems } from './top-bar-check';

/**
 * Every screen fits, speaks the page's language and is accessible: every route in five languages, one of each
 * kind of text the layouts hold (site.ts, `fitLanguages`), at
 * 1440 px and 390 px (and the signed-in top bar in one row at 1280 and 1440 px on both accounts, measured on
 * the home page: top-bar-check.ts), with no horizontal overflow, no clipped text, no English text on a non-English page
 * that is not a proper name or code (language-check.ts), and no serious or critical axe-core violation
 * (a11y-check.ts): in the module's area on every route, in English at 1440 px and in Arabic at 390 px, and
 * in the shell's own bars and footer in both languages at both widths (they are the same on every route).
 *
 * One test per language and route, so each has its own time budget and its own verdict, and the two workers
 * share the 132 of them evenly. Each worker keeps one signed-in context for the language it is checking (and
 * a guest one for the sign-in screens) with one page each, closed when it moves on to the next language; a
 * route is opened once at desktop width (the first by loading the site, the next ones by navigating inside
 * it, as a customer does), measured, narrowed to the phone width and measured again (the layouts switch on
 * CSS width, shell/src/chrome/use-media-query.ts).
 */
interface LanguagePages {
  member: Page;
  guest: Page;
}

const test = base.extend<object, { pagesIn: (language: Language) => Promise<LanguagePages> }>({
  pagesIn: [
    async ({ browser }, use) => {
      // One language's pages open at a time: a language's tests come one after the other, and a page left
      // open keeps receiving live prices and rendering them (Playwright turns off the throttling of
      // background pages), so five languages' pages kept open cost a worker's browser more processor time
      // with every language it had passed.
      let current:
        { language: Language; pages: Promise<LanguagePages>; contexts: BrowserContext[] } | undefined;
      const open = async (language: Language, contexts: BrowserContext[]): Promise<LanguagePages> => {
        const member = await browser.newContext({ viewport: desktop });
        const guest = await browser.newContext({ viewport: desktop });
        contexts.push(member, guest);
        const session = await registerCustomer(member.request, `fit${language.slice(0, 2)}`);
        await prepareContext(member, { language, session });
        await prepareContext(guest, { language });
        return { member: await member.newPage(), guest: await guest.newPage() };
      };
      const closeCurrent = async () => {
        if (!current) return;
        const { pages, contexts } = current;
        current = undefined;
        await pages.catch(() => undefined);
        for (const context of contexts) await context.close();
      };
      await use(async (language) => {
        if (current?.language !== language) {
          await closeCurrent();
          const contexts: BrowserContext[] = [];
          current = { language, pages: open(language, contexts), contexts };
        }
        return current.pages;
      });
      await closeCurrent();
    },
    { scope: 'worker' },
  ],
});

test.describe.configure({ mode: 'parallel' });

for (const language of fitLanguages) {
  const checksAxe = axeLanguages.has(language);
  for (const route of siteRoutes) {
    test(`${language} ${route.name}: fits at 1440 and 390 px, speaks ${language}${checksAxe ? ', accessible' : ''}`, async ({
      pagesIn,
      request,
    }) => {
      const pages = await pagesIn(language);
      const page = route.guest ? pages.guest : pages.member;
      const address = await routePath(request, language, route);
      await resizeTo(page, desktop);
      await visitRoute(page, address);
      const english = (await englishText(page, language)).map((text) => `"${text}"`);
      // The signed-in top bar in both account modes, once per language, on the page already open.
      const problems: string[] = route.name === 'home' ? await topBarProblems(page, desktop) : [];
      const accessibility: string[] = [];
      for (const size of [desktop, mobile]) {
        await resizeTo(page, size);
        for (const problem of await layoutProblems(page)) problems.push(`@${size.width}: ${problem}`);
        if (axeWidths.get(language) === size.width)
          for (const problem of await accessibilityProblems(page, 'module'))
            accessibility.push(`@${size.width}: ${problem}`);
      }
      expect(problems, `what does not fit on ${address} in ${language}`).toEqual([]);
      expect(english, `English text on ${address} in ${language}`).toEqual([]);
      expect(
        accessibility,
        `serious or critical accessibility violations on ${address} in ${language}`,
      ).toEqual([]);
    });
  }
  if (checksAxe)
    test(`${language}: the shell's bars, menus and footer are accessible at 1440 and 390 px`, async ({
      pagesIn,
    }) => {
      const { member } = await pagesIn(language);
      const accessibility: string[] = [];
      await resizeTo(member, desktop);
      await openRoute(member, '/');
      for (const size of [desktop, mobile]) {
        await resizeTo(member, size);
        for (const problem of await accessibilityProblems(member, 'chrome'))
          accessibility.push(`@${size.width}: ${problem}`);
      }
      expect(
        accessibility,
        `serious or critical accessibility violations around the module in ${language}`,
      ).toEqual([]);
    });
}
