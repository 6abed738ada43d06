import { expect, test } from '@playwright/test';
import { englishText } from './language-check';

/** The English-text check itself: it must find English, and leave proper names, codes and data alone. */
test('the English-text check finds English and spares names, codes and data', async ({ page }) => {
  await page.setContent(`<!doctype html><html lang="de"><body>
    <p>Ihr Guthaben reicht nicht aus</p>
    <p>Your balance is too low for this order</p>
    <p translate="no">The Walt Disney Company</p>
    <span lang="en">English and the rest</span>
    <code>see the log for the details</code>
    <p>Einzahlung an 0x52908400098527886E0F7030069857D2E4169EE7 von ana@example.com</p>
    <p style="display:none">Hidden text with the words</p>
  </body></html>`);
  expect(await englishText(page, 'de')).toEqual(['Your balance is too low for this order']);
  await page.setContent(`<!doctype html><html lang="ja"><body>
    <p>残高が不足しています BTC/USDT USDT</p>
    <p>Deposit address copied</p>
    <p translate="no">Bitcoin Cash</p>
  </body></html>`);
  expect(await englishText(page, 'ja')).toEqual(['Deposit address copied']);
  expect(await englishText(page, 'en')).toEqual([]);
});
