import { expect, type Page } from '@playwright/test';
import { verificationCodeIn, waitForMail } from './smtp';

/**
 * Answers the step-up dialog a sensitive action opens ("Confirm it is you") with the code e-mailed to the
 * customer; the action then runs again by itself.
 */
export async function stepUpByEmail(page: Page, email: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(dialog).toBeVisible();
  const since = Date.now();
  await dialog.getByRole('button', { name: 'E-mail me a code' }).click();
  const code = verificationCodeIn(await waitForMail(email, { since }));
  await dialog.getByLabel(/Code from the e-mail/).fill(code);
  await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(dialog).toBeHidden();
}
