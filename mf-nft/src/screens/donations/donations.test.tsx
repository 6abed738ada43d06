import { screen, within } from '@testing-library/react';
import type { RootStore } from '@swx/shared';
import { createFakeSite } from '../../test-support/fake-site';
import { cleanUp, renderModule } from '../../test-support/render-module';

let root: RootStore | undefined;
afterEach(() => cleanUp(root));

test('the public donations page lists each settled sale with a masked winner and its ledger reference', async () => {
  root = createFakeSite({
    'GET /index/nftDonations': {
      total: '420.5',
      count: 2,
      items: [
        {
          nftId: '9',
          title: 'Kite Day',
          charity: 'Children’s Hospital Fund',
          winner: 'c***a',
          amount: '300',
          settledAt: '2026-11-22T18:00:00.000Z',
          ledgerReference: '8812',
        },
        {
          nftId: '4',
          title: 'Tide Pool',
          charity: 'Children’s Hospital Fund',
          winner: 'j***n',
          amount: '120.5',
          settledAt: '2026-11-21T18:00:00.000Z',
          ledgerReference: '8790',
        },
      ],
      raised: '420.5',
      paidOut: '0',
      held: '420.5',
      heldAsOf: '8812',
      payouts: [],
    },
  }).root;
  renderModule(root, '/nfts?view=donations');
  expect(await screen.findByTestId('donations-total')).toHaveTextContent('420.50 USDT');
  const kite = within(screen.getByTestId('donation-9'));
  expect(kite.getByRole('link', { name: 'Kite Day' })).toHaveAttribute('href', '/nfts?id=9');
  expect(kite.getByText('c***a')).toBeInTheDocument();
  expect(kite.getByText('300.00 USDT')).toBeInTheDocument();
  expect(kite.getByText('8812')).toBeInTheDocument();
  expect(screen.getByRole('table', { name: 'Settled sales' })).toBeInTheDocument();
  expect(screen.getByText(/Nothing has been paid out yet/)).toBeInTheDocument();
});

test('payouts to the charity: raised, paid out and held, and each payout with its payment and ledger references', async () => {
  root = createFakeSite({
    'GET /index/nftDonations': {
      total: '420.5',
      count: 1,
      items: [
        {
          nftId: '9',
          title: 'Kite Day',
          charity: 'Children’s Hospital Fund',
          winner: 'c***a',
          amount: '420.5',
          settledAt: '2026-11-22T18:00:00.000Z',
          ledgerReference: '8812',
        },
      ],
      raised: '420.5',
      paidOut: '300',
      held: '120.5',
      heldAsOf: '9001',
      payouts: [
        {
          amount: '300',
          recipient: 'Children’s Hospital Fund',
          reference: 'SEPA-2026-12-01-4711',
          paidAt: '2026-12-01T09:00:00.000Z',
          ledgerReference: '9001',
        },
      ],
    },
  }).root;
  renderModule(root, '/nfts?view=donations');
  expect(await screen.findByTestId('donations-total')).toHaveTextContent('420.50 USDT');
  expect(screen.getByTestId('donations-paid-out')).toHaveTextContent('300.00 USDT');
  expect(screen.getByTestId('donations-held')).toHaveTextContent('120.50 USDT');
  const payouts = screen.getByRole('table', { name: 'Payouts to the charity' });
  const row = within(within(payouts).getByTestId('payout-9001'));
  expect(row.getByText('Children’s Hospital Fund')).toBeInTheDocument();
  expect(row.getByText('300.00 USDT')).toBeInTheDocument();
  expect(row.getByText('SEPA-2026-12-01-4711')).toBeInTheDocument();
  expect(row.getAllByText('9001').length).toBeGreaterThan(0);
});

test('no sale yet: an empty state, and the total is zero', async () => {
  root = createFakeSite({
    'GET /index/nftDonations': {
      total: '0',
      count: 0,
      items: [],
      raised: '0',
      paidOut: '0',
      held: '0',
      heldAsOf: null,
      payouts: [],
    },
  }).root;
  renderModule(root, '/nfts?view=donations');
  expect(await screen.findByText('No sale has settled yet.')).toBeInTheDocument();
  expect(screen.getByTestId('donations-total')).toHaveTextContent('0.00 USDT');
});
