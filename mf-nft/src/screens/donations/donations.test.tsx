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
});

test('no sale yet: an empty state, and the total is zero', async () => {
  root = createFakeSite({ 'GET /index/nftDonations': { total: '0', count: 0, items: [] } }).root;
  renderModule(root, '/nfts?view=donations');
  expect(await screen.findByText('No sale has settled yet.')).toBeInTheDocument();
  expect(screen.getByTestId('donations-total')).toHaveTextContent('0.00 USDT');
});
