import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RootStore } from '@swx/shared';
import type { HomeStats } from '@swx/shared/contract';
import {
  createFakeSite,
  listItem,
  Refusal,
  renderScreen,
  resetRoot,
} from '../../../../test-support/fake-site';
import { HomeStore } from '../../home-store';
import { HeadlineStats, PLATFORM_STATS_REFRESH_MS, compactFigure } from '../headline-stats';
import { PlatformStatsStore } from '../platform-stats-store';

const stats: HomeStats = {
  registeredCustomers: 1234,
  tradingCustomers24h: 56,
  tradedVolume24h: '33239.1',
  asOf: '2026-11-22T12:00:00.000Z',
};

const listed = [
  listItem('BTCUSDT', 2, { zdf: '2.50', openNow: true }),
  listItem('AAPL', 3, { zdf: '-0.40', openNow: false }),
];

let root: RootStore | undefined;
afterEach(() => resetRoot(root));

function site(homeStats: unknown, options: { language?: 'en' | 'de'; platform?: PlatformStatsStore } = {}) {
  const created = createFakeSite(
    { 'GET /index/listMarketAll': listed, 'GET /index/homeStats': homeStats },
    { language: options.language ?? 'en' },
  );
  root = created.root;
  const store = new HomeStore();
  void store.loadMarkets();
  const view = renderScreen(root, <HeadlineStats store={store} platform={options.platform} />);
  return { ...created, view };
}

/** The figure shown under a label (what a sighted customer reads). */
function shown(label: string): string {
  const dd = within(screen.getByTestId('headline-stats')).getByText(label).nextElementSibling as HTMLElement;
  const visible = dd.querySelector('[aria-hidden="true"]');
  return (visible ?? dd).textContent ?? '';
}

test('shows the platform figures the server computed, beside the market counts', async () => {
  const { calls } = site(stats);
  await waitFor(() => expect(shown('Registered customers')).toBe('1,234'));
  expect(shown('Traded in the last 24 h')).toBe('56');
  expect(shown('24 h volume (USDT)')).toBe('33.2K');
  expect(shown('Markets listed')).toBe('2');
  expect(shown('Open now')).toBe('1');
  expect(shown('Rising today')).toBe('1');
  // The shortened volume is given in full to screen readers and on hover.
  const volume = screen.getByText('24 h volume (USDT)').nextElementSibling as HTMLElement;
  expect(volume).toHaveAttribute('title', '33,239.10\u00a0USDT traded with real money in the last 24 hours');
  expect(within(volume).getByText(/traded with real money/)).toBeInTheDocument();
  expect(calls.filter((c) => c.path === '/index/homeStats')).toHaveLength(1);
});

test('shows "—" in every cell until the figures arrive, in the same six cells', async () => {
  let answer: (value: HomeStats) => void = () => undefined;
  const platform = new PlatformStatsStore({ homeStats: () => new Promise((resolve) => (answer = resolve)) });
  site(stats, { platform });
  const strip = screen.getByTestId('headline-stats');
  expect(within(strip).getAllByRole('definition')).toHaveLength(6);
  expect(shown('Registered customers')).toBe('—');
  expect(shown('Traded in the last 24 h')).toBe('—');
  expect(shown('24 h volume (USDT)')).toBe('—');
  await waitFor(() => expect(shown('Markets listed')).toBe('2'));
  await act(async () => answer(stats));
  await waitFor(() => expect(shown('Registered customers')).toBe('1,234'));
  expect(within(strip).getAllByRole('definition')).toHaveLength(6);
});

test('says when the figures cannot be read, keeps "—", and tries again on request', async () => {
  let fail = true;
  site(() => (fail ? new Refusal('500', 500) : stats));
  expect(await screen.findByText('Customer figures are unavailable right now.')).toBeInTheDocument();
  expect(shown('Registered customers')).toBe('—');
  expect(shown('24 h volume (USDT)')).toBe('—');
  fail = false;
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  await waitFor(() => expect(shown('Registered customers')).toBe('1,234'));
  expect(screen.queryByText('Customer figures are unavailable right now.')).not.toBeInTheDocument();
});

test('large figures are shortened in the language of the page', async () => {
  site({ ...stats, registeredCustomers: 1_250_000, tradedVolume24h: '12345678.9' }, { language: 'de' });
  await waitFor(() => expect(shown('Registered customers')).toBe(compactFigure('1250000', 'de')));
  expect(shown('Registered customers')).toMatch(/^1,3\s?Mio\.$/);
  expect(shown('24 h volume (USDT)')).toMatch(/^12,3\s?Mio\.$/);
});

test('a zero volume is shown as zero, not hidden', async () => {
  site({ ...stats, registeredCustomers: 3, tradingCustomers24h: 0, tradedVolume24h: '0' });
  await waitFor(() => expect(shown('24 h volume (USDT)')).toBe('0'));
  expect(shown('Traded in the last 24 h')).toBe('0');
});

test('asks again once a minute while shown, and stops when the page is left', () => {
  jest.useFakeTimers();
  try {
    const homeStats = jest.fn(async () => stats);
    const { view } = site(stats, { platform: new PlatformStatsStore({ homeStats }) });
    expect(homeStats).toHaveBeenCalledTimes(1);
    act(() => jest.advanceTimersByTime(PLATFORM_STATS_REFRESH_MS));
    expect(homeStats).toHaveBeenCalledTimes(2);
    view.unmount();
    act(() => jest.advanceTimersByTime(3 * PLATFORM_STATS_REFRESH_MS));
    expect(homeStats).toHaveBeenCalledTimes(2);
  } finally {
    jest.useRealTimers();
  }
});
