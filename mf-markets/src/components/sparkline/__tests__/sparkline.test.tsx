import { act, render, screen } from '@testing-library/react';
import { observer } from 'mobx-react-lite';
import type { RootStore } from '@swx/shared';
import { liveHistory } from '../../live-market';
import { createFakeSite, resetRoot } from '../../../test-support/fake-site';
import { Sparkline, sparklinePoints, SPARKLINE_POINTS } from '../sparkline';

const prices = (count: number, from = 1) => Array.from({ length: count }, (_, i) => String(from + i));
const pointCount = (svg: Element) =>
  svg.querySelector('polyline')?.getAttribute('points')?.split(' ').length ?? 0;

test('draws exactly the latest 100 prices when given more', () => {
  render(<Sparkline prices={prices(150)} label="BTC" />);
  expect(pointCount(screen.getByRole('img', { name: 'BTC' }))).toBe(SPARKLINE_POINTS);
  // The first point drawn is price 51 (the oldest of the latest 100), at the bottom-left.
  const points = sparklinePoints(prices(150), 100, 30).split(' ');
  expect(points[0]).toBe('0.0,29.0');
  expect(points[99]).toBe('100.0,1.0');
});

test('draws every price when there are fewer than 100, and nothing for fewer than two', () => {
  const { rerender } = render(<Sparkline prices={prices(40)} label="BTC" />);
  expect(pointCount(screen.getByRole('img'))).toBe(40);
  rerender(<Sparkline prices={['5']} label="BTC" />);
  expect(screen.getByRole('img').querySelector('polyline')).toBeNull();
});

describe('fed by the live store', () => {
  let root: RootStore;
  beforeEach(() => {
    root = createFakeSite({}).root;
  });
  afterEach(() => resetRoot(root));

  const Row = observer(() => (
    <Sparkline prices={liveHistory({ code: 'BTCUSDT', recentPrices: [] })} label="live" />
  ));

  test('keeps the latest 100 points as ticks arrive after the server’s hundred', () => {
    root.market.seed('BTCUSDT', prices(100));
    render(<Row />);
    expect(pointCount(screen.getByRole('img'))).toBe(100);
    act(() => {
      for (let i = 0; i < 30; i++)
        root.market.applyTicks([{ code: 'BTCUSDT', price: String(500 + i), zdf: '1', time: 1 }]);
    });
    expect(pointCount(screen.getByRole('img'))).toBe(100);
    expect(root.market.history('BTCUSDT')[0]).toBe('31');
    expect(root.market.history('BTCUSDT').at(-1)).toBe('529');
  });
});
