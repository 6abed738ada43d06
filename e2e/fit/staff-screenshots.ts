import path from 'node:path';
import { expect, test } from '@playwright/test';
import { layoutProblems } from './layout-check';
import { eachScreen, openBackOffice, showLanguage } from './staff-screens';

/**
 * `pnpm screenshots` also pictures the back office (`/staff`, the screens of `staff-screens.ts`): each main
 * screen at 1440, 1024 and 390 px (a phone) in the back office's two languages, English and Simplified
 * Chinese, into e2e/screenshots/staff/<language>/<width>/<screen>.png, and each must fit (nothing wider than
 * the window, no text cut off: `layout-check.ts`; the fit check asserts the same in English at 1440 and
 * 390 px, `staff-fit.spec.ts`). SWX_SCREENSHOT_WIDTHS (`390,1440`) takes fewer widths.
 */
const folder = path.join(__dirname, '..', 'screenshots', 'staff');

test('back office screenshots', async ({ browser, request }) => {
  test.setTimeout(600_000);
  const office = await openBackOffice(browser, request, 'shots');
  await office.pages.desk.goto('/staff');
  await office.pages.desk.screenshot({ path: path.join(folder, 'en', '1440', 'sign-in.png') });
  await office.signIn();
  const widths = (process.env.SWX_SCREENSHOT_WIDTHS ?? '1440,1024,390').split(',').map(Number);
  for (const language of ['en', 'zh-CN'] as const) {
    await showLanguage(office, language);
    for (const width of widths)
      await eachScreen(office, width, async (page, name) => {
        // Every screen fits at every width: nothing wider than the window, no text cut off.
        expect.soft(await layoutProblems(page), `${name} at ${width} px in ${language}`).toEqual([]);
        await page.screenshot({
          path: path.join(folder, language, String(width), `${name}.png`),
          fullPage: true,
        });
      });
  }
  await office.close();
});
