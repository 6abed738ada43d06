import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RootStore } from '@swx/shared';
import { createFakeSite, renderScreen, resetRoot } from '../../../../test-support/fake-site';
import { position, tradingRoutes } from '../../../../test-support/trading-routes';
import { TradingScreen } from '../../trading';
import { positionLevels } from '../position-levels';
import { CHART_FOLDED_KEY } from '../trading-chart';

let root: RootStore | undefined;
afterEach(() => {
  resetRoot(root);
  localStorage.clear();
});

test('the levels are the open positions of the chosen market, each price once', () => {
  const positions = [
    position({ id: '1', openPrice: '100.5', stopLoss: '95', takeProfit: null }),
    position({ id: '2', openPrice: '100.5', stopLoss: '96', takeProfit: '110' }),
    position({ id: '3', code: 'ETHUSDT', openPrice: '20' }),
    position({ id: '4', status: 'closed', openPrice: '80' }),
  ];
  expect(positionLevels(positions, 'BTCUSDT')).toEqual([
    { kind: 'entry', price: '100.5' },
    { kind: 'stopLoss', price: '95' },
    { kind: 'stopLoss', price: '96' },
    { kind: 'takeProfit', price: '110' },
  ]);
  expect(positionLevels(positions, 'AAPL')).toEqual([]);
});

test('the chart, the ticket and the lists of the chosen product are all on the page', async () => {
  root = createFakeSite(tradingRoutes({ 'GET /order/listUOrder': [position()] }), { signedIn: true }).root;
  renderScreen(root, <TradingScreen />, '/trading?code=BTCUSDT&direction=long');
  const chart = await screen.findByTestId('chart-panel');
  expect(within(chart).getByRole('tablist', { name: 'Chart interval' })).toBeInTheDocument();
  expect(await screen.findByRole('button', { name: 'Review order' })).toBeInTheDocument();
  // The positions are drawn in the workspace's lists area, outside the ticket.
  const lists = screen.getByTestId('trading-lists');
  expect(await within(lists).findByTestId('positions-open')).toBeInTheDocument();
});

test('the chart folds on request and stays folded on the next visit', async () => {
  root = createFakeSite(tradingRoutes(), { signedIn: false }).root;
  const user = userEvent.setup();
  const view = renderScreen(root, <TradingScreen />, '/trading?code=BTCUSDT');
  const hide = await screen.findByRole('button', { name: 'Hide chart' });
  expect(hide).toHaveAttribute('aria-expanded', 'true');
  await user.click(hide);
  expect(screen.getByRole('button', { name: 'Show chart' })).toHaveAttribute('aria-expanded', 'false');
  expect(localStorage.getItem(CHART_FOLDED_KEY)).toBe('1');
  act(() => view.unmount());

  renderScreen(root, <TradingScreen />, '/trading?code=BTCUSDT');
  await waitFor(() =>
    expect(screen.getByRole('button', { name: 'Show chart' })).toHaveAttribute('aria-expanded', 'false'),
  );
});
