import { erc20Abi, parseUnits } from 'viem';
import { allowAnyWithdrawal, customerCall, signInStaff, verifiedCustomer } from '../support/back-office';
import { e2eChain, e2eChains } from '../support/chains';
import { prepareContext } from '../support/customer';
import { createMember, signInNewMember, staffCall } from '../support/staff';
import { closeContext, deployModules, expect, test } from './fixtures';

/**
 * Withdrawals sent to the chain (issue 30 item 6), against the suite's local chains (support/chains.ts): a
 * customer withdraws USDT on ERC-20, which Alpha carries; a finance member approves it in the back office;
 * the server pays it from the hot wallet, the test mines the confirmations, and the customer's withdrawal
 * list shows it completed with the transaction's hash and explorer link. The back office is a desktop tool:
 * desktop project only.
 */
test.skip(({ isMobile }) => isMobile, 'The back office is laid out for desktops and tablets');

interface Listed {
  id: string;
  status: string;
  chainState: string | null;
  txHash: string | null;
}

test('a withdrawal approved by staff is sent from the hot wallet and confirmed on the chain', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const alpha = e2eChains.alpha;
  const chain = await e2eChain('alpha');
  const reviewer = (await signInNewMember(request, await createMember(request, ['reviewer'], 'e2ecwr')))
    .token;
  const customer = await verifiedCustomer(request, reviewer, 'chainwd', '300');
  await allowAnyWithdrawal(request, customer);

  // The hot wallet (staff read its address) is funded on the chain: ether for gas, the token paid out.
  const finance = await createMember(request, ['finance'], 'e2ecwf');
  const financeApi = (await signInNewMember(request, await createMember(request, ['finance'], 'e2ecwa')))
    .token;
  const view = await staffCall<{ hotWallets: { network: string; address: string }[] }>(
    request,
    financeApi,
    'GET',
    '/chain/deposits',
  );
  const hot = view.hotWallets.find((wallet) => wallet.network === alpha.id)!.address;
  await chain.sendNative(hot, parseUnits('5', 18));
  await chain.mint(alpha.token!, hot, parseUnits('1000', 18));

  const to = `0x${'4'.repeat(28)}${Date.now().toString(16).padStart(12, '0')}`;
  const withdrawal = { method: 'crypto', coin: 'USDT', network: 'ERC20', address: to, amount: '125' };
  const quote = await customerCall<{ quoteId: string }>(
    request,
    customer,
    'POST',
    '/user/withdrawalQuote',
    withdrawal,
  );
  const made = await customerCall<{ id: string }>(request, customer, 'POST', '/user/withdrawal', {
    ...withdrawal,
    quoteId: quote.quoteId,
  });

  // A finance member approves it in the back office (a page of their own), as they would any withdrawal.
  const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
  try {
    const desk = await context.newPage();
    await deployModules(desk, ['mf-staff']);
    await signInStaff(desk, finance);
    await desk
      .getByRole('navigation', { name: 'Back office sections' })
      .getByRole('link', { name: 'Withdrawals' })
      .click();
    await desk
      .getByRole('list', { name: 'Withdrawals' })
      .getByRole('link', { name: new RegExp(customer.username) })
      .click();
    await desk.getByRole('button', { name: 'Approve' }).click();
    await desk.getByRole('dialog').getByRole('button', { name: 'Approve for payout' }).click();
    await expect(desk.getByText('Approved.')).toBeVisible();
  } finally {
    await closeContext(context);
  }

  // The server's job sends it (a pass a second); the test mines until it is completed.
  const listed = async () =>
    (await customerCall<Listed[]>(request, customer, 'GET', '/user/listWithdrwal')).find(
      (item) => item.id === made.id,
    )!;
  await expect.poll(async () => (await listed()).txHash, { timeout: 30_000 }).toMatch(/^0x[0-9a-f]{64}$/);
  await expect
    .poll(
      async () => {
        await chain.mine(1);
        return (await listed()).status;
      },
      { timeout: 60_000, intervals: [1_000] },
    )
    .toBe('completed');
  const done = await listed();
  const paid = await chain.public.readContract({
    address: alpha.token! as `0x${string}`,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [to as `0x${string}`],
  });
  expect(paid).toBe(parseUnits('125', 18));

  // The customer's withdrawal list: completed, with the transaction and its explorer link.
  await deployModules(page, ['mf-account']);
  await prepareContext(page.context(), { language: 'en', session: customer });
  await page.goto('/profile/withdraw');
  const entry = page.getByTestId(`withdrawal-${made.id}`);
  await expect(entry).toContainText('Completed');
  await expect(entry.getByRole('link', { name: 'View on the explorer' })).toHaveAttribute(
    'href',
    `https://explorer.${alpha.id}.test/tx/${done.txHash}`,
  );
});
