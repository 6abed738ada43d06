import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { forwardRef, useImperativeHandle } from 'react';
import type { RootStore } from '@swx/shared';
import { bucketStart, type Candle, type MarketInfo } from '@swx/shared/contract';
import { getWatchlist } from '../../../components/watch-star';
import { createFakeSite, renderScreen, resetRoot, type ApiCall } from '../../../test-support/fake-site';
import { CurrencyScreen } from '../currency';

// Highcharts draws on SVG measurements jsdom does not have: the chart is replaced by a recorder of what the
// screen hands it, with a fake chart object for the live-candle updates.
const chartCalls = {
  options: [] as { series: { type: string; data: number[][] }[] }[],
  added: [] as number[][],
  updated: [] as number[][],
  /** The windows the chart was told to show (`xAxis.setExtremes`). */
  windows: [] as [number, number][],
};
jest.mock('highcharts/highstock', () => ({ __esModule: true, default: { product: 'Highstock (mock)' } }));
jest.mock('highcharts-react-official', () => {
  const Mock = forwardRef(function HighchartsMock(
    props: { options: (typeof chartCalls.options)[number]; constructorType: string },
    ref,
  ) {
    chartCalls.options.push(props.options);
    const data = props.options.series[0]!.data;
    useImperativeHandle(ref, () => ({
      chart: {
        series: [
          {
            data: data.map((point) => ({ x: point[0], update: (p: number[]) => chartCalls.updated.push(p) })),
            addPoint: (p: number[]) => chartCalls.added.push(p),
            setData: () => undefined,
          },
        ],
        xAxis: [{ setExtremes: (min: number, max: number) => chartCalls.windows.push([min, max]) }],
      },
    }));
    return (
      <div data-testid="highcharts" data-constructor={props.constructorType} data-points={data.length} />
    );
  });
  return { __esModule: true, default: Mock };
});

const info: MarketInfo = {
  id: '1',
  code: 'BTCUSDT',
  type: 2,
  appName: 'Bitcoin',
  baseAsset: 'BTC',
  quoteAsset: 'USDT',
  logo: '/swx/customer/index/logo/BTCUSDT.svg',
  price: '95000.10',
  zdf: '1.25',
  previousClose: '93826.00',
  dayOpen: '94000.00',
  lastTick: { price: '95000.10', time: 1_764_000_000_000, seq: '10' },
  tickSize: '0.01',
  priceDecimals: 2,
  contractSize: '1',
  leverages: [1, 2, 5],
  tradable: { spot: true, margin: true, options: true },
  openNow: true,
  tradingHours: {
    calendarId: 'crypto-24x7',
    timezone: 'UTC',
    description: 'Always open',
    sessions: [{ openDay: 0, openTime: '00:00', closeDay: 6, closeTime: '24:00' }],
    alwaysOpen: true,
  },
  simulated: true,
  feed: 'simulated',
};

const minute = 60_000;
const candle = (time: number, close: string): Candle => ({
  time,
  open: '100',
  high: '110',
  low: '90',
  close,
  ticks: 5,
});

let root: RootStore | undefined;
afterEach(() => {
  resetRoot(root);
  getWatchlist().clear();
  chartCalls.options.length = 0;
  chartCalls.added.length = 0;
  chartCalls.updated.length = 0;
  chartCalls.windows.length = 0;
});

function site(candlesFor: (call: ApiCall) => Candle[]) {
  const fake = createFakeSite({
    'GET /index/getMarketInfo/BTCUSDT': info,
    'GET /index/getKValueByCodeAndDate': candlesFor,
    'GET /index/feedStatus': { feed: 'simulated', simulated: true },
  });
  root = fake.root;
  // The shell asks for the feed status once per page; the module only reads the root store.
  void root.loadFeedStatus();
  return fake;
}

const path = '/cruuency?code=BTCUSDT&type=2&id=1&zdf=1.25';

test('shows the live price, change, facts and the ways into trading', async () => {
  site(() => []);
  renderScreen(root!, <CurrencyScreen />, path);
  expect(await screen.findByRole('heading', { name: 'Bitcoin' })).toBeInTheDocument();
  expect(screen.getByTestId('currency-price')).toHaveTextContent('95,000.10');
  expect(screen.getByTestId('currency-change')).toHaveTextContent('+1.25%');
  // On the screen's header and on the chart itself (a chart is a price shown too).
  expect(screen.getAllByText('Simulated market data', { exact: false })).toHaveLength(2);
  expect(within(screen.getByTestId('chart-panel')).getByText('Simulated market data')).toBeInTheDocument();
  expect(screen.getByTestId('open-now')).toHaveTextContent('Open');
  expect(screen.getByText('24 hours, 7 days a week')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Buy / Long' })).toHaveAttribute(
    'href',
    '/trading?code=BTCUSDT&direction=long',
  );
  expect(screen.getByRole('link', { name: 'Sell / Short' })).toHaveAttribute(
    'href',
    '/trading?code=BTCUSDT&direction=short',
  );

  act(() => root!.market.applyTicks([{ code: 'BTCUSDT', price: '95100.5', zdf: '1.36', time: 1 }]));
  expect(screen.getByTestId('currency-price')).toHaveTextContent('95,100.50');
  expect(screen.getByTestId('currency-change')).toHaveTextContent('+1.36%');
});

test('a live change the feed does not know shows "—" read as not known, not 0 %', async () => {
  site(() => []);
  renderScreen(root!, <CurrencyScreen />, path);
  expect(await screen.findByRole('heading', { name: 'Bitcoin' })).toBeInTheDocument();
  act(() => root!.market.applyTicks([{ code: 'BTCUSDT', price: '95100.5', zdf: null, time: 1 }]));
  const change = screen.getByTestId('currency-change');
  expect(change).toHaveTextContent('—');
  expect(change).not.toHaveTextContent('%');
  expect(within(change).getByText('Change not known yet')).toBeInTheDocument();
});

test('without stored history the chart is an empty state, never made-up candles', async () => {
  site(() => []);
  renderScreen(root!, <CurrencyScreen />, path);
  expect(await screen.findByText('No price history yet')).toBeInTheDocument();
  expect(screen.queryByTestId('highcharts')).not.toBeInTheDocument();
});

test('draws stored candles as a Highcharts Stock candlestick series', async () => {
  const now = Date.now();
  site(() => [candle(bucketStart(now, '15m') - 15 * minute, '101'), candle(bucketStart(now, '15m'), '102')]);
  renderScreen(root!, <CurrencyScreen />, path);
  const chart = await screen.findByTestId('highcharts');
  expect(chart).toHaveAttribute('data-constructor', 'stockChart');
  expect(chart).toHaveAttribute('data-points', '2');
  expect(chartCalls.options.at(-1)!.series[0]!.type).toBe('candlestick');
  expect(chartCalls.options.at(-1)!.series[0]!.data[1]).toEqual([bucketStart(now, '15m'), 100, 110, 90, 102]);
});

test('switching the interval loads its candles and is remembered under klinedatamark', async () => {
  const user = userEvent.setup();
  const { calls } = site((call) => [
    candle(bucketStart(Date.now(), call.query.get('interval') as '1h'), '100'),
  ]);
  renderScreen(root!, <CurrencyScreen />, path);
  await screen.findByTestId('highcharts');
  const candleCalls = () => calls.filter((c) => c.path === '/index/getKValueByCodeAndDate');
  expect(candleCalls()[0]!.query.get('interval')).toBe('15m');

  const intervals = screen.getByRole('tablist', { name: 'Chart interval' });
  await user.click(within(intervals).getByRole('tab', { name: '1h' }));
  await waitFor(() => expect(candleCalls().at(-1)!.query.get('interval')).toBe('1h'));
  expect(within(intervals).getByRole('tab', { name: '1h' })).toHaveAttribute('aria-selected', 'true');
  // The new series opens at its latest candle, whatever the 15m chart showed.
  const hour = bucketStart(Date.now(), '1h');
  await waitFor(() => expect(chartCalls.windows.at(-1)).toEqual([hour, hour + 3_600_000]));
  expect(localStorage.getItem('klinedatamark')).toBe('1h');
  expect(candleCalls().at(-1)!.query.get('code')).toBe('BTCUSDT');
});

test('the remembered interval is used when the screen opens again', async () => {
  const { calls } = site(() => []);
  localStorage.setItem('klinedatamark', '4h');
  renderScreen(root!, <CurrencyScreen />, path);
  await screen.findByText('No price history yet');
  expect(calls.find((c) => c.path === '/index/getKValueByCodeAndDate')!.query.get('interval')).toBe('4h');
});

test('live ticks update the last candle on the chart', async () => {
  const now = Date.now();
  site(() => [candle(bucketStart(now, '15m'), '102')]);
  renderScreen(root!, <CurrencyScreen />, path);
  await screen.findByTestId('highcharts');
  act(() => root!.market.applyTicks([{ code: 'BTCUSDT', price: '120', zdf: '2', time: 1 }]));
  expect(chartCalls.updated.at(-1)).toEqual([bucketStart(now, '15m'), 100, 120, 90, 120]);
});

test('an unknown market says so', async () => {
  root = createFakeSite({ 'GET /index/feedStatus': { feed: 'simulated', simulated: true } }).root;
  renderScreen(root, <CurrencyScreen />, '/cruuency?code=NOPE');
  expect(await screen.findByText('Market not found')).toBeInTheDocument();
});
