import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toaster, type RootStore } from '@swx/shared';
import { getWatchlist } from '../../../components/watch-star';
import { createFakeSite, listItem, renderScreen, resetRoot } from '../../../test-support/fake-site';
import { MarketScreen } from '../market';

const listed = [
  listItem('BTCUSDT', 2, { appName: 'Bitcoin', zdf: '2.50' }),
  listItem('ETHUSDT', 2, { appName: 'Ethereum', zdf: '-1.20' }),
  listItem('AAPL', 3, { appName: 'Apple', zdf: '0.40', openNow: false }),
  listItem('XAUUSD', 5, { appName: 'Gold', zdf: '-3.10' }),
  listItem('EURUSD', 6, { appName: 'Euro / US Dollar', zdf: null, price: null, nowPrice: null, hundred: [] }),
];

let root: RootStore | undefined;
afterEach(() => {
  resetRoot(root);
  getWatchlist().clear();
});

function rowCodes(): string[] {
  return within(screen.getByTestId('market-list'))
    .getAllByTestId('market-row')
    .map((row) => row.getAttribute('data-code') ?? '');
}

function site(signedIn: boolean, watched: string[] = []) {
  const saved = new Set(watched);
  const fake = createFakeSite(
    {
      'GET /index/listMarketAll': listed,
      'GET /index/feedStatus': { feed: 'simulated', simulated: true },
      'GET /user/watchlist': () => listed.filter((m) => saved.has(m.code)),
      'POST /user/watchlist': (call: { body: { code: string } }) => {
        saved.add(call.body.code);
        return null;
      },
    },
    { signedIn },
  );
  root = fake.root;
  return { ...fake, saved };
}

test('lists every market with its open or closed state', async () => {
  site(false);
  renderScreen(root!, <MarketScreen />, '/market');
  await waitFor(() => expect(rowCodes()).toEqual(['BTCUSDT', 'ETHUSDT', 'AAPL', 'XAUUSD', 'EURUSD']));
  const apple = screen.getByText('Apple').closest('li')!;
  expect(within(apple).getByText('Closed')).toBeInTheDocument();
  // No tick yet for EURUSD: no price is invented.
  const euro = screen.getByText('Euro / US Dollar').closest('li')!;
  expect(within(euro).getAllByText('—')).toHaveLength(2);
});

test('marks a market whose price the server calls stale, and only that one', async () => {
  const stale = listed.map((m) => (m.code === 'ETHUSDT' ? { ...m, stale: true } : m));
  const fake = createFakeSite(
    {
      'GET /index/listMarketAll': stale,
      'GET /index/feedStatus': { feed: 'exchange', simulated: false },
      'GET /user/watchlist': [],
    },
    { signedIn: false },
  );
  root = fake.root;
  renderScreen(root, <MarketScreen />, '/market');
  await waitFor(() => expect(rowCodes()).toHaveLength(5));
  const ethereum = screen.getByText('Ethereum').closest('li')!;
  expect(within(ethereum).getByTestId('stale-badge')).toHaveTextContent('Stale price');
  expect(screen.getAllByTestId('stale-badge')).toHaveLength(1);
});

test('filters by market type and by search', async () => {
  const user = userEvent.setup();
  site(false);
  renderScreen(root!, <MarketScreen />, '/market');
  await waitFor(() => expect(rowCodes()).toHaveLength(5));

  await user.click(screen.getByRole('button', { name: 'Crypto' }));
  expect(rowCodes()).toEqual(['BTCUSDT', 'ETHUSDT']);

  await user.type(screen.getByLabelText('Search markets'), 'eth');
  expect(rowCodes()).toEqual(['ETHUSDT']);

  await user.click(screen.getByRole('button', { name: 'All' }));
  await user.clear(screen.getByLabelText('Search markets'));
  await user.type(screen.getByLabelText('Search markets'), 'gold');
  expect(rowCodes()).toEqual(['XAUUSD']);

  await user.type(screen.getByLabelText('Search markets'), 'zzz');
  expect(screen.getByText('No matching markets')).toBeInTheDocument();
});

test('shows local market names in the page language and finds markets by them', async () => {
  const user = userEvent.setup();
  const fake = createFakeSite(
    { 'GET /index/listMarketAll': listed, 'GET /user/watchlist': [] },
    { signedIn: false, language: 'de' },
  );
  root = fake.root;
  renderScreen(root, <MarketScreen />, '/market');
  await waitFor(() => expect(rowCodes()).toHaveLength(5));
  // A local name where German has one; the catalogue's proper name, marked as such, where it has not.
  expect(screen.getByText('Euro / US-Dollar')).not.toHaveAttribute('translate');
  expect(screen.getByText('Apple')).toHaveAttribute('translate', 'no');
  await user.type(screen.getByRole('searchbox'), 'US-Dollar');
  expect(rowCodes()).toEqual(['EURUSD']);
  // The search follows a language switch: English names the pair "Euro / US Dollar".
  await act(async () => root!.settings.setLanguage('en'));
  await waitFor(() => expect(screen.getByText('No matching markets')).toBeInTheDocument());
});

test('sorts by change, highest first then lowest first; markets without a change stay last', async () => {
  const user = userEvent.setup();
  site(false);
  renderScreen(root!, <MarketScreen />, '/market');
  await waitFor(() => expect(rowCodes()).toHaveLength(5));
  const sort = screen.getByRole('button', { name: /Sort by change/ });

  await user.click(sort);
  expect(rowCodes()).toEqual(['BTCUSDT', 'AAPL', 'ETHUSDT', 'XAUUSD', 'EURUSD']);
  await user.click(sort);
  expect(rowCodes()).toEqual(['XAUUSD', 'ETHUSDT', 'AAPL', 'BTCUSDT', 'EURUSD']);

  // The order follows the live feed, not the list call.
  act(() => root!.market.applyTicks([{ code: 'BTCUSDT', price: '90', zdf: '-9.00', time: 1 }]));
  expect(rowCodes()[0]).toBe('BTCUSDT');
});

test('a signed-in customer stars a market, it is saved and shows in the watchlist tab', async () => {
  const user = userEvent.setup();
  const { saved, calls } = site(true, ['AAPL']);
  renderScreen(root!, <MarketScreen />, '/market');
  await waitFor(() => expect(rowCodes()).toHaveLength(5));
  await waitFor(() =>
    expect(screen.getByRole('button', { name: 'Remove Apple from watchlist' })).toHaveAttribute(
      'aria-pressed',
      'true',
    ),
  );

  await user.click(screen.getByRole('button', { name: 'Add Bitcoin to watchlist' }));
  await waitFor(() => expect(saved.has('BTCUSDT')).toBe(true));
  expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ code: 'BTCUSDT' });

  await user.click(screen.getByRole('tab', { name: 'Watchlist' }));
  expect(rowCodes()).toEqual(['BTCUSDT', 'AAPL']);
  // Starring did not open the market.
  expect(screen.getByTestId('location')).toHaveTextContent('/market');
});

test('a signed-out customer who stars a market is sent to log in, and nothing is saved', async () => {
  const user = userEvent.setup();
  const { calls } = site(false);
  renderScreen(root!, <MarketScreen />, '/market');
  await waitFor(() => expect(rowCodes()).toHaveLength(5));

  await user.click(screen.getByRole('button', { name: 'Add Bitcoin to watchlist' }));
  // The star asks the watchlist first, so the move to sign in comes a tick after the click.
  await waitFor(() =>
    expect(screen.getByTestId('location')).toHaveTextContent('/pass/login?redirect=%2Fmarket'),
  );
  expect(calls.some((c) => c.path === '/user/watchlist')).toBe(false);
});

test('the watchlist tab asks a signed-out customer to log in', async () => {
  const user = userEvent.setup();
  site(false);
  renderScreen(root!, <MarketScreen />, '/market');
  await user.click(screen.getByRole('tab', { name: 'Watchlist' }));
  expect(screen.getByText('Sign in to keep a watchlist')).toBeInTheDocument();
});

test('an empty watchlist says how to add to it', async () => {
  const user = userEvent.setup();
  site(true, []);
  renderScreen(root!, <MarketScreen />, '/market');
  await waitFor(() => expect(rowCodes()).toHaveLength(5));
  await user.click(screen.getByRole('tab', { name: 'Watchlist' }));
  expect(screen.getByText('Your watchlist is empty')).toBeInTheDocument();
});

test('a failed list call shows an error with a retry', async () => {
  const user = userEvent.setup();
  let fail = true;
  root = createFakeSite({
    'GET /index/listMarketAll': () => (fail ? new Error('down') : listed),
    'GET /index/feedStatus': { feed: 'simulated', simulated: true },
  }).root;
  renderScreen(root, <MarketScreen />, '/market');
  await screen.findByText('Markets could not be loaded');
  fail = false;
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  await waitFor(() => expect(rowCodes()).toHaveLength(5));
});

test('a star the server refuses goes back, and the customer is told', async () => {
  const user = userEvent.setup();
  root = createFakeSite(
    {
      'GET /index/listMarketAll': listed,
      'GET /index/feedStatus': { feed: 'simulated', simulated: true },
      'GET /user/watchlist': [],
      'POST /user/watchlist': () => new Error('watchlist is full'),
    },
    { signedIn: true },
  ).root;
  renderScreen(root, <MarketScreen />, '/market');
  await waitFor(() => expect(rowCodes()).toHaveLength(5));
  await user.click(screen.getByRole('button', { name: 'Add Bitcoin to watchlist' }));
  await waitFor(() =>
    expect(screen.getByRole('button', { name: 'Add Bitcoin to watchlist' })).toHaveAttribute(
      'aria-pressed',
      'false',
    ),
  );
  expect(toaster.items.map((item) => item.message)).toContain(
    'Your watchlist could not be saved. Please try again.',
  );
});
