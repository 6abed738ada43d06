import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RootStore } from '@swx/shared';
import { createFakeSite, listItem, renderScreen, resetRoot } from '../../../../test-support/fake-site';
import { tradingRoutes } from '../../../../test-support/trading-routes';
import { TradingScreen } from '../../trading';

let root: RootStore | undefined;
afterEach(() => resetRoot(root));

function site(signedIn = true) {
  const fake = createFakeSite(
    tradingRoutes({
      'GET /user/watchlist': [listItem('AAPL', 3, { appName: 'Apple' })],
    }),
    { signedIn },
  );
  root = fake.root;
  return fake;
}

const options = () => screen.getAllByRole('option').map((option) => option.getAttribute('data-code'));

test('searches by name, moves with the arrow keys and chooses with Enter', async () => {
  const { root } = site();
  const user = userEvent.setup();
  renderScreen(root, <TradingScreen />, '/trading?code=BTCUSDT');
  const trigger = await screen.findByRole('button', { name: /^Market/ });
  await waitFor(() => expect(trigger).toHaveTextContent('Bitcoin · BTCUSDT'));
  expect(trigger).toHaveAttribute('aria-expanded', 'false');

  await user.click(trigger);
  const search = screen.getByRole('combobox', { name: 'Search markets' });
  expect(search).toHaveFocus();
  expect(options()).toEqual(['BTCUSDT', 'ETHUSDT', 'AAPL']);
  expect(screen.getByRole('option', { name: /BTCUSDT/ })).toHaveAttribute('aria-selected', 'true');

  await user.type(search, 'e');
  expect(options()).toEqual(['ETHUSDT', 'AAPL']);
  await user.keyboard('{ArrowDown}');
  const apple = screen.getByRole('option', { name: /AAPL/ });
  expect(search).toHaveAttribute('aria-activedescendant', apple.id);
  await user.keyboard('{Enter}');

  expect(screen.queryByRole('combobox', { name: 'Search markets' })).not.toBeInTheDocument();
  expect(trigger).toHaveFocus();
  await waitFor(() => expect(trigger).toHaveTextContent('Apple · AAPL'));
  await waitFor(() => expect(root.socket.subscribedCodes).toContain('AAPL'));
});

test('type tabs follow the catalogue and the watchlist is a tab of its own', async () => {
  const { root } = site();
  const user = userEvent.setup();
  renderScreen(root, <TradingScreen />, '/trading?code=BTCUSDT');
  await user.click(await screen.findByRole('button', { name: /^Market/ }));
  const tabs = screen.getByRole('tablist', { name: 'Market type' });
  expect(
    within(tabs)
      .getAllByRole('tab')
      .map((tab) => tab.textContent),
  ).toEqual(['All', 'Watchlist', 'Crypto', 'Stocks']);
  await user.click(within(tabs).getByRole('tab', { name: 'Stocks' }));
  expect(options()).toEqual(['AAPL']);
  await user.click(within(tabs).getByRole('tab', { name: 'Watchlist' }));
  await waitFor(() => expect(options()).toEqual(['AAPL']));
  await user.click(within(tabs).getByRole('tab', { name: 'Crypto' }));
  await user.type(screen.getByRole('combobox', { name: 'Search markets' }), 'zzz');
  expect(screen.getByRole('status')).toHaveTextContent('No market matches your search.');
});

test('Escape closes without changing the market; signed out there is no watchlist tab', async () => {
  const { root } = site(false);
  const user = userEvent.setup();
  renderScreen(root, <TradingScreen />, '/trading?code=ETHUSDT');
  const trigger = await screen.findByRole('button', { name: /^Market/ });
  await user.click(trigger);
  expect(screen.queryByRole('tab', { name: 'Watchlist' })).not.toBeInTheDocument();
  await user.keyboard('{ArrowDown}{Escape}');
  expect(screen.queryByRole('dialog', { name: 'Choose a market' })).not.toBeInTheDocument();
  expect(trigger).toHaveFocus();
  expect(trigger).toHaveAttribute('data-code', 'ETHUSDT');
});
