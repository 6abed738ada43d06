import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RootStore } from '@swx/shared';
import { optionOrderRefusal, type OptionContract } from '@swx/shared/contract';
import {
  createFakeSite,
  marketInfo,
  renderScreen,
  resetRoot,
  type ApiCall,
  type FakeRoutes,
} from '../../../../test-support/fake-site';
import { chooseMarket, tradingRoutes } from '../../../../test-support/trading-routes';
import { TradingScreen } from '../../trading';
import { secondsLeft, stakeProblem } from '../options-store';

let root: RootStore | undefined;
afterEach(() => {
  resetRoot(root);
  jest.useRealTimers();
});

const start = Date.parse('2026-11-22T10:00:00.000Z');
const contract = (fields: Partial<OptionContract> = {}): OptionContract => ({
  id: '501',
  code: 'BTCUSDT',
  direction: 'up',
  amount: '100',
  period: 60,
  rate: '0.85',
  openPrice: '100.00',
  settlePrice: null,
  profit: null,
  status: 'open',
  openTime: new Date(start).toISOString(),
  expiryTime: new Date(start + 60_000).toISOString(),
  ...fields,
});

async function openOptions(overrides: FakeRoutes = {}) {
  const fake = createFakeSite(tradingRoutes(overrides), { signedIn: true });
  root = fake.root;
  renderScreen(fake.root, <TradingScreen />, '/trading?code=BTCUSDT');
  await screen.findByRole('radio', { name: /60 s/ });
  return fake;
}

describe('option stake rules', () => {
  const bounds = { min: '10', max: '50000' };
  test('required, a positive number, within the bounds', () => {
    expect(stakeProblem('')?.key).toBe('common:validation.amountRequired');
    expect(stakeProblem('abc')?.key).toBe('common:validation.amountIncorrect');
    expect(stakeProblem('0')?.key).toBe('common:validation.amountIncorrect');
    expect(stakeProblem('10')).toBeUndefined();
    // The bounds are the ticket's refusal (the contract's rule, as the server applies it).
    const refusal = (stake: string) =>
      optionOrderRefusal({ stake, stakeMin: bounds.min, stakeMax: bounds.max, availableUsdt: null });
    expect(refusal('9.99')?.reason).toBe('minimum');
    expect(refusal('50000.01')?.reason).toBe('maximum');
    expect(refusal('10')).toBeNull();
    expect(refusal('50000')).toBeNull();
  });

  test('the countdown counts whole seconds and stops at zero', () => {
    const expiry = new Date(start + 60_000).toISOString();
    expect(secondsLeft(expiry, start)).toBe(60);
    expect(secondsLeft(expiry, start + 500)).toBe(60);
    expect(secondsLeft(expiry, start + 1000)).toBe(59);
    expect(secondsLeft(expiry, start + 61_000)).toBe(0);
  });
});

describe('the options form', () => {
  test("offers the selected market's periods with their payout rates", async () => {
    await openOptions();
    expect(screen.getByRole('radio', { name: '60 s · pays 85%' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('radio', { name: '120 s · pays 87%' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '300 s · pays 90%' })).toBeInTheDocument();
  });

  test('switching to a market with its own option terms offers its periods and stake bounds', async () => {
    const { calls } = await openOptions({
      'GET /index/getMarketInfo/ETHUSDT': marketInfo('ETHUSDT', {
        price: '20.00',
        optionTerms: {
          periods: [
            { seconds: 30, rate: '0.8' },
            { seconds: 600, rate: '0.925' },
          ],
          stakeMin: '50',
          stakeMax: '1000',
        },
      }),
      'POST /order/buyOptions': contract({ code: 'ETHUSDT', period: 600, rate: '0.925' }),
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: '300 s · pays 90%' }));
    await chooseMarket(user, 'ETHUSDT');
    // The chosen 300 s is not offered here: the market's first period is chosen instead.
    expect(await screen.findByRole('radio', { name: '30 s · pays 80%' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(screen.getByRole('radio', { name: '600 s · pays 92.5%' })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /60 s · / })).toBeNull();
    expect(screen.queryByRole('radio', { name: /300 s/ })).toBeNull();
    await user.type(screen.getByRole('textbox', { name: /Stake/ }), '20');
    await user.click(screen.getByRole('button', { name: 'Review order' }));
    expect(screen.getByText('The stake must be from 50.00 USDT to 1,000.00 USDT')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: /Stake/ }));
    await user.type(screen.getByRole('textbox', { name: /Stake/ }), '100');
    await user.click(screen.getByRole('radio', { name: '600 s · pays 92.5%' }));
    await user.click(screen.getByRole('button', { name: 'Review order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the option' });
    expect(within(dialog).getByTestId('option-payout')).toHaveTextContent('192.50 USDT');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/order/buyOptions').map((c) => c.body)).toEqual([
        { code: 'ETHUSDT', direction: 'up', amount: '100', period: 600 },
      ]),
    );
    expect(calls.some((c) => c.path.startsWith('/index/getParamByKey/option_'))).toBe(false);
  });

  test('shows the stake messages and refuses a stake outside the bounds', async () => {
    const { calls } = await openOptions();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Review order' }));
    expect(screen.getByText('Enter the amount')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Stake/ }), '5');
    expect(screen.getByText('The stake must be from 10.00 USDT to 50,000.00 USDT')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.path === '/order/buyOptions')).toBe(false);
  });

  test('confirms with the payout, buys, counts down and shows the result with both ticks', async () => {
    jest.useFakeTimers({ now: start });
    let settled = false;
    const { calls } = await openOptions({
      'POST /order/buyOptions': contract(),
      'GET /order/getOptionsOrderById/501': () =>
        settled ? contract({ status: 'won', settlePrice: '100.40', profit: '85' }) : contract(),
    });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await user.click(screen.getByRole('radio', { name: 'Down' }));
    await user.click(screen.getByRole('radio', { name: 'Up' }));
    await user.type(screen.getByRole('textbox', { name: /Stake/ }), '100');
    await user.click(screen.getByRole('button', { name: 'Review order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the option' });
    expect(within(dialog).getByTestId('option-payout')).toHaveTextContent('185.00 USDT');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/order/buyOptions').map((c) => c.body)).toEqual([
        { code: 'BTCUSDT', direction: 'up', amount: '100', period: 60 },
      ]),
    );

    const item = await screen.findByTestId('option-contract');
    expect(within(item).getByTestId('option-open-price')).toHaveTextContent('100.00');
    // The contract expires 60 s after it opened; the clock has moved less than a second since.
    expect(within(item).getByTestId('option-countdown')).toHaveTextContent('Settles in 1 min');
    await act(async () => {
      jest.advanceTimersByTime(1000);
    });
    await waitFor(() =>
      expect(within(item).getByTestId('option-countdown')).toHaveTextContent('Settles in 59 s'),
    );

    settled = true;
    await act(async () => {
      jest.advanceTimersByTime(60_000);
    });
    await waitFor(() => expect(within(item).getByTestId('option-status')).toHaveTextContent('Won'));
    expect(within(item).getByTestId('option-settle-price')).toHaveTextContent('100.40');
    expect(within(item).getByTestId('option-open-price')).toHaveTextContent('100.00');
    expect(within(item).queryByTestId('option-countdown')).toBeNull();
  });

  test('settled contracts listed by the server show their result', async () => {
    await openOptions({
      'GET /order/listOptionsOrder': (_call: ApiCall) => [
        contract({ id: '9', status: 'refunded', settlePrice: '100.00', profit: '0' }),
      ],
    });
    const item = await screen.findByTestId('option-contract');
    expect(within(item).getByTestId('option-status')).toHaveTextContent('Refunded (equal price)');
  });
});
