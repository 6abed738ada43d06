import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RootStore } from '@swx/shared';
import {
  createFakeSite,
  Refusal,
  renderScreen,
  resetRoot,
  type ApiCall,
  type FakeRoutes,
} from '../../../test-support/fake-site';
import { marketInfo } from '../../../test-support/fake-site';
import { chooseMarket, position, riskWith, tradingRoutes } from '../../../test-support/trading-routes';
import { TradingScreen } from '../trading';

let root: RootStore | undefined;
afterEach(() => resetRoot(root));

function site(overrides: FakeRoutes = {}, signedIn = true, oneClickTrading = false) {
  const fake = createFakeSite(tradingRoutes(overrides), { signedIn, user: { oneClickTrading } });
  root = fake.root;
  if (signedIn) void root.settings.adoptAccountMode('demo');
  return fake;
}

const body = (calls: ApiCall[], path: string) => calls.filter((c) => c.path === path).map((c) => c.body);

describe('the trading screen', () => {
  test('pre-selects the market and the margin direction from the markets module buttons', async () => {
    const { root } = site();
    renderScreen(root, <TradingScreen />, '/trading?code=ETHUSDT&direction=short');
    expect(await screen.findByTestId('market-picker')).toHaveAttribute('data-code', 'ETHUSDT');
    expect(screen.getByRole('tab', { name: 'Margin' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('radio', { name: 'Short (sell)' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });

  test('shows the live feed price from the root store and follows new ticks', async () => {
    const { root } = site();
    renderScreen(root, <TradingScreen />, '/trading?code=BTCUSDT');
    const price = await screen.findByTestId('live-price');
    await waitFor(() => expect(price).toHaveTextContent('100.00'));
    expect(root.socket.subscribedCodes).toContain('BTCUSDT');
    act(() => root.market.applyTicks([{ code: 'BTCUSDT', price: '101.25', zdf: '1.75', time: 1 }]));
    expect(price).toHaveTextContent('101.25');
  });

  test('changing the market in the picker loads its facts and subscribes to it', async () => {
    const { root } = site();
    renderScreen(root, <TradingScreen />, '/trading');
    await waitFor(() => expect(screen.getByTestId('live-price')).toHaveTextContent('100.00'));
    await chooseMarket(userEvent.setup(), 'ETHUSDT');
    await waitFor(() => expect(screen.getByTestId('live-price')).toHaveTextContent('20.00'));
    await waitFor(() => expect(root.socket.subscribedCodes).toEqual(['ETHUSDT']));
  });

  test('marks the demo account and simulated prices', async () => {
    const { root } = site();
    renderScreen(root, <TradingScreen />, '/trading');
    expect(await screen.findByText('DEMO')).toBeInTheDocument();
    expect(await screen.findAllByText('Simulated market data')).toHaveLength(2);
    expect(screen.getByTestId('demo-note')).toHaveTextContent('virtual funds');
  });

  test('marks a market the server calls stale, and not a fresh one', async () => {
    const { root } = site({
      'GET /index/getMarketInfo/BTCUSDT': marketInfo('BTCUSDT', { stale: true, staleAfterSeconds: 30 }),
    });
    renderScreen(root, <TradingScreen />, '/trading?code=BTCUSDT');
    expect(await screen.findByTestId('stale-badge')).toHaveTextContent('Stale price');
  });

  test('shows no stale badge on a fresh market', async () => {
    const { root } = site();
    renderScreen(root, <TradingScreen />, '/trading?code=BTCUSDT');
    await waitFor(() => expect(screen.getByTestId('live-price')).toHaveTextContent('100.00'));
    expect(screen.queryByTestId('stale-badge')).not.toBeInTheDocument();
  });

  test('reads the simulated feed from the root store and never asks the server itself', async () => {
    const { root, calls } = site({
      'GET /index/getMarketInfo/BTCUSDT': marketInfo('BTCUSDT', { simulated: false, feed: 'replay' }),
    });
    renderScreen(root, <TradingScreen />, '/trading?code=BTCUSDT');
    await waitFor(() => expect(screen.getByTestId('live-price')).toHaveTextContent('100.00'));
    expect(screen.queryAllByText('Simulated market data')).toHaveLength(0);
    // The shell's one request fills the root store; the module follows it, on the market bar and the chart.
    act(() => root.market.setFeed({ feed: 'simulated', simulated: true }));
    expect(screen.getAllByText('Simulated market data')).toHaveLength(2);
    expect(within(screen.getByTestId('chart-panel')).getByText('Simulated market data')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/index/feedStatus')).toBe(false);
  });

  test('a live change the feed does not know shows "—" read as not known, not 0 %', async () => {
    const { root } = site();
    renderScreen(root, <TradingScreen />, '/trading?code=BTCUSDT');
    await waitFor(() => expect(screen.getByTestId('live-price')).toHaveTextContent('100.00'));
    // A listed change of 0 is a real 0 and says so; only an unknown one becomes "—".
    expect(screen.getByTestId('live-change')).toHaveTextContent('0.00%');
    act(() => root.market.applyTicks([{ code: 'BTCUSDT', price: '100.10', zdf: null, time: 2 }]));
    const change = screen.getByTestId('live-change');
    expect(change).toHaveTextContent('—');
    expect(change).not.toHaveTextContent('%');
    expect(within(change).getByText('Change not known yet')).toBeInTheDocument();
    expect(change.textContent).toContain('Change today');
  });

  test('the risk warning states the real loss share, or that there is not enough data', async () => {
    const { root } = site();
    renderScreen(root, <TradingScreen />, '/trading');
    expect(await screen.findByTestId('risk-warning-options')).toHaveTextContent('64.2%');
    await userEvent.click(screen.getByRole('tab', { name: 'Margin' }));
    expect(screen.getByTestId('risk-warning-leveraged')).toHaveTextContent(
      '71.3% of our real-money customers lost money on margin trading in the last 90 days',
    );
    resetRoot(root);
    const second = site({ 'GET /order/riskStats': riskWith(null) });
    document.body.innerHTML = '';
    renderScreen(second.root, <TradingScreen />, '/trading');
    expect(await screen.findByTestId('risk-warning-options')).toHaveTextContent('not enough data');
  });

  test('a market without spot trading says so instead of showing the form', async () => {
    const { root } = site();
    renderScreen(root, <TradingScreen />, '/trading?code=AAPL');
    await userEvent.click(await screen.findByRole('tab', { name: 'Spot' }));
    expect(await screen.findByText(/does not offer this kind of trading/)).toBeInTheDocument();
  });

  test('signed out, the screen shows prices and asks to sign in instead of the forms', async () => {
    const { root } = site({}, false);
    renderScreen(root, <TradingScreen />, '/trading');
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/pass/login?redirect=%2Ftrading',
    );
    expect(screen.queryByRole('button', { name: 'Review order' })).toBeNull();
  });
});

describe('the margin form', () => {
  async function openMargin(overrides: FakeRoutes = {}, oneClickTrading = false) {
    const fake = site(overrides, true, oneClickTrading);
    renderScreen(fake.root, <TradingScreen />, '/trading?code=BTCUSDT&direction=long');
    await screen.findByRole('radio', { name: '1×' });
    return fake;
  }
  const user = () => userEvent.setup();

  test('offers the market leverages within the cap (crypto is uncapped in demo)', async () => {
    const { root } = await openMargin();
    for (const value of [1, 2, 5, 10, 20])
      expect(screen.getByRole('radio', { name: `${value}×` })).toBeInTheDocument();
    await act(() => root.settings.setAccountMode('real'));
    await waitFor(() => expect(screen.queryByRole('radio', { name: '5×' })).toBeNull());
    expect(screen.getByRole('radio', { name: '2×' })).toBeInTheDocument();
  });

  test('shows the seed messages: quantity, stop loss and take profit required when enabled', async () => {
    const { calls } = await openMargin();
    const u = user();
    await u.click(screen.getByLabelText('Set a stop loss'));
    await u.click(screen.getByLabelText('Set a take profit'));
    await u.click(screen.getByRole('button', { name: 'Review order' }));
    expect(screen.getByText('Enter the purchase quantity')).toBeInTheDocument();
    expect(screen.getByText('Enter the stop-loss price')).toBeInTheDocument();
    expect(screen.getByText('Enter the take-profit price')).toBeInTheDocument();
    expect(body(calls, '/order/quoteU')).toHaveLength(0);
  });

  test('refuses a stop loss and take profit on the wrong side of the price', async () => {
    await openMargin();
    const u = user();
    await u.type(screen.getByRole('textbox', { name: /Lots/ }), '1');
    await u.click(screen.getByLabelText('Set a stop loss'));
    await u.type(screen.getByRole('textbox', { name: /Stop-loss price/ }), '105');
    await u.click(screen.getByLabelText('Set a take profit'));
    await u.type(screen.getByRole('textbox', { name: /Take-profit price/ }), '95');
    await u.click(screen.getByRole('button', { name: 'Review order' }));
    expect(
      screen.getByText(
        'Stop-loss price is not reasonable: for a long it must be below the entry price 100.00',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Take-profit price is not reasonable: for a long it must be above the entry price 100.00',
      ),
    ).toBeInTheDocument();
  });

  test('a limit order needs its price', async () => {
    await openMargin();
    const u = user();
    await u.type(screen.getByRole('textbox', { name: /Lots/ }), '1');
    await u.click(screen.getByRole('radio', { name: 'Limit' }));
    await u.click(screen.getByRole('button', { name: 'Review order' }));
    expect(screen.getByText('Enter the limit price')).toBeInTheDocument();
  });

  test('the confirmation shows the server quote, and confirming sends its id', async () => {
    const quote = {
      quoteId: '0b6c8f0e-8f4e-4a55-9b7e-0c1d2e3f4a5b',
      price: '100.00',
      requiredMargin: '40',
      fee: '0.2',
      feeRate: '0.001',
      liquidationPrice: '90.5',
      expectedReturn: '39.56',
      expiresAt: '2026-11-22T10:00:30.000Z',
    };
    const { calls } = await openMargin({
      'POST /order/quoteU': quote,
      'POST /order/buyU': position({ id: '77' }),
    });
    const u = user();
    await u.type(screen.getByRole('textbox', { name: /Lots/ }), '2');
    await u.click(screen.getByRole('radio', { name: '5×' }));
    await u.click(screen.getByLabelText('Set a stop loss'));
    await u.type(screen.getByRole('textbox', { name: /Stop-loss price/ }), '95');
    await u.click(screen.getByLabelText('Set a take profit'));
    await u.type(screen.getByRole('textbox', { name: /Take-profit price/ }), '120');
    await u.click(screen.getByRole('button', { name: 'Review order' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm the order' });
    const terms = within(dialog).getByTestId('margin-quote');
    expect(within(terms).getByTestId('quote-price')).toHaveTextContent('100.00');
    expect(within(terms).getByTestId('quote-lots')).toHaveTextContent('2');
    expect(within(terms).getByTestId('quote-leverage')).toHaveTextContent('5×');
    expect(within(terms).getByTestId('quote-margin')).toHaveTextContent('40.00 USDT');
    expect(within(terms).getByTestId('quote-fee')).toHaveTextContent('0.20 USDT');
    expect(within(terms).getByTestId('quote-expected-return')).toHaveTextContent('39.56 USDT');
    expect(within(terms).getByTestId('quote-liquidation')).toHaveTextContent('90.50');
    const order = {
      code: 'BTCUSDT',
      direction: 'long',
      lots: '2',
      leverage: 5,
      orderType: 'market',
      stopLoss: '95',
      takeProfit: '120',
    };
    expect(body(calls, '/order/quoteU')).toEqual([order]);

    await u.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(body(calls, '/order/buyU')).toEqual([{ ...order, quoteId: quote.quoteId }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  test('a refused quote shows the server message in the form', async () => {
    await openMargin({ 'POST /order/quoteU': new Refusal('11063') });
    const u = user();
    await u.type(screen.getByRole('textbox', { name: /Lots/ }), '1');
    await u.click(screen.getByRole('button', { name: 'Review order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/liquidation/i);
  });

  test('open positions show an unrealised P&L estimate computed from the live feed', async () => {
    const listed = position({
      id: '41',
      lots: '2',
      openPrice: '100.00',
      currentPrice: '100.00',
      margin: '40',
    });
    const { root } = await openMargin({
      'GET /order/listUOrder': (call: ApiCall) =>
        call.query.getAll('status').includes('open') ? [listed] : [],
    });
    const item = await screen.findByTestId('position');
    expect(within(item).getByTestId('position-pnl')).toHaveTextContent('0.00 USDT');
    act(() => root.market.applyTicks([{ code: 'BTCUSDT', price: '103.50', zdf: '1', time: 1 }]));
    expect(within(item).getByTestId('position-pnl')).toHaveTextContent('7.00 USDT');
    expect(within(item).getByTestId('current-price')).toHaveTextContent('103.50');
    expect(screen.getAllByText('Unrealised P&L (estimate)').length).toBeGreaterThan(0);
    // Negative-balance protection: the estimate never shows a loss beyond the margin.
    act(() => root.market.applyTicks([{ code: 'BTCUSDT', price: '50', zdf: '-50', time: 1 }]));
    expect(within(item).getByTestId('position-pnl')).toHaveTextContent('-40.00 USDT');
  });

  test('closing a position calls stopU and opens its receipt', async () => {
    let closed = false;
    const open = position({ id: '41' });
    const { calls } = await openMargin({
      'GET /order/listUOrder': (call: ApiCall) =>
        call.query.getAll('status').includes('open') && !closed ? [open] : [],
      'POST /order/stopU': () => {
        closed = true;
        return position({
          id: '41',
          status: 'closed',
          closePrice: '101.00',
          closeReason: 'customer',
          profit: '0.6',
        });
      },
      'GET /order/receipt/margin/41': [
        {
          id: '9',
          kind: 'margin',
          recordId: '41',
          event: 'close',
          code: 'BTCUSDT',
          requestedPrice: null,
          fillPrice: '101.00',
          tick: { price: '101.00', time: '2026-11-22T10:05:00.000Z', seq: '1234' },
          entries: [
            { journalId: '5', type: 'margin_close', currency: 'USDT', account: 'available', amount: '40.6' },
          ],
          createdAt: '2026-11-22T10:05:00.000Z',
        },
      ],
    });
    const item = await screen.findByTestId('position');
    await userEvent.click(within(item).getByRole('button', { name: 'Close' }));
    // The first click only opens the review: 2 lots long from 100.00 at 100.00 now, fee rate 0.1 %.
    const review = await screen.findByRole('dialog', { name: 'Close this position?' });
    expect(body(calls, '/order/stopU')).toEqual([]);
    expect(within(review).getByTestId('review-price')).toHaveTextContent('100.00');
    expect(within(review).getByTestId('review-close-fee')).toHaveTextContent('0.20 USDT');
    expect(within(review).getByTestId('review-payout')).toHaveTextContent('39.80 USDT');
    expect(within(review).getByTestId('review-net')).toHaveTextContent('-0.40 USDT');
    await userEvent.click(within(review).getByRole('button', { name: 'Close position' }));
    expect(body(calls, '/order/stopU')).toEqual([{ id: '41' }]);
    const receipt = await screen.findByTestId('receipt');
    expect(within(receipt).getByTestId('receipt-fill-price')).toHaveTextContent('101.00');
    expect(within(receipt).getByTestId('receipt-tick-seq')).toHaveTextContent('1234');
    expect(within(receipt).getAllByText('Your available balance')[0]).toBeVisible();
    expect(within(receipt).getByTestId('receipt-line')).toHaveTextContent('+40.60 USDT');
  });

  test('with one-click trading on, Close closes at once without the review', async () => {
    let closed = false;
    const { calls } = await openMargin(
      {
        'GET /order/listUOrder': (call: ApiCall) =>
          call.query.getAll('status').includes('open') && !closed ? [position({ id: '41' })] : [],
        'POST /order/stopU': () => {
          closed = true;
          return position({ id: '41', status: 'closed', closePrice: null, closeReason: 'customer' });
        },
      },
      true,
    );
    const item = await screen.findByTestId('position');
    expect(screen.getByTestId('one-click-notice')).toBeInTheDocument();
    await userEvent.click(within(item).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(body(calls, '/order/stopU')).toEqual([{ id: '41' }]));
    expect(screen.queryByRole('dialog', { name: 'Close this position?' })).toBeNull();
  });

  test('modifying SL/TP sends the new levels, empty removes one', async () => {
    const open = position({ id: '41', stopLoss: '90', takeProfit: '120' });
    const { calls } = await openMargin({
      'GET /order/listUOrder': (call: ApiCall) =>
        call.query.getAll('status').includes('open') ? [open] : [],
      'POST /order/modifyU': open,
    });
    const item = await screen.findByTestId('position');
    const u = user();
    await u.click(within(item).getByRole('button', { name: 'Modify SL/TP' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modify stop loss and take profit' });
    const stopLoss = within(dialog).getByRole('textbox', { name: 'Stop-loss price' });
    await u.clear(stopLoss);
    await u.type(stopLoss, '92');
    await u.clear(within(dialog).getByRole('textbox', { name: 'Take-profit price' }));
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(body(calls, '/order/modifyU')).toEqual([{ id: '41', stopLoss: '92', takeProfit: '' }]),
    );
  });
});

describe('the compact chart', () => {
  test('draws the listed feed prices, then each new tick', async () => {
    const { root } = site();
    renderScreen(root, <TradingScreen />, '/trading?code=BTCUSDT');
    const line = await screen.findByTestId('price-line');
    expect(line).toHaveAccessibleName('Chart of the latest 2 feed prices');
    expect(line.querySelector('polyline')!.getAttribute('points')!.split(' ')).toHaveLength(2);
    act(() => root.market.applyTicks([{ code: 'BTCUSDT', price: '100.40', zdf: '0.9', time: 1 }]));
    expect(line.querySelector('polyline')!.getAttribute('points')!.split(' ')).toHaveLength(3);
  });

  test('draws nothing without at least two published prices', async () => {
    const { root } = site({
      'GET /index/listMarketAll': [
        { ...(tradingRoutes()['GET /index/listMarketAll'] as object[])[0], hundred: [] },
      ],
    });
    renderScreen(root, <TradingScreen />, '/trading?code=BTCUSDT');
    await screen.findByTestId('live-price');
    expect(screen.queryByTestId('price-line')).toBeNull();
  });
});

test('when the terms moved, the server refuses and the dialog shows the new quote to confirm', async () => {
  const quotes = [
    { price: '100.00', requiredMargin: '20', quoteId: '11111111-1111-4111-8111-111111111111' },
    { price: '101.00', requiredMargin: '20.2', quoteId: '22222222-2222-4222-8222-222222222222' },
  ];
  let quoted = 0;
  let bought = 0;
  const fake = site({
    'POST /order/quoteU': () => ({
      ...quotes[Math.min(quoted++, 1)],
      fee: '0.1',
      feeRate: '0.001',
      liquidationPrice: '50',
      expectedReturn: null,
      expiresAt: '2026-11-22T10:00:30.000Z',
    }),
    'POST /order/buyU': () => (bought++ === 0 ? new Refusal('11007', 409) : position({ id: '78' })),
  });
  renderScreen(fake.root, <TradingScreen />, '/trading?code=BTCUSDT&direction=long');
  const user = userEvent.setup();
  await user.type(await screen.findByRole('textbox', { name: /Lots/ }), '1');
  await user.click(screen.getByRole('button', { name: 'Review order' }));
  const dialog = await screen.findByRole('dialog', { name: 'Confirm the order' });
  await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent(
    'Terms changed, please review the new quote',
  );
  expect(within(dialog).getByTestId('quote-price')).toHaveTextContent('101.00');
  await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
  await waitFor(() =>
    expect(body(fake.calls, '/order/buyU').map((b) => (b as { quoteId: string }).quoteId)).toEqual([
      quotes[0]!.quoteId,
      quotes[1]!.quoteId,
    ]),
  );
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
});
