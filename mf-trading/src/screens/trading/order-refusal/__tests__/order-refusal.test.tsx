import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RootStore } from '@swx/shared';
import {
  createFakeSite,
  marketInfo,
  renderScreen,
  resetRoot,
  type FakeRoutes,
} from '../../../../test-support/fake-site';
import { assetsAnswer as assets, tradingRoutes } from '../../../../test-support/trading-routes';
import { TradingScreen } from '../../trading';

let root: RootStore | undefined;
afterEach(() => resetRoot(root));

async function openTab(
  tab: 'Spot' | 'Margin' | 'Options',
  { mode = 'demo', routes = {} }: { mode?: 'demo' | 'real'; routes?: FakeRoutes } = {},
) {
  const fake = createFakeSite(tradingRoutes(routes), { signedIn: true, mode });
  root = fake.root;
  renderScreen(fake.root, <TradingScreen />, '/trading?code=BTCUSDT');
  if (tab !== 'Options') await userEvent.click(await screen.findByRole('tab', { name: tab }));
  const form = await screen.findByRole('form', { name: tab });
  return { fake, form };
}

const refusal = () => screen.queryByTestId('order-refusal');

/** The review button is disabled and described by the reason, which names it in words. */
function expectRefused(button: HTMLElement, reason: string, text: RegExp) {
  expect(button).toBeDisabled();
  const note = refusal()!;
  expect(note).toHaveAttribute('data-reason', reason);
  expect(note).toHaveTextContent(text);
  expect(button).toHaveAttribute('aria-describedby', note.id);
  // The description keeps the no-break space between an amount and its currency.
  expect(button).toHaveAccessibleDescription(new RegExp(text.source.replace(/ /g, '\\s'), text.flags));
}

describe('the order ticket refuses before the review', () => {
  test('a spot buy beyond the demo balance: the reason as typed, no deposit advice, nothing sent', async () => {
    const { fake, form } = await openTab('Spot', {
      routes: { 'GET /order/getAssestInfo/all': assets('demo', '99900') },
    });
    const user = userEvent.setup();
    const buy = within(form).getByRole('button', { name: 'Buy' });
    // 999 BTC at 100 = 99,900 + 99.90 fee: over the 99,900 available by the fee alone.
    await user.type(within(form).getByRole('textbox', { name: /Quantity/ }), '999');
    expectRefused(
      buy,
      'balance',
      /Not enough in your demo account: this order needs 99,999\.90 USDT and 99,900\.00 USDT is available\. Lower the amount\.$/,
    );
    expect(within(refusal()!).queryByRole('link')).toBeNull();
    expect(refusal()).not.toHaveTextContent(/deposit/i);
    await user.click(buy);
    expect(screen.queryByRole('dialog')).toBeNull();
    // One lot less fits: the reason goes and the review opens.
    await user.clear(within(form).getByRole('textbox', { name: /Quantity/ }));
    await user.type(within(form).getByRole('textbox', { name: /Quantity/ }), '998');
    expect(refusal()).toBeNull();
    expect(buy).toBeEnabled();
    expect(buy).not.toHaveAttribute('aria-describedby');
    await user.click(buy);
    expect(await screen.findByRole('dialog', { name: 'Review your order' })).toBeInTheDocument();
    expect(fake.calls.some((c) => c.path === '/order/submit')).toBe(false);
  });

  test('a real account is told to deposit or release held funds, with a link to the deposit page', async () => {
    const { form } = await openTab('Spot', {
      mode: 'real',
      routes: { 'GET /order/getAssestInfo/all': assets('real', '50') },
    });
    const user = userEvent.setup();
    await user.type(within(form).getByRole('textbox', { name: /Quantity/ }), '1');
    expectRefused(
      within(form).getByRole('button', { name: 'Buy' }),
      'balance',
      /this order needs 100\.10 USDT and 50\.00 USDT is available\. Deposit, or release held funds/,
    );
    expect(within(refusal()!).getByRole('link', { name: 'Go to deposit' })).toHaveAttribute(
      'href',
      '/profile/deposit',
    );
  });

  test('selling more coins than held, a quantity finer than the coin posts, a sale its fee would eat', async () => {
    const { form } = await openTab('Spot', {
      routes: { 'GET /order/getAssestInfo/all': assets('demo', '1000', '0.5') },
    });
    const user = userEvent.setup();
    await user.click(within(form).getByRole('radio', { name: 'Sell' }));
    const quantity = within(form).getByRole('textbox', { name: /Quantity/ });
    const sell = within(form).getByRole('button', { name: 'Sell' });
    await user.type(quantity, '0.6');
    expectRefused(sell, 'balance', /needs 0\.60000000 BTC and 0\.50000000 BTC is available/);
    await user.clear(quantity);
    await user.type(quantity, '0.000000001');
    expectRefused(sell, 'step', /BTC amounts go in steps of 0\.00000001: enter fewer decimal places\.$/);
    await user.clear(quantity);
    // 0.0001 BTC at 100 is worth 0.01 USDT: its 0.01 fee would take it all.
    await user.type(quantity, '0.0001');
    expectRefused(sell, 'minimum', /The smallest sale is worth 0\.02 USDT\.$/);
    await user.clear(quantity);
    await user.type(quantity, '0.5');
    expect(refusal()).toBeNull();
    expect(sell).toBeEnabled();
  });

  test('a margin order whose margin and fee exceed the balance never asks for a quote', async () => {
    const { fake, form } = await openTab('Margin', {
      routes: { 'GET /order/getAssestInfo/all': assets('demo', '100000') },
    });
    const user = userEvent.setup();
    const review = within(form).getByRole('button', { name: 'Review order' });
    // 100,000 lots at 100 with 1× leverage: 10,000,000 margin and 10,000 fee.
    await user.type(within(form).getByRole('textbox', { name: /Lots/ }), '100000');
    expectRefused(review, 'balance', /needs 10,010,000\.00 USDT and 100,000\.00 USDT is available/);
    await user.click(review);
    expect(fake.calls.some((c) => c.path === '/order/quoteU')).toBe(false);
    expect(within(form).getByText('1 lot = 1 unit')).toBeInTheDocument();
  });

  test("the market's minimums, in the catalogue's words for the code the server answers", async () => {
    const limits = { minSize: '0.0001', sizeStep: '0.0001', minNotional: '5' };
    const { fake, form } = await openTab('Spot', {
      routes: { 'GET /index/getMarketInfo/BTCUSDT': marketInfo('BTCUSDT', { orderLimits: limits }) },
    });
    const user = userEvent.setup();
    const quantity = within(form).getByRole('textbox', { name: /Quantity/ });
    const buy = within(form).getByRole('button', { name: 'Buy' });
    expect(
      within(form).getByText('Minimum 0.0001, in steps of 0.0001; minimum order value 5 USDT'),
    ).toBeInTheDocument();
    await user.type(quantity, '0.00001');
    expectRefused(buy, 'size', /^!?Order size below this market’s minimum: the smallest order is 0\.0001\.$/);
    expect(refusal()).toHaveAttribute('data-code', '11407');
    await user.clear(quantity);
    await user.type(quantity, '0.00015');
    expectRefused(buy, 'size', /multiple of this market’s size step: sizes go in steps of 0\.0001\.$/);
    expect(refusal()).toHaveAttribute('data-code', '11408');
    await user.clear(quantity);
    // 0.01 BTC at 100 is worth 1 USDT, under the 5 USDT minimum value.
    await user.type(quantity, '0.01');
    expectRefused(
      buy,
      'size',
      /Order value below this market’s minimum: the smallest order value is 5\.00 USDT\.$/,
    );
    expect(refusal()).toHaveAttribute('data-code', '11409');
    await user.click(buy);
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.clear(quantity);
    await user.type(quantity, '0.05');
    expect(refusal()).toBeNull();
    expect(buy).toBeEnabled();

    // Margin: lots against the same minimums, before the balance and without asking for a quote.
    await user.click(screen.getByRole('tab', { name: 'Margin' }));
    const margin = await screen.findByRole('form', { name: 'Margin' });
    const review = within(margin).getByRole('button', { name: 'Review order' });
    await user.type(within(margin).getByRole('textbox', { name: /Lots/ }), '0.0000001');
    expectRefused(review, 'size', /Order size below this market’s minimum: the smallest order is 0\.0001\.$/);
    await user.click(review);
    expect(fake.calls.some((c) => c.path === '/order/quoteU')).toBe(false);
    expect(
      within(margin).getByText(
        '1 lot = 1 unit · Minimum 0.0001, in steps of 0.0001; minimum order value 5 USDT',
      ),
    ).toBeInTheDocument();
  });

  test('the lot size is written with the plural its number needs', async () => {
    await openTab('Margin', {
      routes: {
        'GET /index/getMarketInfo/BTCUSDT': marketInfo('BTCUSDT', { contractSize: '100000' }),
      },
    });
    expect(screen.getByText('1 lot = 100,000 units')).toBeInTheDocument();
  });

  test('an option stake outside its bounds, finer than a cent, or beyond the balance', async () => {
    const { form } = await openTab('Options', {
      mode: 'real',
      routes: { 'GET /order/getAssestInfo/all': assets('real', '30') },
    });
    const user = userEvent.setup();
    const stake = within(form).getByRole('textbox', { name: /Stake/ });
    const review = within(form).getByRole('button', { name: 'Review order' });
    await user.type(stake, '5');
    expectRefused(review, 'minimum', /The stake must be from 10\.00 USDT to 50,000\.00 USDT$/);
    await user.clear(stake);
    await user.type(stake, '10.005');
    expectRefused(review, 'step', /USDT amounts go in steps of 0\.01/);
    await user.clear(stake);
    await user.type(stake, '40');
    expectRefused(review, 'balance', /needs 40\.00 USDT and 30\.00 USDT is available\. Deposit/);
    await user.clear(stake);
    await user.type(stake, '20');
    expect(refusal()).toBeNull();
    await user.click(review);
    // The review shows the feed's current price.
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the option' });
    expect(within(dialog).getByTestId('option-live-price')).toHaveTextContent('100.00');
  });
});
