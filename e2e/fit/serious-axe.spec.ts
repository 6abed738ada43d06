import { expect, test } from '@playwright/test';
import { seriousAxe } from '../support/axe';

// The fit check's axe runs skip the rules that cannot report a serious or critical violation
// (support/axe.ts). That must not make them blind: a page with one serious and one critical fault, and one
// that only a skipped rule reports.
test('the serious-only axe run still finds serious and critical violations', async ({ page }) => {
  await page.setContent(`<!doctype html><html lang="en"><head><title>Faults</title></head><body>
    <main>
      <h1>Faults</h1>
      <p style="color:#bbb;background:#fff">Grey on white</p>
      <button></button>
      <h4>A heading out of order</h4>
    </main></body></html>`);
  const { violations } = await seriousAxe(page).analyze();
  expect(violations.map((violation) => `${violation.id} ${violation.impact}`).sort()).toEqual([
    'button-name critical',
    'color-contrast serious',
  ]);
});
