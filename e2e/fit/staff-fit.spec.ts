import { expect, test } from '@playwright/test';
import { layoutProblems } from './layout-check';
import { desktop, mobile } from './site';
import { eachScreen, openBackOffice } from './staff-screens';

/**
 * The back office fits (`fit.spec.ts` walks the customers' routes; `/staff` is not among them): each main
 * screen of `staff-screens.ts`, with a deposit and an identity check waiting, at 1440 and 390 px, has nothing
 * wider than the window and no text cut off (`layout-check.ts`). English only: the back office speaks English
 * and Simplified Chinese (every key of both checked by the locale parity test), and `pnpm screenshots` walks
 * both at three widths.
 */
test('the back office fits at 1440 and 390 px', async ({ browser, request }) => {
  test.setTimeout(300_000);
  const office = await openBackOffice(browser, request, 'fit');
  await office.signIn();
  const problems: string[] = [];
  for (const { width } of [desktop, mobile])
    await eachScreen(office, width, async (page, name) => {
      for (const problem of await layoutProblems(page)) problems.push(`${name} at ${width} px: ${problem}`);
    });
  await office.close();
  expect(problems).toEqual([]);
});
