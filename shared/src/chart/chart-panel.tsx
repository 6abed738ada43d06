import { observer } from 'mobx-react-lite';
import { Component, lazy, Suspense, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  EmptyState,
  getRootStore,
  SimulatedBadge,
  Skeleton,
  Tabs,
  useLivePrices,
  type Lang,
} from '@swx/shared';
import { candleIntervals, type CandleInterval } from '@swx/shared/contract';
import type { CandleStore } from './candle-store';
import type { ChartLabels, ChartLevel } from './chart-options';
import styles from './chart-panel.module.css';

/** While a market has no stored candles yet, look again this often (the server writes candles every second). */
export const EMPTY_HISTORY_RETRY_MS = 5_000;

/** A fresh lazy component per attempt: React.lazy remembers a failed import forever. */
const loadChart = () => lazy(() => import('./candle-chart'));

const noLevels: readonly ChartLevel[] = [];

export interface ChartPanelProps {
  store: CandleStore;
  /** The market's name, for the spoken summary and the series. */
  name: string;
  priceDecimals: number;
  /** The simulator's badge on the chart itself (PRODUCT.md rule 1): the caller knows the market's feed. */
  simulated: boolean;
  /** Lines for a position's entry, stop loss and take profit on this market. */
  levels?: readonly ChartLevel[];
  height?: number;
  /** On phones the chart can be folded away to leave the screen to the order ticket; the caller keeps the state. */
  collapsible?: { collapsed: boolean; onToggle: () => void };
  className?: string;
}

/**
 * Interval picker and candle chart of one market, with loading, error and no-history states, following the
 * market's live price. The same panel on every screen that draws candles (currency detail, trading).
 */
export const ChartPanel = observer(function ChartPanel(props: ChartPanelProps) {
  const { store, collapsible, simulated, className } = props;
  const { t } = useTranslation('common');
  const titleId = useId();
  const bodyId = useId();
  const waitingForHistory = store.status === 'ready' && !store.hasHistory;

  useEffect(() => void store.load(), [store]);
  useEffect(() => {
    if (!waitingForHistory) return;
    const timer = setInterval(() => void store.load(), EMPTY_HISTORY_RETRY_MS);
    return () => clearInterval(timer);
  }, [store, waitingForHistory]);
  useLivePrices([store.code]);
  useEffect(() => store.followLive(), [store]);

  const collapsed = collapsible?.collapsed === true;
  return (
    <section
      className={`${styles.panel} ${collapsed ? styles.collapsed : ''} ${className ?? ''}`}
      aria-labelledby={titleId}
      data-testid="chart-panel"
    >
      <div className={styles.head}>
        <h2 id={titleId} className={styles.title}>
          {t('chart.title')}
        </h2>
        <SimulatedBadge simulated={simulated} />
        {collapsible ? (
          <button
            type="button"
            className={styles.toggle}
            aria-expanded={!collapsed}
            aria-controls={bodyId}
            onClick={collapsible.onToggle}
          >
            {t(collapsed ? 'chart.show' : 'chart.hide')}
          </button>
        ) : null}
      </div>
      <div id={bodyId} className={styles.body}>
        <Tabs
          label={t('chart.intervals')}
          value={store.interval}
          onChange={(value: string) => store.setInterval(value as CandleInterval)}
          tabs={candleIntervals.map((interval) => ({
            value: interval,
            label: t(`chart.interval.${interval}`),
          }))}
        >
          <div className={styles.area}>
            <ChartBody {...props} />
          </div>
        </Tabs>
      </div>
    </section>
  );
});

const ChartBody = observer(function ChartBody({
  store,
  name,
  priceDecimals,
  levels = noLevels,
  height = 360,
}: ChartPanelProps) {
  const { t, i18n } = useTranslation('common');
  const [attempt, setAttempt] = useState(0);
  const CandleChart = useMemo(loadChart, [attempt]);
  const lang = i18n.language as Lang;
  const labels = useMemo<ChartLabels>(
    () => ({
      open: t('chart.open'),
      high: t('chart.high'),
      low: t('chart.low'),
      close: t('chart.close'),
      entry: t('chart.entry'),
      stopLoss: t('chart.stopLoss'),
      takeProfit: t('chart.takeProfit'),
    }),
    [t],
  );
  const skeleton = <Skeleton blockSize={`${height}px`} />;
  if (store.status === 'loading' && !store.hasHistory) return skeleton;
  if (store.status === 'error' && !store.hasHistory) {
    return (
      <EmptyState
        title={t('chart.errorTitle')}
        description={t('chart.errorText')}
        action={<Button onClick={() => void store.load()}>{t('errors.retry')}</Button>}
      />
    );
  }
  if (!store.hasHistory) {
    return <EmptyState title={t('chart.emptyTitle')} description={t('chart.emptyText')} />;
  }
  return (
    <ChartBoundary
      key={attempt}
      onRetry={() => setAttempt((a) => a + 1)}
      fallbackText={t('chart.loadFailed')}
      retryText={t('errors.retry')}
    >
      <Suspense fallback={skeleton}>
        <CandleChart
          store={store}
          name={name}
          priceDecimals={priceDecimals}
          lang={lang}
          labels={labels}
          levels={levels}
          height={height}
          theme={getRootStore().settings.theme}
          label={t('chart.label', {
            name,
            interval: t(`chart.interval.${store.interval}`),
            count: store.candles.length,
          })}
        />
      </Suspense>
    </ChartBoundary>
  );
});

/** A chart chunk that fails to download leaves the rest of the screen usable and offers a retry. */
class ChartBoundary extends Component<
  { children: ReactNode; onRetry: () => void; fallbackText: string; retryText: string },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <EmptyState
        title={this.props.fallbackText}
        action={<Button onClick={this.props.onRetry}>{this.props.retryText}</Button>}
      />
    );
  }
}
