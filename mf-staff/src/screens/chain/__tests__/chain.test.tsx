import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChainSweep, ChainSweepPage, StaffChainDeposits } from '@swx/shared/contract';
import { callsTo, createStaffSite, renderStaff, resetRoot, staffMe } from '../../../test-support';

type Site = ReturnType<typeof createStaffSite>;
let site: Site | undefined;
afterEach(() => resetRoot(site?.root));

const hotWallet = '0x9F8e7D6c5B4a39281706F5e4D3c2B1a098765432';
const depositAddress = '0x1111222233334444555566667777888899990000';
const reorgHash = `0x${'ab'.repeat(32)}`;
const gasHash = `0x${'cd'.repeat(32)}`;
const transferHash = `0x${'ef'.repeat(32)}`;

function chainState(overrides: Partial<StaffChainDeposits> = {}): StaffChainDeposits {
  return {
    networks: [
      {
        network: 'alpha',
        name: 'Alpha',
        chainId: 1,
        height: 19234567,
        failures: 0,
        lastError: null,
        stalledSince: null,
        updatedAt: '2026-11-28T10:00:00.000Z',
      },
      {
        network: 'beta',
        name: 'Beta',
        chainId: 56,
        height: 4012,
        failures: 3,
        lastError: 'eth_getLogs: request timed out',
        stalledSince: '2026-11-28T09:00:00.000Z',
        updatedAt: '2026-11-28T09:55:00.000Z',
      },
    ],
    hotWallets: [{ network: 'alpha', address: hotWallet }],
    heldWithdrawals: [
      {
        withdrawalId: '31',
        network: 'alpha',
        state: 'waiting_funds',
        currency: 'USDT',
        amount: '125',
        since: '2026-11-28T08:00:00.000Z',
      },
    ],
    attention: [
      {
        id: '501',
        network: 'alpha',
        networkName: 'Alpha',
        coin: 'ETH',
        tokenContract: null,
        amount: '0.123456789012345678',
        creditedAmount: '0.12345678',
        txHash: reorgHash,
        explorerUrl: `https://explorer.alpha.test/tx/${reorgHash}`,
        status: 'reorged',
        confirmations: 12,
        confirmationsRequired: 12,
        seenAt: '2026-11-28T07:00:00.000Z',
        creditedAt: '2026-11-28T07:05:00.000Z',
        userId: '42',
        fromAddress: '0xAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAa',
        toAddress: depositAddress,
        blockNumber: 19234001,
        flaggedAt: '2026-11-28T07:30:00.000Z',
      },
      {
        id: '502',
        network: 'beta',
        networkName: 'Beta',
        coin: null,
        tokenContract: '0xC0ffee000000000000000000000000000000C0de',
        amount: null,
        creditedAmount: null,
        txHash: '0x77',
        explorerUrl: null,
        status: 'unknown_token',
        confirmations: 1,
        confirmationsRequired: 15,
        seenAt: '2026-11-28T06:00:00.000Z',
        creditedAt: null,
        userId: '43',
        fromAddress: '0xBbBbBbBbBbBbBbBbBbBbBbBbBbBbBbBbBbBbBbBb',
        toAddress: '0x2222',
        blockNumber: 4000,
        flaggedAt: null,
      },
    ],
    ...overrides,
  };
}

function sweep(overrides: Partial<ChainSweep> = {}): ChainSweep {
  return {
    id: '900',
    network: 'alpha',
    networkName: 'Alpha',
    address: depositAddress,
    userId: '42',
    hotWallet,
    coin: 'USDT',
    tokenContract: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
    balance: '250.000001',
    status: 'sweeping',
    transactions: [
      {
        kind: 'gas',
        txHash: gasHash,
        status: 'confirmed',
        amount: '0.000420000000000001',
        coin: 'ETH',
        explorerUrl: `https://explorer.alpha.test/tx/${gasHash}`,
      },
      {
        kind: 'transfer',
        txHash: transferHash,
        status: 'pending',
        amount: '250.000001',
        coin: 'USDT',
        explorerUrl: null,
      },
    ],
    lastError: null,
    createdAt: '2026-11-28T05:00:00.000Z',
    finishedAt: null,
    ...overrides,
  };
}

/** The route answers page by page from `items`, as the server does (newest first, filtered by status). */
function sweepPages(items: ChainSweep[]) {
  return (call: { query: URLSearchParams }): ChainSweepPage => {
    const page = Number(call.query.get('page'));
    const pageSize = Number(call.query.get('pageSize'));
    const status = call.query.get('status');
    const matching = status ? items.filter((item) => item.status === status) : items;
    return {
      items: matching.slice((page - 1) * pageSize, page * pageSize),
      total: matching.length,
      page,
      pageSize,
    };
  };
}

function financeSite(deposits: StaffChainDeposits, sweeps: ChainSweep[], language: 'en' | 'zh-CN' = 'en') {
  return createStaffSite(
    { 'GET /chain/deposits': deposits, 'GET /chain/sweeps': sweepPages(sweeps) },
    { me: staffMe(['finance']), language },
  );
}

describe('the on-chain wallets page', () => {
  it('shows each network’s health, a stalled one with its failures and last error', async () => {
    site = financeSite(chainState(), []);
    renderStaff(site, '/staff/operations/chain');
    expect(await screen.findByRole('heading', { level: 1, name: 'On-chain wallets' })).toBeInTheDocument();
    const networks = within(screen.getByRole('list', { name: 'Networks' }));
    const [alpha, beta] = networks.getAllByRole('listitem');
    const healthy = within(alpha!);
    expect(healthy.getByRole('heading', { name: 'Alpha' })).toBeInTheDocument();
    expect(healthy.getByText('Healthy')).toBeInTheDocument();
    expect(healthy.getByText('19234567')).toBeInTheDocument();
    expect(healthy.queryByText(/Stalled/)).toBeNull();
    const stalled = within(beta!);
    expect(stalled.getByText('Stalled')).toBeInTheDocument();
    expect(stalled.getByText('56')).toBeInTheDocument();
    expect(stalled.getByText(/^Stalled since .+; failed passes in a row: 3$/)).toBeInTheDocument();
    expect(stalled.getByText('eth_getLogs: request timed out')).toBeInTheDocument();
  });

  it('shows the hot wallet to copy and the withdrawals held for it, linked to the payout queue', async () => {
    site = financeSite(chainState(), []);
    renderStaff(site, '/staff/operations/chain');
    const wallets = within(await screen.findByRole('list', { name: 'Hot wallets' }));
    expect(wallets.getByText(hotWallet)).toBeInTheDocument();
    expect(wallets.getByRole('button', { name: 'Copy Alpha hot wallet address' })).toBeInTheDocument();
    const held = within(screen.getByRole('list', { name: 'Withdrawals waiting for the hot wallet' }));
    expect(held.getByRole('link', { name: 'Withdrawal 31' })).toHaveAttribute(
      'href',
      '/staff/reviews/withdrawal/31?status=approved',
    );
    expect(held.getByText('Waiting for funds')).toBeInTheDocument();
    expect(held.getByText('125.00 USDT')).toBeInTheDocument();
    expect(held.getByText('Alpha')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the withdrawals to pay' })).toHaveAttribute(
      'href',
      '/staff/reviews/withdrawal?status=approved',
    );
  });

  it('lists the transfers needing a person with every chain digit, addresses, block and explorer link', async () => {
    site = financeSite(chainState(), []);
    renderStaff(site, '/staff/operations/chain');
    const attention = within(await screen.findByRole('list', { name: 'Transfers to look at' }));
    const [reorged, unknown] = attention.getAllByRole('listitem');
    const first = within(reorged!);
    expect(first.getByText('Reorged')).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'Customer 42' })).toHaveAttribute('href', '/staff/customers/42');
    expect(first.getByText('0.123456789012345678 ETH')).toBeInTheDocument();
    expect(first.getByText('0xAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAa')).toBeInTheDocument();
    expect(first.getByText(depositAddress)).toBeInTheDocument();
    expect(first.getByText('19234001')).toBeInTheDocument();
    expect(
      first.getByRole('link', {
        name: `View transaction ${reorgHash} on the Alpha explorer (opens in a new tab)`,
      }),
    ).toHaveAttribute('href', `https://explorer.alpha.test/tx/${reorgHash}`);
    const second = within(unknown!);
    expect(second.getAllByText('Unknown token').length).toBeGreaterThan(0);
    expect(second.getByText('0xC0ffee000000000000000000000000000000C0de')).toBeInTheDocument();
    // No explorer configured: the hash is shown, not linked.
    expect(second.getByText('0x77')).toBeInTheDocument();
    expect(second.queryByRole('link', { name: /View transaction/ })).toBeNull();
  });

  it('lists sweeps with their transactions, explorer links and last error', async () => {
    site = financeSite(chainState(), [
      sweep(),
      sweep({
        id: '899',
        status: 'failed',
        coin: 'ETH',
        tokenContract: null,
        balance: '1.5',
        transactions: [],
        lastError: 'transfer reverted',
        finishedAt: '2026-11-28T04:00:00.000Z',
      }),
    ]);
    renderStaff(site, '/staff/operations/chain');
    const sweeps = await screen.findByRole('list', { name: 'Sweeps, newest first' });
    // The sweeps' own items, not their transactions' nested ones.
    const [sweeping, failed] = [...sweeps.children] as HTMLElement[];
    const first = within(sweeping!);
    expect(first.getByRole('heading', { name: 'USDT on Alpha' })).toBeInTheDocument();
    expect(first.getAllByText('Sweeping').length).toBeGreaterThan(0);
    expect(first.getByText(depositAddress)).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'Customer 42' })).toBeInTheDocument();
    expect(first.getAllByText('250.000001 USDT')).toHaveLength(2);
    const transactions = within(first.getByRole('list', { name: 'Transactions of sweep 900' }));
    const [gas, transfer] = transactions.getAllByRole('listitem');
    expect(within(gas!).getByText('Gas')).toBeInTheDocument();
    expect(within(gas!).getByText('Confirmed')).toBeInTheDocument();
    expect(within(gas!).getByText('0.000420000000000001 ETH')).toBeInTheDocument();
    expect(
      within(gas!).getByRole('link', {
        name: `View transaction ${gasHash} on the Alpha explorer (opens in a new tab)`,
      }),
    ).toHaveAttribute('href', `https://explorer.alpha.test/tx/${gasHash}`);
    expect(within(transfer!).getByText('Transfer')).toBeInTheDocument();
    expect(within(transfer!).getByText('Pending')).toBeInTheDocument();
    expect(within(transfer!).getByText(transferHash)).toBeInTheDocument();
    expect(within(transfer!).queryByRole('link')).toBeNull();
    const second = within(failed!);
    expect(second.getByRole('heading', { name: 'ETH on Alpha' })).toBeInTheDocument();
    expect(second.getByText('transfer reverted')).toBeInTheDocument();
    expect(second.getByText('None sent yet')).toBeInTheDocument();
    expect(callsTo(site.calls, 'GET /chain/sweeps')[0]?.query.toString()).toBe('page=1&pageSize=20');
  });

  it('asks for one status when filtered and pages through more than twenty sweeps', async () => {
    const many = Array.from({ length: 25 }, (_, index) =>
      sweep({ id: String(1000 - index), userId: String(100 + index), status: index < 3 ? 'failed' : 'done' }),
    );
    site = financeSite(chainState(), many);
    renderStaff(site, '/staff/operations/chain');
    expect(await screen.findByRole('link', { name: 'Customer 100' })).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2 (25 sweeps)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'Customer 120' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Customer 100' })).toBeNull();
    expect(screen.getByText('Page 2 of 2 (25 sweeps)')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'failed');
    expect(await screen.findByRole('link', { name: 'Customer 102' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Customer 103' })).toBeNull();
    // Three fit one page: no pager.
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    await waitFor(() =>
      expect(callsTo(site!.calls, 'GET /chain/sweeps').map((call) => call.query.toString())).toEqual([
        'page=1&pageSize=20',
        'page=2&pageSize=20',
        'page=1&pageSize=20&status=failed',
      ]),
    );
  });

  it('says so when every list is empty, and when no sweep has the chosen status', async () => {
    site = financeSite({ networks: [], attention: [], hotWallets: [], heldWithdrawals: [] }, []);
    renderStaff(site, '/staff/operations/chain');
    expect(await screen.findByText('No network is watched')).toBeInTheDocument();
    expect(screen.getByText('No hot wallet is configured')).toBeInTheDocument();
    expect(screen.getByText('No approved withdrawal is waiting for the hot wallet')).toBeInTheDocument();
    expect(screen.getByText('No transfer needs a person')).toBeInTheDocument();
    expect(await screen.findByText('No deposit address has been swept yet')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'funding');
    expect(await screen.findByText('No sweep has this status')).toBeInTheDocument();
    expect(callsTo(site.calls, 'GET /chain/sweeps').at(-1)?.query.get('status')).toBe('funding');
  });

  it('speaks Simplified Chinese', async () => {
    site = financeSite(chainState(), [sweep()], 'zh-CN');
    renderStaff(site, '/staff/operations/chain');
    expect(await screen.findByRole('heading', { level: 1, name: '链上钱包' })).toBeInTheDocument();
    expect(screen.getByText('已停滞')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Alpha 上的 USDT' })).toBeInTheDocument();
  });

  it('is in the navigation for finance only, and not asked for by other members', async () => {
    site = financeSite(chainState(), []);
    const finance = renderStaff(site, '/staff/operations/chain');
    const nav = await screen.findByRole('navigation', { name: 'Back office sections' });
    expect(within(nav).getByRole('link', { name: 'On-chain wallets' })).toHaveAttribute(
      'href',
      '/staff/operations/chain',
    );
    finance.unmount();
    resetRoot(site.root);

    site = createStaffSite(
      { 'GET /reviews': [], 'GET /corrections': [] },
      { me: staffMe(['admin', 'reviewer']) },
    );
    renderStaff(site, '/staff/operations/chain');
    expect(await screen.findByText('Your roles do not include this page')).toBeInTheDocument();
    const otherNav = screen.getByRole('navigation', { name: 'Back office sections' });
    expect(within(otherNav).queryByRole('link', { name: 'On-chain wallets' })).toBeNull();
    expect(callsTo(site.calls, 'GET /chain/deposits')).toHaveLength(0);
    expect(callsTo(site.calls, 'GET /chain/sweeps')).toHaveLength(0);
  });
});
