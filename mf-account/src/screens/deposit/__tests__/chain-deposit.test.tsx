import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccountEvent, RootStore } from '@swx/shared';
import type { AssetInfo, ChainDeposit, ChainDepositAddresses, DepositOptions } from '@swx/shared/contract';
import { createFakeSite, renderScreen, resetRoot } from '../../../test-support/fake-site';
import { DepositScreen } from '../deposit';

let root: RootStore | undefined;
afterEach(() => resetRoot(root));

const qr = 'data:image/svg+xml;base64,PHN2Zy8+';
const addresses: ChainDepositAddresses = {
  networks: [
    {
      network: 'ethereum',
      name: 'Ethereum',
      chainId: 1,
      confirmations: 12,
      address: '0x1111111111111111111111111111111111111111',
      qrCode: qr,
      explorerTxUrl: 'https://etherscan.io/tx/{txHash}',
      coins: [
        { coin: 'ETH', contract: null, decimals: 18, minimum: '0.2' },
        { coin: 'USDT', contract: '0xdac17f958d2ee523a2206206994597c13d831ec7', decimals: 6, minimum: '120' },
      ],
    },
    {
      network: 'base',
      name: 'Base',
      chainId: 8453,
      confirmations: 3,
      address: '0x2222222222222222222222222222222222222222',
      qrCode: qr,
      explorerTxUrl: null,
      coins: [{ coin: 'ETH', contract: null, decimals: 18, minimum: '0.2' }],
    },
  ],
};

// The watched Ethereum took USDT on ERC20 and ETH over: the form keeps the others.
const reviewed: DepositOptions = {
  coins: [
    { coin: 'USDT', minimum: '120', networks: [{ network: 'TRC20', address: 'TXYZplatform', qrCode: qr }] },
  ],
};

const hash = `0x${'ab'.repeat(32)}`;
const seen: ChainDeposit = {
  id: '7',
  network: 'ethereum',
  networkName: 'Ethereum',
  coin: 'ETH',
  tokenContract: null,
  amount: '1.5',
  creditedAmount: null,
  txHash: hash,
  explorerUrl: `https://etherscan.io/tx/${hash}`,
  status: 'seen',
  confirmations: 3,
  confirmationsRequired: 12,
  seenAt: '2026-11-28T10:00:00.000Z',
  creditedAt: null,
};

const assets = (eth: string): AssetInfo => ({
  mode: 'real',
  assets: [{ currency: 'ETH', available: eth, held: '0', priceUsdt: null, valueUsdt: null }],
  totalUsdt: '0',
});

/** A fake site with the chain's routes; `state` is what the server answers now. */
function chainSite(state: { deposits: ChainDeposit[]; eth: string }, options: DepositOptions = reviewed) {
  const site = createFakeSite(
    {
      'GET /user/depositAddresses': addresses,
      'GET /user/chainDeposits': () => state.deposits,
      'GET /user/depositOptions': options,
      'GET /user/listRecharge': [],
      'GET /order/getAssestInfo/all': () => assets(state.eth),
    },
    { signedIn: true, mode: 'real' },
  );
  // The socket's account events, delivered as the server's frames would be.
  const listeners: ((event: AccountEvent) => void)[] = [];
  const original = site.root.socket.onAccountEvent.bind(site.root.socket);
  jest.spyOn(site.root.socket, 'onAccountEvent').mockImplementation((listener) => {
    listeners.push(listener);
    return original(listener);
  });
  const push = (event: AccountEvent) => act(() => listeners.forEach((listener) => listener(event)));
  return { ...site, push };
}

test('each watched network shows its name in large type, the own address with QR code and copy, coins and minimums', async () => {
  const site = chainSite({ deposits: [], eth: '0' });
  root = site.root;
  renderScreen(root, <DepositScreen />, '/profile/deposit');
  const ethereum = await screen.findByRole('region', { name: 'Ethereum' });
  expect(within(ethereum).getByRole('heading', { level: 3, name: 'Ethereum' })).toBeInTheDocument();
  expect(within(ethereum).getByText('0x1111111111111111111111111111111111111111')).toBeInTheDocument();
  expect(
    within(ethereum).getByRole('img', { name: 'QR code of your deposit address on Ethereum' }),
  ).toBeInTheDocument();
  expect(within(ethereum).getByRole('button', { name: 'Copy the Ethereum address' })).toBeInTheDocument();
  expect(
    within(ethereum).getByText('Send only on Ethereum. A transfer on any other network is not credited.'),
  ).toBeInTheDocument();
  expect(within(ethereum).getByText('Credited after 12 confirmations')).toBeInTheDocument();
  const coins = within(ethereum).getByRole('list', { name: 'Coins accepted on Ethereum' });
  expect(within(coins).getByText('minimum 120 USDT')).toBeInTheDocument();
  expect(within(coins).getByText('0xdac17f958d2ee523a2206206994597c13d831ec7')).toBeInTheDocument();
  const base = screen.getByRole('region', { name: 'Base' });
  expect(within(base).getByText('0x2222222222222222222222222222222222222222')).toBeInTheDocument();
  // The reviewed form stays for the networks not watched.
  expect(screen.getByRole('heading', { name: 'Other networks (reviewed by our staff)' })).toBeInTheDocument();
  expect(await screen.findByText('TXYZplatform')).toBeInTheDocument();
  expect(screen.getByText('No transfers to your addresses yet')).toBeInTheDocument();
});

test('the copy button is reached with the keyboard', async () => {
  const site = chainSite({ deposits: [], eth: '0' });
  root = site.root;
  renderScreen(root, <DepositScreen />, '/profile/deposit');
  await screen.findByRole('region', { name: 'Ethereum' });
  const copy = screen.getByRole('button', { name: 'Copy the Ethereum address' });
  for (let i = 0; i < 10 && document.activeElement !== copy; i += 1) await userEvent.tab();
  expect(copy).toHaveFocus();
});

test('without any watched network, the reviewed form is all there is', async () => {
  const site = createFakeSite(
    {
      'GET /user/depositAddresses': { networks: [] },
      'GET /user/depositOptions': reviewed,
      'GET /user/listRecharge': [],
    },
    { signedIn: true, mode: 'real' },
  );
  root = site.root;
  renderScreen(root, <DepositScreen />, '/profile/deposit');
  expect(await screen.findByText('TXYZplatform')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Deposit crypto' })).toBeInTheDocument();
  expect(screen.queryByText('Deposits from the chain')).not.toBeInTheDocument();
  expect(site.calls.some((call) => call.path === '/user/chainDeposits')).toBe(false);
});

test('a transfer counts its confirmations up live, then shows credited with the balance, linked to the explorer', async () => {
  const state = { deposits: [seen], eth: '0' };
  const site = chainSite(state);
  root = site.root;
  renderScreen(root, <DepositScreen />, '/profile/deposit');
  expect(await screen.findByText('Seen, 3 of 12 confirmations')).toBeInTheDocument();
  const link = screen.getByRole('link', {
    name: `Transaction ${hash} on the Ethereum explorer (opens in a new tab)`,
  });
  expect(link).toHaveAttribute('href', `https://etherscan.io/tx/${hash}`);
  expect(link).toHaveAttribute('target', '_blank');
  expect(screen.getByTestId('chain-balance-ETH')).toHaveTextContent(/^0(\.0*)? ETH$/);
  const listCalls = () => site.calls.filter((call) => call.path === '/user/chainDeposits').length;
  const loaded = listCalls();

  const event = {
    type: 'chain.deposit',
    id: '7',
    network: 'ethereum',
    status: 'seen',
    confirmationsRequired: 12,
  };
  site.push({ ...event, confirmations: 4 });
  expect(screen.getByText('Seen, 4 of 12 confirmations')).toBeInTheDocument();
  expect(screen.getByRole('progressbar', { name: 'Seen, 4 of 12 confirmations' })).toHaveAttribute(
    'value',
    '4',
  );
  site.push({ ...event, confirmations: 11 });
  expect(screen.getByText('Seen, 11 of 12 confirmations')).toBeInTheDocument();
  // An older event arriving late does not take the count back.
  site.push({ ...event, confirmations: 9 });
  expect(screen.getByText('Seen, 11 of 12 confirmations')).toBeInTheDocument();
  // Confirmations moved in place: the list was not asked again.
  expect(listCalls()).toBe(loaded);
  // Events of other kinds are not this screen's.
  site.push({ type: 'notification', id: '1' });

  state.deposits = [
    {
      ...seen,
      status: 'credited',
      confirmations: 12,
      creditedAmount: '1.5',
      creditedAt: '2026-11-28T10:03:00.000Z',
    },
  ];
  state.eth = '1.5';
  site.push({ ...event, status: 'credited', confirmations: 12 });
  // At once, before the list is loaded again: never the count first loaded (3) in between.
  expect(screen.queryByText(/^Seen, /)).not.toBeInTheDocument();
  expect(screen.getByText('Credited')).toBeInTheDocument();
  expect(await screen.findByText('Credited')).toBeInTheDocument();
  expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  await waitFor(() => expect(screen.getByTestId('chain-balance-ETH')).toHaveTextContent(/^1\.50* ETH$/));
  expect(listCalls()).toBe(loaded + 1);
});

test('a new transfer appears live, and one not credited says why', async () => {
  const state = { deposits: [] as ChainDeposit[], eth: '0' };
  const site = chainSite(state);
  root = site.root;
  renderScreen(root, <DepositScreen />, '/profile/deposit');
  await screen.findByText('No transfers to your addresses yet');
  state.deposits = [{ ...seen, id: '8', status: 'below_minimum', amount: '0.1', confirmations: 1 }];
  site.push({
    type: 'chain.deposit',
    id: '8',
    network: 'ethereum',
    status: 'below_minimum',
    confirmations: 1,
    confirmationsRequired: 12,
  });
  expect(await screen.findByText('Below the minimum deposit for this coin.')).toBeInTheDocument();
  expect(screen.getByText('Not credited')).toBeInTheDocument();
});
