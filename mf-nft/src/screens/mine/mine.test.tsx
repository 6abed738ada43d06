import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RootStore } from '@swx/shared';
import type { MyNfts } from '@swx/shared/contract';
import { createFakeSite, listing } from '../../test-support/fake-site';
import { cleanUp, renderModule } from '../../test-support/render-module';

let root: RootStore | undefined;
afterEach(() => cleanUp(root));

const won = listing('3', { title: 'Kite Day', status: 'ended', outcome: 'sold', remainingSeconds: 0 });
const mine: MyNfts = {
  owned: [{ nft: won, price: '300', acquiredAt: '2026-11-22T18:00:00.000Z' }],
  bids: [
    {
      nft: listing('7', { title: 'Paper Crane' }),
      myHighestBid: '120',
      held: '120',
      status: 'winning',
      lastBidAt: '2026-11-23T10:05:00.000Z',
    },
    {
      nft: listing('8', { title: 'Lantern Walk' }),
      myHighestBid: '90',
      held: '0',
      status: 'outbid',
      lastBidAt: '2026-11-23T09:00:00.000Z',
    },
    { nft: won, myHighestBid: '300', held: '0', status: 'won', lastBidAt: '2026-11-22T17:59:00.000Z' },
    {
      nft: listing('4', { title: 'Tide Pool', status: 'ended', outcome: 'sold' }),
      myHighestBid: '40',
      held: '0',
      status: 'lost',
      lastBidAt: '2026-11-21T09:00:00.000Z',
    },
  ],
};

test('my NFTs say what was paid and that the platform holds them; my bids show winning, outbid, won and lost', async () => {
  root = createFakeSite({ 'GET /user/listNft': mine }, { signedIn: true, mode: 'real' }).root;
  renderModule(root, '/nfts?view=mine');
  const owned = await screen.findByTestId('owned-3');
  expect(within(owned).getByRole('link', { name: 'Kite Day' })).toHaveAttribute('href', '/nfts?id=3');
  expect(within(owned).getByText('300.00 USDT')).toBeInTheDocument();
  expect(screen.getByText(/on-chain withdrawal not offered yet/)).toBeInTheDocument();

  await userEvent.click(screen.getByRole('tab', { name: 'My bids' }));
  const status = (id: string) => within(screen.getByTestId(`my-bid-${id}`));
  expect(status('7').getByText('Winning')).toBeInTheDocument();
  expect(status('7').getAllByText('120.00 USDT')).toHaveLength(2);
  expect(status('8').getByText('Outbid')).toBeInTheDocument();
  expect(status('3').getByText('Won')).toBeInTheDocument();
  expect(status('4').getByText('Lost')).toBeInTheDocument();
});

test('a notice on the socket (outbid, won) loads the lists again', async () => {
  const fake = createFakeSite({ 'GET /user/listNft': mine }, { signedIn: true, mode: 'real' });
  root = fake.root;
  const view = renderModule(root, '/nfts?view=mine');
  await screen.findByTestId('owned-3');
  const loads = () => fake.calls.filter((call) => call.path === '/user/listNft').length;
  const before = loads();
  view.push({ type: 'notification', kind: 'nft.won', params: { nftId: '7', title: 'Paper Crane' } });
  await screen.findByTestId('owned-3');
  expect(loads()).toBe(before + 1);
});

test('visitors sign in first', async () => {
  root = createFakeSite({}).root;
  const view = renderModule(root, '/nfts?view=mine');
  expect(view.location()).toBe('/pass/login?redirect=%2Fnfts%3Fview%3Dmine');
});
