import { expect, test } from '@playwright/test';
import { customerCall, deposit, realCustomer } from '../support/back-office';
import { prepareContext } from '../support/customer';
import { memberSession, staffCall } from '../support/staff';
import { englishText } from './language-check';
import { layoutProblems } from './layout-check';
import { desktop, mobile, resizeTo, visitRoute } from './site';

/**
 * The pages whose figures differ on a funded real account (issue 32): the records with a credited deposit
 * and a margin order's entries, the trading workspace with an open position, and the plans tab, at 1440 and
 * 390 px, in English, Arabic and German (the long-word language). fit.spec.ts walks every route on the demo
 * account a new customer starts on; the withdraw page with a completed payout is end-to-end's
 * (tests/account.spec.ts, both projects).
 */
test.describe.configure({ mode: 'parallel' });

const pages = [
  { name: 'records', path: '/profile/records' },
  { name: 'trading', path: '/trading' },
  { name: 'plans', path: '/trading?tab=plans' },
];

for (const language of ['en', 'ar', 'de'] as const) {
  test(`${language}: records, trading and plans fit on a funded real account at 1440 and 390 px`, async ({
    browser,
    request,
  }) => {
    const customer = await realCustomer(request, `fitreal${language}`);
    const desk = await memberSession(request, 'desk');
    await staffCall(
      request,
      desk,
      'POST',
      `/reviews/deposit/${await deposit(request, customer, '1000')}/approve`,
    );
    await customerCall(request, customer, 'POST', '/order/buyU', {
      code: 'BTCUSDT',
      direction: 'long',
      lots: '0.01',
      leverage: 2,
      orderType: 'market',
    });

    const context = await browser.newContext({ viewport: desktop });
    await prepareContext(context, { language, session: customer });
    const page = await context.newPage();
    const problems: string[] = [];
    const english: string[] = [];
    for (const { name, path } of pages) {
      await resizeTo(page, desktop);
      await visitRoute(page, path);
      if (name === 'records')
        await expect(page.getByText(/1[,.\s\u00a0\u202f]?000[,.]00/).first()).toBeVisible();
      for (const text of await englishText(page, language)) english.push(`${name}: "${text}"`);
      for (const size of [desktop, mobile]) {
        await resizeTo(page, size);
        for (const problem of await layoutProblems(page)) problems.push(`${name} @${size.width}: ${problem}`);
      }
    }
    await context.close();
    expect(problems, `what does not fit on the real account in ${language}`).toEqual([]);
    expect(english, `English text on the real account in ${language}`).toEqual([]);
  });
}
