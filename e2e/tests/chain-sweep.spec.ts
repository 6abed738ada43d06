import { parseUnits } from 'viem';
import { customerCall, realCustomer, signInStaff } from '../support/back-office';
import { e2eChain, e2eChains } from '../support/chains';
import { createMember, signInNewMember, staffCall } from '../support/staff';
import { layoutProblems } from '../fit/layout-check';
import { desktop, mobile, resizeTo } from '../fit/site';
import { closeContext, deployModules, expect, test } from './fixtures';

/**
 * Sweeps (issue 30 item 5), against the suite's local chains: a customer's USDT deposit on Alpha is credited,
 * then the server sends the address its gas from the hot wallet, waits for that to confirm, and moves the
 * tokens into the hot wallet, while the test mines blocks; a finance member reads the sweep, its two
 * transactions and the networks' health on the back office's on-chain page, which fits at 1440 and 390 px.
 * The back office is a desktop tool: desktop project only.
 */
test.skip(({ isMobile }) => isMobile, 'The back office is laid out for desktops and tablets');

interface Sweep {
  address: string;
  status: string;
  transactions: { kind: string; status: string; txHash: string }[];
}

test('a credited token deposit is swept into the hot wallet after its gas, and finance read it on the on-chain page', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(180_000);
  const alpha = e2eChains.alpha;
  const chain = await e2eChain('alpha');
  const finance = await createMember(request, ['finance'], 'e2eswf');
  const financeApi = (await signInNewMember(request, await createMember(request, ['finance'], 'e2eswa')))
    .token;
  const { hotWallets } = await staffCall<{ hotWallets: { network: string; address: string }[] }>(
    request,
    financeApi,
    'GET',
    '/chain/deposits',
  );
  // Gas for the top-up comes from the hot wallet.
  await chain.sendNative(
    hotWallets.find((wallet) => wallet.network === alpha.id)!.address,
    parseUnits('1', 18),
  );

  const customer = await realCustomer(request, 'chainsweep');
  const { networks } = await customerCall<{ networks: { network: string; address: string }[] }>(
    request,
    customer,
    'GET',
    '/user/depositAddresses',
  );
  const address = networks.find((n) => n.network === alpha.id)!.address.toLowerCase();
  await chain.mint(alpha.token!, address, parseUnits('130', 18));

  // Credited at 4 confirmations, then gas sent and confirmed, then the tokens moved and confirmed: the
  // server's jobs pass every second while the test mines a block a second.
  const sweepOf = async () =>
    (
      await staffCall<{ items: Sweep[] }>(request, financeApi, 'GET', '/chain/sweeps?pageSize=100')
    ).items.find((sweep) => sweep.address === address);
  await expect
    .poll(
      async () => {
        await chain.mine(1);
        return (await sweepOf())?.status;
      },
      { timeout: 120_000, intervals: [1_000] },
    )
    .toBe('done');
  const sweep = (await sweepOf())!;
  expect(sweep.transactions.map((t) => [t.kind, t.status])).toEqual([
    ['gas', 'confirmed'],
    ['transfer', 'confirmed'],
  ]);
  // Ledger-neutral: the customer keeps the 130 USDT credited.
  const info = await customerCall<{ assets: { currency: string; available: string }[] }>(
    request,
    customer,
    'GET',
    '/order/getAssestInfo/all',
  );
  expect(Number(info.assets.find((asset) => asset.currency === 'USDT')?.available)).toBe(130);

  const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
  try {
    const desk = await context.newPage();
    await deployModules(desk, ['mf-staff']);
    await signInStaff(desk, finance);
    await desk
      .getByRole('navigation', { name: 'Back office sections' })
      .getByRole('link', { name: 'On-chain wallets' })
      .click();
    await expect(desk.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(desk.getByText(alpha.name).first()).toBeVisible();
    const row = desk.getByText(address).first();
    await expect(row).toBeVisible();
    for (const transaction of sweep.transactions)
      await expect(desk.getByRole('link', { name: new RegExp(transaction.txHash) }).first()).toHaveAttribute(
        'href',
        `https://explorer.${alpha.id}.test/tx/${transaction.txHash}`,
      );
    for (const size of [desktop, mobile]) {
      await resizeTo(desk, size);
      expect(await layoutProblems(desk)).toEqual([]);
    }
  } finally {
    await closeContext(context);
  }
});
