import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RootStore } from '@swx/shared';
import type { PlanCatalogue, SmartOrder, SmartQuote } from '@swx/shared/contract';
import {
  createFakeSite,
  ok,
  Refusal,
  renderScreen,
  resetRoot,
  type ApiCall,
  type FakeRoutes,
} from '../../test-support/fake-site';
import { PlansArea } from '../plans-area';
import { plansResources } from '../i18n';
import { secondsUntil } from '../plans-store';

let root: RootStore | undefined;
afterEach(() => resetRoot(root));

const catalogue: PlanCatalogue = {
  products: [
    {
      id: '1',
      type: 1,
      code: 'GOLD-PLAN',
      name: 'Gold plan',
      underlying: 'XAUUSD',
      currency: 'USDT',
      terms: [
        { days: 7, dailyRate: '0.0005' },
        { days: 30, dailyRate: '0.0007' },
      ],
      minAmount: '100',
      maxAmount: '50000',
      exitDamagesRate: '0.1',
      earningIntervalSeconds: 86400,
      enabled: true,
    },
  ],
  reserves: [
    {
      currency: 'USDT',
      mode: 'real',
      balance: '10000',
      obligations: '2500',
      coverageRatio: '4.0000',
      selling: true,
    },
    { currency: 'USDT', mode: 'demo', balance: '0', obligations: '0', coverageRatio: null, selling: true },
  ],
};

const quote: SmartQuote = {
  quoteId: 'a'.repeat(32),
  productId: '1',
  days: 30,
  amount: '1000',
  currency: 'USDT',
  dailyRate: '0.0007',
  dailyIncome: '0.7',
  cycles: 30,
  totalIncome: '21',
  earningIntervalSeconds: 86400,
  nextEarningAt: '2026-11-23T10:00:00.000Z',
  expiresAt: '2026-12-22T10:00:00.000Z',
  exitDamagesRate: '0.1',
  exitDamages: '100',
  quoteExpiresAt: '2026-11-22T10:05:00.000Z',
};

const plan: SmartOrder = {
  id: '9',
  productId: '1',
  productCode: 'GOLD-PLAN',
  productName: 'Gold plan',
  underlying: 'XAUUSD',
  currency: 'USDT',
  days: 30,
  amount: '1000',
  dailyRate: '0.0007',
  dailyIncome: '0.7',
  cyclesPaid: 2,
  incomeSoFar: '1.4',
  todayIncome: '0.7',
  runtimeSeconds: 200000,
  nextEarningAt: new Date(Date.now() + 3_600_000).toISOString(),
  expiresAt: '2026-12-22T10:00:00.000Z',
  exitDamagesRate: '0.1',
  exitDamagesNow: '100',
  damages: null,
  status: 'earning',
  startedAt: '2026-11-20T10:00:00.000Z',
  endedAt: null,
  payouts: [
    {
      cycle: 1,
      amount: '0.7',
      dueAt: '2026-11-21T10:00:00.000Z',
      paidAt: '2026-11-21T10:00:01.000Z',
      journalId: '71',
    },
    {
      cycle: 2,
      amount: '0.7',
      dueAt: '2026-11-22T10:00:00.000Z',
      paidAt: '2026-11-22T10:00:01.000Z',
      journalId: '88',
    },
  ],
};

function open(routes: FakeRoutes, mode: 'real' | 'demo' = 'real') {
  const fake = createFakeSite(
    { 'GET /order/listSmartProduct': catalogue, 'GET /order/listSmartOrder': [], ...routes },
    { signedIn: true, mode },
  );
  root = fake.root;
  renderScreen(fake.root, <PlansArea />, '/trading?tab=plans');
  return fake;
}

const bodyOf = (calls: ApiCall[], path: string) => calls.find((c) => c.path.endsWith(path))?.body;

describe('the Plans area', () => {
  test('says plainly what backs the rate, and shows the terms and the reserve coverage', async () => {
    open({});
    const disclosure = await screen.findByTestId('plan-disclosure');
    expect(disclosure).toHaveTextContent(/fixed and paid by SWX from its plan reserve/);
    expect(disclosure).toHaveTextContent(/not earned by trading/);
    expect(document.body.textContent).not.toMatch(/\bAI\b|guarantee/i);
    expect(screen.getByTestId('plan-reserve')).toHaveTextContent('coverage 4.0000×');
    expect(screen.getByText(/Invest between/)).toBeInTheDocument();
  });

  test('quotes before buying and buys exactly the quoted terms', async () => {
    const fake = open({
      'POST /order/quoteSmart': quote,
      'POST /order/buySmart': ok(plan, '20004'),
    });
    const user = userEvent.setup();
    await screen.findByTestId('plan-disclosure');
    await user.selectOptions(screen.getByRole('combobox'), '30');
    await user.type(screen.getByRole('textbox', { name: /Amount/ }), '1000');
    await user.click(screen.getByRole('button', { name: 'Review the terms' }));
    const terms = await screen.findByTestId('plan-quote');
    expect(terms).toHaveTextContent('Total income');
    expect(terms).toHaveTextContent(/21\.00/);
    expect(terms).toHaveTextContent(/100\.00/);
    expect(bodyOf(fake.calls, '/order/quoteSmart')).toEqual({ productId: '1', days: 30, amount: '1000' });
    expect(bodyOf(fake.calls, '/order/buySmart')).toBeUndefined();
    await user.click(screen.getByRole('button', { name: 'Buy the plan' }));
    await waitFor(() =>
      expect(bodyOf(fake.calls, '/order/buySmart')).toEqual({
        productId: '1',
        days: 30,
        amount: '1000',
        quoteId: quote.quoteId,
      }),
    );
  });

  test('shows the refusal when the terms changed', async () => {
    open({ 'POST /order/quoteSmart': quote, 'POST /order/buySmart': new Refusal('11007') });
    const user = userEvent.setup();
    await screen.findByTestId('plan-disclosure');
    await user.type(screen.getByRole('textbox', { name: /Amount/ }), '1000');
    await user.click(screen.getByRole('button', { name: 'Review the terms' }));
    await screen.findByTestId('plan-quote');
    await user.click(screen.getByRole('button', { name: 'Buy the plan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Terms changed/);
  });

  test('my plans count down in days and hours, show runtime and damages, and exit on the quoted figure', async () => {
    const exitQuote = {
      id: '9',
      amount: '1000',
      exitDamagesRate: '0.1',
      damages: '100',
      returned: '900',
      incomeSoFar: '1.4',
      cyclesDueNow: 1,
      incomeDueNow: '0.7',
      incomeForgone: '18.9',
      totalPaidNow: '900.7',
    };
    const fake = open({
      'GET /order/listSmartOrder': [
        { ...plan, nextEarningAt: new Date(Date.now() + (86_400 + 23 * 3600 + 30) * 1000).toISOString() },
      ],
      'POST /order/quoteExitSmart': exitQuote,
      'POST /order/exitSmart': { ...plan, status: 'exited', damages: '100', nextEarningAt: null },
    });
    const user = userEvent.setup();
    const card = await screen.findByTestId('plan-9');
    expect(within(card).getByTestId('plan-countdown')).toHaveTextContent('Next income in 1 d 23 h');
    expect(card).toHaveTextContent('Running for');
    expect(card).toHaveTextContent(/Damages if you exit now\s*100\.00/);
    // Each payout with its ledger entry (the receipt).
    expect(within(card).getByRole('list', { name: 'Payments' })).toHaveTextContent('ledger entry 88');
    await user.click(within(card).getByRole('button', { name: 'Exit early' }));
    const exit = await screen.findByTestId('plan-exit-quote');
    expect(exit).toHaveTextContent(/900\.00/);
    expect(exit).toHaveTextContent(/Paid to you now\s*900\.70/);
    expect(bodyOf(fake.calls, '/order/exitSmart')).toBeUndefined();
    await user.click(screen.getByRole('button', { name: 'Exit and pay the damages' }));
    await waitFor(() => expect(bodyOf(fake.calls, '/order/exitSmart')).toEqual({ id: '9', total: '900.7' }));
  });

  test('shows a failed exit in place: on the card when it cannot be quoted, in the dialog when refused', async () => {
    open({
      'GET /order/listSmartOrder': [plan],
      'POST /order/quoteExitSmart': new Refusal('11101'),
    });
    const user = userEvent.setup();
    const card = await screen.findByTestId('plan-9');
    await user.click(within(card).getByRole('button', { name: 'Exit early' }));
    expect(
      await within(await screen.findByTestId('plan-9')).findByTestId('plan-exit-failure'),
    ).toHaveTextContent(/no longer running/);
  });

  test('a refused exit stays in the dialog with its reason', async () => {
    open({
      'GET /order/listSmartOrder': [plan],
      'POST /order/quoteExitSmart': {
        id: '9',
        amount: '1000',
        exitDamagesRate: '0.1',
        damages: '100',
        returned: '900',
        incomeSoFar: '1.4',
        cyclesDueNow: 0,
        incomeDueNow: '0',
        incomeForgone: '19.6',
        totalPaidNow: '900',
      },
      'POST /order/exitSmart': new Refusal('500'),
    });
    const user = userEvent.setup();
    const card = await screen.findByTestId('plan-9');
    await user.click(within(card).getByRole('button', { name: 'Exit early' }));
    await screen.findByTestId('plan-exit-quote');
    await user.click(screen.getByRole('button', { name: 'Exit and pay the damages' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Unknown error/);
    expect(screen.getByTestId('plan-exit-quote')).toBeInTheDocument();
  });

  test('lists each term on its own line', async () => {
    open({});
    const terms = await screen.findByRole('list', { name: 'Term' });
    expect(
      within(terms)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['7 days · 0.05% a day', '30 days · 0.07% a day']);
  });

  test('sells demo plans in the demo account, saying it is play money', async () => {
    open({}, 'demo');
    expect(await screen.findByTestId('plan-demo-note')).toHaveTextContent(/play money/);
    expect(screen.getByRole('button', { name: 'Review the terms' })).toBeInTheDocument();
  });

  test('says "not available yet" on the real account while the reserve cannot take a purchase', async () => {
    const empty = {
      ...catalogue,
      reserves: [
        {
          currency: 'USDT',
          mode: 'real' as const,
          balance: '0',
          obligations: '0',
          coverageRatio: null,
          selling: false,
        },
        {
          currency: 'USDT',
          mode: 'demo' as const,
          balance: '0',
          obligations: '0',
          coverageRatio: null,
          selling: true,
        },
      ],
    };
    open({ 'GET /order/listSmartProduct': empty });
    expect(await screen.findByText('Plans are not available yet on the real account')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Review the terms' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('every language has every string', () => {
    const keys = (value: object, prefix = ''): string[] =>
      Object.entries(value).flatMap(([k, v]) =>
        typeof v === 'object' ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
      );
    const english = keys(plansResources.en).sort();
    for (const [lang, strings] of Object.entries(plansResources)) {
      expect([lang, keys(strings).sort()]).toEqual([lang, english]);
      for (const text of Object.values(strings)) expect(text).not.toBe('');
    }
  });

  test('the countdown counts whole seconds and stops at zero', () => {
    expect(secondsUntil('2026-01-01T00:00:10.000Z', Date.parse('2026-01-01T00:00:00.500Z'))).toBe(10);
    expect(secondsUntil('2026-01-01T00:00:00.000Z', Date.parse('2026-01-01T00:00:05.000Z'))).toBe(0);
    expect(secondsUntil(null, 0)).toBeNull();
  });
});
