import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState } from 'react';
import { CandleStore, ChartPanel } from '@swx/shared/chart';
import type { PositionsStore } from '../margin/positions-store';
import type { TradingStore } from '../trading-store';
import { positionLevels } from './position-levels';

/** This front-end's own key: '1' while the customer keeps the trading chart folded on a phone. */
export const CHART_FOLDED_KEY = 'tradingChartFolded';

function storedFolded(): boolean {
  try {
    return globalThis.localStorage?.getItem(CHART_FOLDED_KEY) === '1';
  } catch {
    return false;
  }
}

const WIDE = '(min-width: 768px)';

/** Taller candles where the screen has room; a phone keeps the order ticket in reach. */
function useChartHeight(): number {
  const query = useMemo(
    () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(WIDE) : null),
    [],
  );
  const [wide, setWide] = useState(() => query?.matches ?? true);
  useEffect(() => {
    if (!query) return;
    const follow = () => setWide(query.matches);
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, [query]);
  return wide ? 420 : 280;
}

/** The chosen market's candles with the customer's position lines; foldable on phones, remembered. */
export const TradingChart = observer(function TradingChart({
  trading,
  positions,
  className,
}: {
  trading: TradingStore;
  positions: PositionsStore;
  className?: string;
}) {
  const code = trading.code!;
  // A new market is a new series: no carry-over of another market's candles.
  const [candles, setCandles] = useState(() => new CandleStore(code));
  if (candles.code !== code) setCandles(new CandleStore(code));
  const [folded, setFolded] = useState(storedFolded);
  const height = useChartHeight();
  const toggle = () =>
    setFolded((was) => {
      try {
        globalThis.localStorage?.setItem(CHART_FOLDED_KEY, was ? '0' : '1');
      } catch {
        // Not remembered past this visit; the fold still applies now.
      }
      return !was;
    });
  return (
    <ChartPanel
      store={candles}
      name={trading.market?.name ?? code}
      priceDecimals={trading.priceDecimals}
      simulated={trading.showSimulatedBadge}
      levels={positionLevels(positions.open, code)}
      height={height}
      collapsible={{ collapsed: folded, onToggle: toggle }}
      className={className}
    />
  );
});
