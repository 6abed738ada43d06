import { test as base, expect, type Page } from '@playwright/test';

/**
 * Tests start with the onboarding board already seen in this session (it is the subject of its own test),
 * so it does not cover the page on the mobile layout.
 */
export const test = base.extend<{ boardSeen: boolean }>({
  boardSeen: [true, { option: true }],
  page: async ({ page, boardSeen }, provide) => {
    if (boardSeen) await page.addInitScript(() => window.sessionStorage.setItem('showBoard', 'false'));
    await provide(page);
  },
});

export { expect };

export function isMobileProject(projectName: string): boolean {
  return projectName === 'mobile';
}

/** The fixture module rendered in the shell's module area, at `path`. */
export async function expectFixtureAt(page: Page, path: string) {
  await expect(page.getByTestId('fixture-module')).toBeVisible();
  await expect(page.getByTestId('fixture-path')).toHaveText(path);
}
