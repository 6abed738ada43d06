import path from 'node:path';
import { parseUnits } from 'viem';
import type { Page } from '@playwright/test';
import { customerCall, realCustomer } from '../support/back-office';
import { e2eChain, e2eChains, type E2eChainName } from '../support/chains';
import { prepareContext } from '../support/customer';
import { layoutProblems } from '../fit/layout-check';
import { desktop, mobile, resizeTo } from '../fit/site';
import { deployModules, expect, isMobileProject, test } from './fixtures';

/**
 * Deposits from the chain (issue 30), against the suite's two real local chains (support/chains.ts): the
 * customer sees their own address on each network, the test pays it from the chain, and the page shows the
 * transfer, its confirmations counting up as the test mines blocks, then credited with the balance, with no
 * reload. The desktop project pays in the test ERC-20 on Alpha, the mobile one in ether on Beta, so each
 * project mines its own chain (other specs may mine too: counts are read, not assumed).
 */

/** The confirmations the page shows for the one transfer, or `credited`. */
async function shownState(page: Page): Promise<number | 'credited'> {
  const entry = page.getByTestId('chain-deposit');
  const text = (await entry.textContent()) ?? '';
  if (text.includes('Credited')) return 'credited';
  const match = /Seen, (\d+) of (\d+) confirmations/.exec(text);
  if (!match) throw new Error(`not a state: ${text}`);
  return Number(match[1]);
}

test('a deposit from the chain appears, counts its confirmations up live and is credited with the balance', async ({
  page,
  request,
}, testInfo) => {
  const name: E2eChainName = isMobileProject(testInfo.project.name) ? 'beta' : 'alpha';
  const network = e2eChains[name];
  const coin = name === 'alpha' ? 'USDT' : 'ETH';
  const customer = await realCustomer(request, `chaindep${name}`);
  await prepareContext(page.context(), { language: 'en', session: customer });
  await deployModules(page, ['mf-account']);
  await page.goto('/profile/deposit');

  // Each watched network with its own address, named in large type; the reviewed form for the others.
  const addresses: Record<string, string> = {};
  for (const each of Object.values(e2eChains)) {
    const card = page.getByRole('region', { name: each.name });
    await expect(card.getByRole('heading', { level: 3, name: each.name })).toBeVisible();
    await expect(
      card.getByRole('img', { name: `QR code of your deposit address on ${each.name}` }),
    ).toBeVisible();
    await expect(card.getByRole('button', { name: `Copy the ${each.name} address` })).toBeVisible();
    addresses[each.id] = (await card.locator('code').first().textContent())!;
    expect(addresses[each.id]).toMatch(/^0x[0-9a-fA-F]{40}$/);
  }
  expect(addresses.alpha).not.toBe(addresses.beta);
  await expect(page.getByRole('heading', { name: 'Other networks (reviewed by our staff)' })).toBeVisible();
  await expect(page.getByText('No transfers to your addresses yet')).toBeVisible();
  const balance = page.getByTestId(`chain-balance-${coin}`);
  await expect(balance).toHaveText(/^0(\.0+)?\s/);
  // A reload would lose this mark.
  await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));

  // Paid from the chain, as a wallet would.
  const chain = await e2eChain(name);
  const txHash =
    name === 'alpha'
      ? await chain.mint(network.token!, addresses.alpha!, parseUnits('150', 18))
      : await chain.sendNative(addresses.beta!, parseUnits('0.5', 18));
  const entry = page.getByTestId('chain-deposit');
  await expect(entry).toContainText(/Seen, \d of 4 confirmations/);
  await expect(
    entry.getByRole('link', { name: new RegExp(`Transaction ${txHash} on the ${network.name}`) }),
  ).toHaveAttribute('href', `https://explorer.${network.id}.test/tx/${txHash}`);

  // Each block mined moves the count on the open page.
  let state = await shownState(page);
  while (state !== 'credited') {
    await chain.mine(1);
    const before = state;
    await expect.poll(() => shownState(page)).not.toBe(before);
    state = await shownState(page);
    if (state !== 'credited') expect(state).toBeGreaterThan(before);
  }
  await expect(entry.getByText('Credited', { exact: true })).toBeVisible();
  await expect(balance).toHaveText(name === 'alpha' ? /^150(\.0+)?\sUSDT$/ : /^0\.50*\sETH$/);
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
  expect(await layoutProblems(page)).toEqual([]);
});

test('the deposit page with chains watched fits in English, Arabic and German at 1440 and 390 px', async ({
  browser,
  request,
}, testInfo) => {
  test.skip(isMobileProject(testInfo.project.name), 'one walk of both widths is enough');
  const customer = await realCustomer(request, 'chainfit');
  // The list filled as a customer's would be: a token transfer on its way, ether below the minimum.
  const { networks } = await customerCall<{ networks: { network: string; address: string }[] }>(
    request,
    customer,
    'GET',
    '/user/depositAddresses',
  );
  const addressOn = (id: string) => networks.find((network) => network.network === id)!.address;
  await (await e2eChain('alpha')).mint(e2eChains.alpha.token, addressOn('alpha'), parseUnits('150', 18));
  await (await e2eChain('beta')).sendNative(addressOn('beta'), parseUnits('0.1', 18));
  const problems: string[] = [];
  for (const language of ['en', 'ar', 'de'] as const) {
    const context = await browser.newContext({ viewport: desktop });
    await prepareContext(context, { language, session: customer });
    const page = await context.newPage();
    await deployModules(page, ['mf-account']);
    await page.goto('/profile/deposit');
    await expect(page.getByRole('heading', { level: 3, name: e2eChains.beta.name })).toBeVisible();
    await expect(page.getByTestId('chain-deposit')).toHaveCount(2);
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    for (const size of [desktop, mobile]) {
      await resizeTo(page, size);
      for (const problem of await layoutProblems(page))
        problems.push(`${language} @${size.width}: ${problem}`);
      if (process.env.SWX_SCREENSHOTS)
        await page.screenshot({
          path: path.join(
            __dirname,
            '..',
            'screenshots',
            language,
            size === desktop ? 'desktop' : 'mobile',
            'deposit-chain.png',
          ),
          fullPage: true,
        });
    }
    await context.close();
  }
  expect(problems).toEqual([]);
});
