import { bucketStart, type Candle } from '@swx/shared/contract';
import { CandleStore, INTERVAL_STORAGE_KEY } from '../candle-store';

const minute = 60_000;
const t0 = Date.UTC(2026, 10, 23, 10, 0, 0);
const candle = (time: number, close: string): Candle => ({
  time,
  open: '100',
  high: '110',
  low: '90',
  close,
  ticks: 5,
});

const storeWith = async (candles: Candle[]) => {
  const store = new CandleStore('BTCUSDT', { candles: async () => candles }, () => t0 + 30_000);
  store.setInterval('1m');
  await store.load();
  return store;
};

afterEach(() => localStorage.clear());

test('a tick inside the last candle moves its close, high and low', async () => {
  const store = await storeWith([candle(t0, '100')]);
  store.applyTick('111', t0 + 40_000);
  store.applyTick('85', t0 + 50_000);
  expect(store.candles).toEqual([{ time: t0, open: '100', high: '111', low: '85', close: '85', ticks: 7 }]);
});

test('a tick in the next interval starts a candle at that interval, opened at the tick', async () => {
  const store = await storeWith([candle(t0, '100')]);
  store.applyTick('104', t0 + minute + 5_000);
  expect(store.candles.at(-1)).toEqual({
    time: t0 + minute,
    open: '104',
    high: '104',
    low: '104',
    close: '104',
    ticks: 1,
  });
});

test('weekly candles start on Monday 00:00 UTC, as the server stores them', () => {
  expect(new Date(bucketStart(t0, '1w')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
  expect(new Date(bucketStart(Date.UTC(2026, 10, 22, 23), '1w')).toISOString()).toBe(
    '2026-11-16T00:00:00.000Z',
  );
});

test('ticks never create a chart out of nothing', async () => {
  const store = await storeWith([]);
  store.applyTick('104', t0);
  expect(store.candles).toEqual([]);
});

test('the chosen interval is asked for and remembered under the seed key', async () => {
  const asked: string[] = [];
  const store = new CandleStore('ETHUSDT', {
    candles: async (code, interval) => {
      asked.push(`${code}:${interval}`);
      return [];
    },
  });
  store.setInterval('4h');
  await store.load();
  expect(asked.at(-1)).toBe('ETHUSDT:4h');
  expect(localStorage.getItem(INTERVAL_STORAGE_KEY)).toBe('4h');
});

test('a slower answer for an interval already left does not replace the newer series', async () => {
  const answers: ((c: Candle[]) => void)[] = [];
  const store = new CandleStore('BTCUSDT', {
    candles: () => new Promise<Candle[]>((resolve) => answers.push(resolve)),
  });
  const first = store.load();
  const second = store.load();
  answers[1]!([candle(t0, '200')]);
  answers[0]!([candle(t0, '100')]);
  await Promise.all([first, second]);
  expect(store.candles.map((c) => c.close)).toEqual(['200']);
});
