import { observer } from 'mobx-react-lite';
import { Component, lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, EmptyState, Skeleton, Tabs } from '@swx/shared';
import { candleIntervals, type CandleInterval } from '@swx/shared/contract';
import type { KLineStore } from './kline-store';
import styles from './currency.module.css';

/** While a market has no stored candles yet, look again this often (the server writes candles every second). */
export const EMPTY_HISTORY_RETRY_MS = 5_000;

/** A fresh lazy component per attempt: React.lazy remembers a failed import forever. */
const loadChart = () => lazy(() => import('./kline-chart'));

interface KLinePanelProps {
  store: KLineStore;
  name: string;
  priceDecimals: number;
}

/** Interval picker and the chart, with loading, error and no-history states. */
export const KLinePanel = observer(function KLinePanel({ store, name, priceDecimals }: KLinePanelProps) {
  const { t, i18n } = useTranslation('markets');
  const waitingForHistory = store.status === 'ready' && !store.hasHistory;

  useEffect(() => void store.load(), [store]);
  useEffect(() => {
    if (!waitingForHistory) return;
    const timer = setInterval(() => void store.load(), EMPTY_HISTORY_RETRY_MS);
    return () => clearInterval(timer);
  }, [store, waitingForHistory]);

  return (
    <section className={styles.chartPanel} aria-labelledby="kline-title">
      <h2 id="kline-title" className={styles.sectionTitle}>
        {t('chart.title')}
      </h2>
      <Tabs
        label={t('chart.intervals')}
        value={store.interval}
        onChange={(value: string) => store.setInterval(value as CandleInterval)}
        tabs={candleIntervals.map((interval) => ({
          value: interval,
          label: t(`chart.interval.${interval}`),
        }))}
      >
        <div className={styles.chartArea}>
          <ChartBody store={store} name={name} priceDecimals={priceDecimals} lang={i18n.language} />
        </div>
      </Tabs>
    </section>
  );
});

const ChartBody = observer(function ChartBody({
  store,
  name,
  priceDecimals,
  lang,
}: KLinePanelProps & { lang: string }) {
  const { t } = useTranslation('markets');
  const [attempt, setAttempt] = useState(0);
  const KLineChart = useMemo(loadChart, [attempt]);
  if (store.status === 'loading' && !store.hasHistory) return <Skeleton blockSize="360px" />;
  if (store.status === 'error' && !store.hasHistory) {
    return (
      <EmptyState
        title={t('chart.errorTitle')}
        description={t('chart.errorText')}
        action={<Button onClick={() => void store.load()}>{t('list.retry')}</Button>}
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
      retryText={t('list.retry')}
    >
      <Suspense fallback={<Skeleton blockSize="360px" />}>
        <KLineChart
          store={store}
          priceDecimals={priceDecimals}
          lang={lang}
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
