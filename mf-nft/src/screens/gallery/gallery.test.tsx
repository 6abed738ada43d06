import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RootStore } from '@swx/shared';
import { createFakeSite, listing, rules } from '../../test-support/fake-site';
import { cleanUp, renderModule } from '../../test-support/render-module';

let root: RootStore | undefined;
afterEach(() => cleanUp(root));

const live = listing('7', { title: 'Paper Crane' });
const upcoming = listing('8', {
  title: 'Lantern Walk',
  status: 'upcoming',
  currentBid: null,
  nextMinimumBid: '50',
  startingBid: '50',
  bidCount: 0,
  startsAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
  endsAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
});
const sold = listing('9', {
  title: 'Kite Day',
  status: 'ended',
  outcome: 'sold',
  currentBid: '300',
  donated: '300',
  owner: 'c***a',
  remainingSeconds: 0,
});

function site() {
  const fake = createFakeSite({
    'GET /index/listNft': (call: { query: URLSearchParams }) => {
      const status = call.query.get('status');
      const items = [live, upcoming, sold].filter((item) => !status || item.status === status);
      return { items, totalDonated: '300', rules };
    },
  });
  root = fake.root;
  return fake;
}

test('lists every auction with artwork, state, current or starting bid, time left and the total donated', async () => {
  site();
  renderModule(root!, '/nfts');
  const list = await screen.findByRole('list', { name: 'Charity NFTs' });
  const cards = within(list).getAllByRole('listitem');
  expect(cards).toHaveLength(3);
  const crane = within(screen.getByTestId('nft-card-7'));
  expect(crane.getByRole('img', { name: 'Artwork: Paper Crane' })).toHaveAttribute(
    'src',
    '/swx/customer/index/nftImage/7',
  );
  expect(crane.getByRole('link', { name: 'Paper Crane' })).toHaveAttribute('href', '/nfts?id=7');
  expect(crane.getByText('Live')).toBeInTheDocument();
  expect(crane.getByText('Current bid')).toBeInTheDocument();
  expect(crane.getByTestId('current-bid')).toHaveTextContent('120.00 USDT');
  expect(crane.getByText('Ends in')).toBeInTheDocument();
  expect(crane.getByTestId('countdown')).toHaveTextContent(/^(59 min \d+ s|1 h 0 min 0 s)$/);
  const lantern = within(screen.getByTestId('nft-card-8'));
  expect(lantern.getByText('Starting bid')).toBeInTheDocument();
  expect(lantern.getByText('Starts in')).toBeInTheDocument();
  expect(lantern.getByTestId('countdown')).toHaveTextContent(/^1 d 23 h 59 min$|^2 d 0 h 0 min$/);
  const kite = within(screen.getByTestId('nft-card-9'));
  expect(kite.getByText('Sold')).toBeInTheDocument();
  expect(kite.getByText('Donated')).toBeInTheDocument();
  expect(screen.getByTestId('total-donated')).toHaveTextContent('300.00 USDT');
});

test('the filters ask the server for live, upcoming or ended auctions and keep the choice in the address', async () => {
  const { calls } = site();
  const view = renderModule(root!, '/nfts');
  await screen.findByTestId('nft-card-9');
  await userEvent.click(screen.getByRole('tab', { name: 'Ended' }));
  await waitFor(() => expect(screen.queryByTestId('nft-card-7')).not.toBeInTheDocument());
  expect(screen.getByTestId('nft-card-9')).toBeInTheDocument();
  expect(calls.at(-1)!.query.get('status')).toBe('ended');
  expect(view.location()).toBe('/nfts?status=ended');
  await userEvent.click(screen.getByRole('tab', { name: 'Upcoming' }));
  await screen.findByTestId('nft-card-8');
  expect(screen.queryByTestId('nft-card-9')).not.toBeInTheDocument();
});

test('a bid announced on the socket moves the current bid at once, and an older event does not move it back', async () => {
  site();
  const view = renderModule(root!, '/nfts');
  await screen.findByTestId('nft-card-7');
  const event = { nftId: '7', nextMinimumBid: '157.5', endsAt: live.endsAt };
  view.push({ type: 'nft.bid', ...event, currentBid: '150', bidCount: 3 });
  const card = within(screen.getByTestId('nft-card-7'));
  expect(card.getByTestId('current-bid')).toHaveTextContent('150.00 USDT');
  expect(card.getByText('Bids: 3')).toBeInTheDocument();
  view.push({ type: 'nft.bid', ...event, currentBid: '126', bidCount: 2 });
  expect(card.getByTestId('current-bid')).toHaveTextContent('150.00 USDT');
});

test('an empty filter says so instead of showing invented listings', async () => {
  root = createFakeSite({ 'GET /index/listNft': { items: [], totalDonated: '0', rules } }).root;
  renderModule(root, '/nfts?status=live');
  expect(await screen.findByText('No auctions here yet')).toBeInTheDocument();
  expect(screen.getByText('No auction matches this filter.')).toBeInTheDocument();
});
