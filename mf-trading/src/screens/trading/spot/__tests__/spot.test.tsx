import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setFormatLanguage, type RootStore } from '@swx/shared';
import type { SpotOrder } from '@swx/shared/contract';
import { createFakeSite, renderScreen, resetRoot, type FakeRoutes } from '../../../../test-support/fake-site';
import { assetsAnswer, tradingRoutes } from '../../../../test-support/trading-routes';
import { TradingScreen } from '../../trading';
import { spotProblems } from '../spot-store';

let root: RootStore | undefined;
afterEach(() => {
  resetRoot(root);
  setFormatLanguage('en');
});

const order = (fields: Partial<SpotOrder> = {}): SpotOrder => ({
  id: '301',
  code: 'BTCUSDT',
  side: 'buy',
  orderType: 'limit',
  quantity: '0.5',
  price: '90',
  status: 'pending',
  fillPrice: null,
  fee: null,
  value: null,
  createdAt: '2026-11-22T10:00:00.000Z',
  filledAt: null,
  cancelledAt: null,
  ...fields,
});

async function openSpot(overrides: FakeRoutes = {}) {
  const fake = createFakeSite(tradingRoutes(overrides), { signedIn: true });
  root = fake.root;
  renderScreen(fake.root, <TradingScreen />, '/trading?code=BTCUSDT');
  await userEvent.click(await screen.findByRole('tab', { name: 'Spot' }));
  await screen.findByRole('radio', { name: 'Buy' });
  return fake;
}

test('spot rules: quantity required and correct, a limit needs a correct price', () => {
  expect(spotProblems({ quantity: '', orderType: 'market', limitPrice: '' })).toEqual({
    quantity: { key: 'common:validation.quantityRequired' },
  });
  expect(spotProblems({ quantity: '-1', orderType: 'limit', limitPrice: 'x' })).toEqual({
    quantity: { key: 'order.quantityIncorrect' },
    limitPrice: { key: 'order.priceIncorrect' },
  });
  expect(spotProblems({ quantity: '1', orderType: 'limit', limitPrice: '' }).limitPrice?.key).toBe(
    'order.priceRequired',
  );
  expect(spotProblems({ quantity: '0.1', orderType: 'limit', limitPrice: '95.5' })).toEqual({});
});

test('shows the messages and sends nothing while the form is incomplete', async () => {
  const { calls } = await openSpot();
  const user = userEvent.setup();
  await user.click(screen.getByRole('radio', { name: 'Limit' }));
  await user.click(screen.getByRole('button', { name: 'Buy' }));
  expect(screen.getByText('Enter the purchase quantity')).toBeInTheDocument();
  expect(screen.getByText('Enter the limit price')).toBeInTheDocument();
  expect(calls.some((c) => c.path === '/order/submit')).toBe(false);
});

test('shows the value and fee before placing, places a limit order and cancels it', async () => {
  let orders: SpotOrder[] = [];
  const { calls } = await openSpot({
    'GET /order/listBbOrder': () => orders,
    'POST /order/submit': () => {
      orders = [order()];
      return orders[0];
    },
    'POST /order/cancelBb': () => {
      orders = [order({ status: 'cancelled', cancelledAt: '2026-11-22T10:01:00.000Z' })];
      return orders[0];
    },
  });
  const user = userEvent.setup();
  await user.click(screen.getByRole('radio', { name: 'Limit' }));
  await user.type(screen.getByRole('textbox', { name: /Quantity/ }), '0.5');
  await user.type(screen.getByRole('textbox', { name: /Limit price/ }), '90');
  // The fee as the server posts it: 0.045 rounded up to the cent (paid), the same on the review.
  expect(screen.getByTestId('spot-estimate')).toHaveTextContent('value 45.00 USDT, fee 0.05 USDT (0.10%');
  await user.click(screen.getByRole('button', { name: 'Buy' }));
  // Nothing is sent on the first click: the review shows the terms first.
  const review = await screen.findByRole('dialog', { name: 'Review your order' });
  expect(calls.some((c) => c.path === '/order/submit')).toBe(false);
  expect(within(review).getByTestId('review-price')).toHaveTextContent('90');
  expect(within(review).getByTestId('review-value')).toHaveTextContent('45.00 USDT');
  expect(within(review).getByTestId('review-total')).toHaveTextContent('45.05 USDT');
  expect(within(review).getByTestId('review-fee')).toHaveTextContent('0.05 USDT');
  await user.click(within(review).getByRole('button', { name: 'Confirm buy' }));
  await waitFor(() =>
    expect(calls.filter((c) => c.path === '/order/submit').map((c) => c.body)).toEqual([
      { code: 'BTCUSDT', side: 'buy', orderType: 'limit', quantity: '0.5', price: '90' },
    ]),
  );
  const pending = await screen.findByTestId('spot-pending');
  const item = within(pending).getByTestId('spot-order');
  await user.click(within(item).getByRole('button', { name: 'Cancel' }));
  await waitFor(() =>
    expect(calls.filter((c) => c.path === '/order/cancelBb').map((c) => c.body)).toEqual([{ id: '301' }]),
  );
  await waitFor(() => expect(screen.queryByTestId('spot-pending')).toBeNull());
  await user.click(screen.getByRole('tab', { name: 'History' }));
  expect(within(screen.getByTestId('spot-history')).getByText('Cancelled')).toBeInTheDocument();
});

test('a market order is reviewed at the live price; cancelling the review sends nothing', async () => {
  // Coins to sell: a sale beyond the available coins is refused in the ticket (order-refusal tests).
  const { calls } = await openSpot({ 'GET /order/getAssestInfo/all': assetsAnswer('demo', '100000', '5') });
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: /Quantity/ }), '2');
  await user.click(screen.getByRole('radio', { name: 'Sell' }));
  await user.click(screen.getByRole('button', { name: 'Sell' }));
  const review = await screen.findByRole('dialog', { name: 'Review your order' });
  expect(within(review).getByText('Price now (live feed)')).toBeInTheDocument();
  expect(within(review).getByText('You receive (value − fee)')).toBeInTheDocument();
  expect(within(review).getByText(/fills at the feed price when you confirm/)).toBeInTheDocument();
  await user.click(within(review).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(calls.some((c) => c.path === '/order/submit')).toBe(false);
});

test('with one-click trading on, a market order executes on the first click, and the form says so', async () => {
  const fake = createFakeSite(
    tradingRoutes({ 'POST /order/submit': () => order({ orderType: 'market', status: 'filled' }) }),
    { signedIn: true, user: { oneClickTrading: true } },
  );
  root = fake.root;
  renderScreen(fake.root, <TradingScreen />, '/trading?code=BTCUSDT');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('tab', { name: 'Spot' }));
  expect(await screen.findByTestId('one-click-notice')).toHaveTextContent('without a review');
  await user.type(screen.getByRole('textbox', { name: /Quantity/ }), '2');
  await user.click(screen.getByRole('button', { name: 'Buy' }));
  await waitFor(() =>
    expect(fake.calls.filter((c) => c.path === '/order/submit').map((c) => c.body)).toEqual([
      expect.objectContaining({ code: 'BTCUSDT', quantity: '2' }),
    ]),
  );
  expect(screen.queryByRole('dialog', { name: 'Review your order' })).toBeNull();
});

test('with one-click trading off (the default) nothing says it is on', async () => {
  await openSpot();
  expect(screen.queryByTestId('one-click-notice')).toBeNull();
});

test('quantities typed with a German decimal comma reach the server as decimal strings', async () => {
  const { calls } = await openSpot({
    'POST /order/submit': () => order({ orderType: 'market', price: null }),
  });
  const user = userEvent.setup();
  setFormatLanguage('de');
  const quantity = screen.getByRole('textbox', { name: /Quantity/ });
  expect(quantity).toHaveAttribute('inputmode', 'decimal');
  await user.type(quantity, '0,25');
  expect(quantity).toHaveValue('0.25');
  await user.click(screen.getByRole('button', { name: 'Buy' }));
  const review = await screen.findByRole('dialog', { name: 'Review your order' });
  await user.click(within(review).getByRole('button', { name: 'Confirm buy' }));
  await waitFor(() =>
    expect(calls.filter((c) => c.path === '/order/submit').map((c) => c.body)).toEqual([
      { code: 'BTCUSDT', side: 'buy', orderType: 'market', quantity: '0.25' },
    ]),
  );
});
