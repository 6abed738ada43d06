import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RootStore } from '@swx/shared';
import type { BuyNftResult } from '@swx/shared/contract';
import {
  Refusal,
  createFakeSite,
  detailOf,
  field,
  listing,
  resetRoot,
  type ApiCall,
  type FakeSiteOptions,
} from '../../test-support/fake-site';
import { cleanUp, renderModule } from '../../test-support/render-module';

let root: RootStore | undefined;
afterEach(() => cleanUp(root));

const nft = listing('7', { title: 'Paper Crane' });
const detail = detailOf(nft);
const assets = (available: string) => ({
  mode: 'real',
  assets: [{ currency: 'USDT', available, held: '0', priceUsdt: '1', valueUsdt: available }],
  totalUsdt: available,
});

function site(routes: Record<string, unknown> = {}, options: FakeSiteOptions = {}) {
  const fake = createFakeSite(
    {
      'GET /index/getNft/7': detail,
      'GET /order/getAssestInfo/USDT': assets('500'),
      'GET /user/listNft': { bids: [], owned: [] },
      ...routes,
    },
    { signedIn: true, mode: 'real', ...options },
  );
  root = fake.root;
  return fake;
}

test('shows the facts, the live figures, the rules in plain words, the custody statement and the masked history', async () => {
  site();
  renderModule(root!, '/nfts?id=7');
  expect(await screen.findByRole('heading', { level: 1, name: 'Paper Crane' })).toBeInTheDocument();
  expect(screen.getByTestId('detail-current-bid')).toHaveTextContent('120.00 USDT');
  expect(screen.getByTestId('next-minimum')).toHaveTextContent('126.00 USDT');
  expect(screen.getByTestId('donated')).toHaveTextContent('0.00 USDT');
  expect(screen.getByText(/at least 5% above the current bid/)).toBeInTheDocument();
  expect(screen.getByTestId('extension-rule')).toHaveTextContent(
    'A bid in the last 5 minutes moves the end to 5 minutes after that bid, so nobody wins by bidding at the last second. The end moves by at most 1 hour in total.',
  );
  expect(screen.getByTestId('custody')).toHaveTextContent(/not transferred to your wallet/);
  expect(screen.getByText('0x5fbdb2315678afecb367f032d93f642f64180aa3')).toBeInTheDocument();
  const history = within(screen.getByRole('table'));
  expect(history.getAllByTestId('bid-row')).toHaveLength(2);
  expect(history.getByText('b***o')).toBeInTheDocument();
  expect(history.getByText('120.00 USDT')).toBeInTheDocument();
});

test('a bid is checked, reviewed with its hold explained, and sent once with an idempotency key', async () => {
  const bids: ApiCall[] = [];
  const after = listing('7', { currentBid: '130', nextMinimumBid: '136.5', bidCount: 3 });
  const answer: BuyNftResult = {
    nft: after,
    bid: { id: '13', bidder: 'a***a', amount: '130', createdAt: new Date().toISOString(), extended: false },
    held: '130',
    heldNow: '130',
    extended: false,
  };
  site({
    'POST /user/buyNft': (call: ApiCall) => {
      bids.push(call);
      return answer;
    },
  });
  renderModule(root!, '/nfts?id=7');
  await screen.findByTestId('available');
  expect(screen.getByTestId('available')).toHaveTextContent('Available: 500.00 USDT');
  const amount = field('Your bid (USDT)');

  await userEvent.type(amount, '125');
  await userEvent.click(screen.getByRole('button', { name: 'Review bid' }));
  expect(screen.getByText('Your bid must be at least 126.00 USDT.')).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

  await userEvent.clear(amount);
  await userEvent.type(amount, '600');
  await userEvent.click(screen.getByRole('button', { name: 'Review bid' }));
  expect(screen.getByText('Your available balance is not enough for this bid.')).toBeInTheDocument();

  await userEvent.clear(amount);
  await userEvent.type(amount, '130');
  await userEvent.click(screen.getByRole('button', { name: 'Review bid' }));
  const dialog = within(screen.getByRole('dialog', { name: 'Confirm your bid' }));
  expect(dialog.getByTestId('review-amount')).toHaveTextContent('130.00 USDT');
  expect(dialog.getByTestId('review-hold')).toHaveTextContent('130.00 USDT');
  expect(dialog.getByText(/is held from your available balance until the auction ends/)).toBeInTheDocument();
  expect(bids).toHaveLength(0);

  await userEvent.click(dialog.getByRole('button', { name: 'Confirm bid' }));
  expect(await screen.findByText('Bid placed: 130.00 USDT')).toBeInTheDocument();
  expect(bids).toHaveLength(1);
  expect(bids[0]!.body).toEqual({ nftId: '7', amount: '130' });
  expect(bids[0]!.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
  expect(bids[0]!.headers.virtually).toBe('YES');
  await waitFor(() => expect(screen.getByTestId('detail-current-bid')).toHaveTextContent('130.00 USDT'));
});

test('the leader raising their own bid sees that only the difference is held', async () => {
  site({
    'GET /user/listNft': {
      bids: [
        { nft, myHighestBid: '120', held: '120', status: 'winning', lastBidAt: '2026-11-23T10:05:00.000Z' },
      ],
      owned: [],
    },
  });
  renderModule(root!, '/nfts?id=7');
  expect(await screen.findByText('You are the highest bidder.')).toBeInTheDocument();
  await userEvent.type(field('Your bid (USDT)'), '200');
  await userEvent.click(screen.getByRole('button', { name: 'Review bid' }));
  const dialog = within(screen.getByRole('dialog'));
  expect(dialog.getByTestId('review-hold')).toHaveTextContent('80.00 USDT');
  expect(dialog.getByText(/only the difference, 80.00/)).toBeInTheDocument();
});

test('a refusal from the server is shown in the customer’s words and nothing else changes', async () => {
  site({ 'POST /user/buyNft': new Refusal('10011') });
  renderModule(root!, '/nfts?id=7');
  await screen.findByTestId('available');
  await userEvent.type(field('Your bid (USDT)'), '130');
  await userEvent.click(screen.getByRole('button', { name: 'Review bid' }));
  await userEvent.click(screen.getByRole('button', { name: 'Confirm bid' }));
  expect(
    await screen.findByText('Insufficient balance: deposit or release the deposit before purchase'),
  ).toBeInTheDocument();
  expect(screen.getByTestId('detail-current-bid')).toHaveTextContent('120.00 USDT');
});

test('demo customers are asked to switch to the real account; visitors to sign in', async () => {
  site({}, { mode: 'demo' });
  const view = renderModule(root!, '/nfts?id=7');
  expect(await screen.findByRole('button', { name: 'Switch to the real account' })).toBeInTheDocument();
  expect(screen.queryByLabelText(/Your bid/)).not.toBeInTheDocument();
  view.unmount();
  resetRoot(root);

  site({}, { signedIn: false });
  renderModule(root!, '/nfts?id=7');
  const signIn = await screen.findByRole('link', { name: 'Sign in to bid' });
  expect(signIn).toHaveAttribute('href', '/pass/login?redirect=%2Fnfts%3Fid%3D7');
});

test('a new bid on the socket updates the figures and fetches the history again', async () => {
  const { calls } = site();
  const view = renderModule(root!, '/nfts?id=7');
  await screen.findByTestId('detail-current-bid');
  const loads = () => calls.filter((call) => call.path === '/index/getNft/7').length;
  const before = loads();
  view.push({
    type: 'nft.bid',
    nftId: '7',
    currentBid: '140',
    nextMinimumBid: '147',
    bidCount: 3,
    endsAt: nft.endsAt,
  });
  expect(screen.getByTestId('detail-current-bid')).toHaveTextContent('140.00 USDT');
  expect(screen.getByTestId('next-minimum')).toHaveTextContent('147.00 USDT');
  await waitFor(() => expect(loads()).toBeGreaterThan(before));
});

test('an outbid notice says the hold was released and refreshes the available balance', async () => {
  let available = '380';
  const { calls } = site({ 'GET /order/getAssestInfo/USDT': () => assets(available) });
  const view = renderModule(root!, '/nfts?id=7');
  expect(await screen.findByTestId('available')).toHaveTextContent('380.00 USDT');
  available = '500';
  view.push({
    type: 'notification',
    id: '55',
    kind: 'nft.outbid',
    titleKey: 'notifications.nft.outbid.title',
    bodyKey: 'notifications.nft.outbid.body',
    params: { title: 'Paper Crane', nftId: '7', amount: '120' },
    referenceType: 'nft',
    referenceId: '7',
  });
  expect(
    await screen.findByText('You were outbid on Paper Crane. Your hold was released.'),
  ).toBeInTheDocument();
  await waitFor(() => expect(screen.getByTestId('available')).toHaveTextContent('500.00 USDT'));
  expect(calls.filter((call) => call.path === '/order/getAssestInfo/USDT').length).toBeGreaterThan(1);
});

test('an unknown listing says so', async () => {
  site({ 'GET /index/getNft/7': new Refusal('11140') });
  renderModule(root!, '/nfts?id=7');
  expect(await screen.findByText('This NFT does not exist or is no longer listed.')).toBeInTheDocument();
});

test('when the settlement job closes the auction, the page shows the outcome, the owner and the donation', async () => {
  let answer = detail;
  site({ 'GET /index/getNft/7': () => answer });
  const view = renderModule(root!, '/nfts?id=7');
  await screen.findByTestId('detail-current-bid');
  answer = detailOf(
    listing('7', {
      title: 'Paper Crane',
      status: 'ended',
      outcome: 'sold',
      owner: 'b***o',
      donated: '120',
      remainingSeconds: 0,
    }),
    { donationReference: '8812' },
  );
  view.push({ type: 'nft.settled', nftId: '7', outcome: 'sold' });
  expect(await screen.findByText('Sold')).toBeInTheDocument();
  expect(screen.getByTestId('donated')).toHaveTextContent('120.00 USDT');
  expect(screen.getByText('8812')).toBeInTheDocument();
  expect(screen.getByText('This auction is not taking bids.')).toBeInTheDocument();
});
