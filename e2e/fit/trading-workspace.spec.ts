import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { seriousAxe } from '../support/axe';
import { prepareContext, registerCustomer, type CustomerSession } from '../support/customer';
import { layoutProblems } from './layout-check';
import { desktop, mobile, openRoute, resizeTo } from './site';

/**
 * The trading workspace (issue 17, item 1) as a customer with an open position sees it, in English, Arabic and
 * German, at 1440 px and 390 px: the chart beside the order ticket on a desktop with the lists under it, one
 * column on a phone with the chart foldable, the market picker, and nothing that does not fit. Screenshots go
 * to e2e/screenshots/workspace/ for review.
 */
const folder = path.join(__dirname, '..', 'screenshots', 'workspace');
const code = 'BTCUSDT';
const tablet = { width: 1024, height: 768 };
const openWord = { en: 'Open', ar: 'الافتتاح', de: 'Eröffnung' } as const;
const entryWord = { en: 'Entry', ar: 'سعر الدخول', de: 'Einstieg' } as const;
test.describe.configure({ mode: 'parallel' });

async function demoSession(page: Page, tag: string): Promise<CustomerSession> {
  const session = await registerCustomer(page.request, tag);
  const demo = await page.request.post('/swx/customer/user/accountMode', {
    headers: { Authorization: session.token },
    data: { mode: 'demo' },
  });
  expect(await demo.json()).toMatchObject({ code: '200' });
  return { ...session, userInfo: { ...session.userInfo, virtualStatus: '1' } };
}

/** axe-core's serious and critical findings in the screen (the shell's own bar is a11y.spec.ts's subject). */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await seriousAxe(page).include('#main-content').analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} at ${violation.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** A small long with a stop loss and a take profit, placed through the ticket as a customer does. */
async function openLong(page: Page) {
  await openRoute(page, `/trading?code=${code}&direction=long`);
  const info = await page.request.get(`/swx/customer/index/getMarketInfo/${code}`);
  const price = Number(
    ((await info.json()) as { result: { lastTick: { price: string } } }).result.lastTick.price,
  );
  const ticket = page.locator('#main-content form').first();
  await ticket.locator('input[inputmode="decimal"]').first().fill('0.01');
  await page.locator('input[type="checkbox"]').nth(0).check();
  await page.locator('input[type="checkbox"]').nth(1).check();
  const fields = ticket.locator('input[inputmode="decimal"]');
  await fields.nth(1).fill((price * 0.97).toFixed(2));
  await fields.nth(2).fill((price * 1.03).toFixed(2));
  await ticket.locator('button[type="submit"]').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('quote-margin').waitFor();
  await dialog.getByRole('button').last().click();
  await expect(page.getByTestId('positions-open').getByTestId('position')).toHaveCount(1);
}

for (const language of ['en', 'ar', 'de'] as const) {
  test(`the trading workspace in ${language}`, async ({ browser }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ viewport: desktop });
    const page = await context.newPage();
    const session = await demoSession(page, `ws${language}`);
    await prepareContext(context, { language, session });
    await openLong(page);
    const chart = page.getByTestId('chart-panel');
    await expect(chart).toBeVisible();

    // Desktop: the chart and the ticket side by side, the positions under the chart.
    await page.screenshot({ path: path.join(folder, `${language}-desktop.png`), fullPage: true });
    const chartBox = (await chart.boundingBox())!;
    const ticketBox = (await page.locator('#main-content form').first().boundingBox())!;
    const listsBox = (await page.getByTestId('trading-lists').boundingBox())!;
    expect(chartBox.width).toBeGreaterThan(700);
    expect(ticketBox.y).toBeLessThan(chartBox.y + chartBox.height);
    if (language === 'ar') expect(ticketBox.x).toBeLessThan(chartBox.x);
    else expect(ticketBox.x).toBeGreaterThan(chartBox.x + chartBox.width - 1);
    expect(listsBox.y).toBeGreaterThan(chartBox.y + chartBox.height - 1);
    // The position's levels are drawn on the chart, once it has candles.
    await expect(chart.locator('.highcharts-plot-line')).toHaveCount(3, { timeout: 30_000 });
    await expect(chart.locator('.highcharts-plot-line-label').first()).toContainText(entryWord[language]);
    // The tooltip reads open/high/low/close in the page language; axis labels carry no seconds or AM/PM.
    // A candle in the middle of the chart (the live last one is redrawn with every tick and sits under the
    // price labels). The pointer goes where a customer's would: the position's level lines can cross that
    // candle, and Playwright's hover then waits for a candle that never receives the pointer (3 minutes, then
    // a failure, in the run of 2026-11-29 12:11), while Highcharts tracks the pointer over the whole plot and
    // shows the candle's tooltip. The chart first to the window's middle, clear of the sticky top bar.
    const candles = chart.locator('.highcharts-candlestick-series .highcharts-point');
    await chart.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    const candle = (await candles.nth(Math.floor((await candles.count()) / 2)).boundingBox())!;
    await page.mouse.move(candle.x + candle.width / 2, candle.y + candle.height / 2);
    await expect(chart.locator('.highcharts-tooltip')).toContainText(openWord[language]);
    await chart.screenshot({ path: path.join(folder, `${language}-desktop-tooltip.png`) });
    const axisLabels = await chart.locator('.highcharts-xaxis-labels').allTextContents();
    expect(axisLabels.join(' ')).not.toMatch(/:\d\d:\d\d|\.000|AM|PM/);
    expect(await layoutProblems(page)).toEqual([]);

    // The picker: search by name, keyboard, watchlist tab for a signed-in customer.
    await page.getByTestId('market-picker').click();
    const search = page.getByRole('combobox');
    await expect(search).toBeFocused();
    await search.fill('eth');
    await expect(page.getByRole('option').first()).toContainText('ETH');
    await page.screenshot({ path: path.join(folder, `${language}-desktop-picker.png`) });
    expect(await seriousViolations(page)).toEqual([]);
    await search.press('Escape');
    await expect(page.getByTestId('market-picker')).toBeFocused();

    // Tablet: the chart above, the ticket and then the lists below it, one column.
    await resizeTo(page, tablet);
    const [tabletChart, tabletTicket, tabletLists] = await Promise.all([
      chart.boundingBox(),
      page.locator('#main-content form').first().boundingBox(),
      page.getByTestId('trading-lists').boundingBox(),
    ]);
    expect(tabletTicket!.y).toBeGreaterThan(tabletChart!.y + tabletChart!.height - 1);
    expect(tabletLists!.y).toBeGreaterThan(tabletTicket!.y + tabletTicket!.height - 1);
    expect(await layoutProblems(page)).toEqual([]);
    await page.screenshot({ path: path.join(folder, `${language}-tablet.png`), fullPage: true });

    // Phone: one column, the chart foldable and still folded after a reload.
    await resizeTo(page, mobile);
    await page.screenshot({ path: path.join(folder, `${language}-mobile.png`), fullPage: true });
    expect(await layoutProblems(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    const fold = chart.getByRole('button', { expanded: true });
    await fold.click();
    await expect(chart.getByRole('tablist')).toBeHidden();
    await openRoute(page, `/trading?code=${code}`);
    await expect(page.getByTestId('chart-panel').getByRole('button', { expanded: false })).toBeVisible();
    expect(await layoutProblems(page)).toEqual([]);
    await page.screenshot({ path: path.join(folder, `${language}-mobile-folded.png`), fullPage: true });
    await page.getByTestId('market-picker').click();
    await expect(page.getByRole('combobox')).toBeFocused();
    expect(await layoutProblems(page)).toEqual([]);
    await page.screenshot({ path: path.join(folder, `${language}-mobile-picker.png`) });
    await context.close();
  });
}

test('the chart library downloads once for the currency page and the trading page', async ({ browser }) => {
  const context = await browser.newContext({ viewport: desktop });
  await prepareContext(context, { language: 'en' });
  const page = await context.newPage();
  const libraries: string[] = [];
  page.on('response', async (response) => {
    if (!response.url().endsWith('.js')) return;
    // A class name only Highcharts Stock itself carries (not the React wrapper, not our chart component).
    if ((await response.text().catch(() => '')).includes('highcharts-navigator'))
      libraries.push(response.url());
  });
  await openRoute(page, `/cruuency?code=${code}`);
  await expect(page.locator('.highcharts-container').first()).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: path.join(folder, 'en-currency.png') });
  await page.getByRole('link', { name: 'Buy / Long' }).click();
  await expect(page.getByTestId('chart-panel').locator('.highcharts-container')).toBeVisible({
    timeout: 30_000,
  });
  expect(libraries).toHaveLength(1);
  await context.close();
});
