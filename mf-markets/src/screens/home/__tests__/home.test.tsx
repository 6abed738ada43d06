import { act, screen, waitFor, within } from '@testing-library/react';
import type { RootStore } from '@swx/shared';
import { createFakeSite, listItem, renderScreen, resetRoot } from '../../../test-support/fake-site';
import { FIRST_ROWS, HomeScreen, ROWS_PER_FRAME } from '../home';

const listed = [
  listItem('BTCUSDT', 2, { appName: 'Bitcoin', zdf: '2.50', openNow: true }),
  listItem('ETHUSDT', 2, { appName: 'Ethereum', zdf: '-1.20', openNow: true }),
  listItem('AAPL', 3, { appName: 'Apple', zdf: '0.40', openNow: false }),
];

let root: RootStore | undefined;
afterEach(() => {
  resetRoot(root);
});

function site(fee: string | Error, simulated = true) {
  root = createFakeSite({
    'GET /index/listMarketAll': listed,
    'GET /index/getParamByKey/trade_fee_rate': fee instanceof Error ? fee : { paramValue: fee },
    'GET /index/feedStatus': { feed: simulated ? 'simulated' : 'binance', simulated },
  }).root;
  // The shell asks for the feed status once per page; the module only reads the root store.
  void root.loadFeedStatus();
  return renderScreen(root, <HomeScreen />, '/');
}

test('headline statistics are counted from the listed markets', async () => {
  site('0.001');
  const stats = await screen.findByTestId('headline-stats');
  await waitFor(() => expect(within(stats).getByText('Markets listed').nextSibling).toHaveTextContent('3'));
  expect(within(stats).getByText('Open now').nextSibling).toHaveTextContent('2');
  expect(within(stats).getByText('Rising today').nextSibling).toHaveTextContent('2');
  // "Rising" follows the live feed.
  act(() => root!.market.applyTicks([{ code: 'ETHUSDT', price: '101', zdf: '0.10', time: 1 }]));
  expect(within(stats).getByText('Rising today').nextSibling).toHaveTextContent('3');
});

test('a row whose live change is unknown shows "—" read as not known, and does not count as rising', async () => {
  site('0.001');
  const rows = await screen.findAllByTestId('market-row');
  const stats = screen.getByTestId('headline-stats');
  await waitFor(() => expect(within(stats).getByText('Rising today').nextSibling).toHaveTextContent('2'));
  act(() => root!.market.applyTicks([{ code: 'BTCUSDT', price: '101', zdf: null, time: 1 }]));
  const change = within(rows[0]!).getByTestId('market-change');
  expect(change).toHaveTextContent('—');
  expect(change).not.toHaveTextContent('0');
  expect(within(change).getByText('Change not known yet')).toBeInTheDocument();
  expect(within(stats).getByText('Rising today').nextSibling).toHaveTextContent('1');
});

test('the fee line is shown from the live parameter while the fee is under 0.3 %', async () => {
  site('0.001');
  expect(await screen.findByTestId('fee-line')).toHaveTextContent('Trading fee 0.10% — under 0.3%');
});

test.each([['0.003'], ['0.005'], ['not-a-number']])(
  'the fee line is not shown when the fee is %s',
  async (fee) => {
    site(fee);
    await screen.findAllByTestId('market-row');
    expect(screen.queryByTestId('fee-line')).not.toBeInTheDocument();
  },
);

test('the fee line is not shown when the parameter cannot be read', async () => {
  site(new Error('down'));
  await screen.findAllByTestId('market-row');
  expect(screen.queryByTestId('fee-line')).not.toBeInTheDocument();
});

test('the simulated-data badge shows while the server runs the simulator', async () => {
  site('0.001', true);
  expect(await screen.findByText('Simulated market data', { exact: false })).toBeInTheDocument();
});

test('no simulated-data badge with a real feed', async () => {
  site('0.001', false);
  await screen.findAllByTestId('market-row');
  await act(() => root!.loadFeedStatus());
  expect(screen.queryByText('Simulated market data', { exact: false })).not.toBeInTheDocument();
});

test('each row links to the currency detail and draws its mini chart', async () => {
  site('0.001');
  const rows = await screen.findAllByTestId('market-row');
  expect(within(rows[0]!).getByRole('link')).toHaveAttribute(
    'href',
    '/cruuency?code=BTCUSDT&type=2&id=9&zdf=2.50',
  );
  expect(within(rows[0]!).getByRole('img', { name: 'Bitcoin: latest 100 feed prices' })).toBeInTheDocument();
});

test('shortcuts lead to notices, profile, market and trading', async () => {
  site('0.001');
  await screen.findAllByTestId('market-row');
  const nav = screen.getByRole('navigation', { name: 'Shortcuts' });
  expect(
    within(nav)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href')),
  ).toEqual(['/help/notice', '/profile', '/market', '/trading']);
});

test('a long list mounts the first screenful at once and the rest a few rows per frame, all of them', async () => {
  const many = Array.from({ length: FIRST_ROWS + 3 * ROWS_PER_FRAME + 1 }, (_, i) =>
    listItem(`M${String(i).padStart(2, '0')}USDT`, 2, { appName: `Market ${i}`, openNow: true }),
  );
  const frames: FrameRequestCallback[] = [];
  const raf = jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
    frames.push(callback);
    return frames.length;
  });
  try {
    root = createFakeSite({
      'GET /index/listMarketAll': many,
      'GET /index/feedStatus': { feed: 'simulated', simulated: true },
    }).root;
    renderScreen(root, <HomeScreen />, '/');
    await waitFor(() => expect(screen.getAllByTestId('market-row')).toHaveLength(FIRST_ROWS));
    for (let step = 1; step <= 4; step += 1) {
      act(() => frames.shift()?.(performance.now()));
      expect(screen.getAllByTestId('market-row')).toHaveLength(
        Math.min(many.length, FIRST_ROWS + step * ROWS_PER_FRAME),
      );
    }
    expect(frames).toHaveLength(0);
  } finally {
    raf.mockRestore();
  }
});
