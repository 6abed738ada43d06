import { observer } from 'mobx-react-lite';
import { startTransition, useDeferredValue, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button, EmptyState, SimulatedBadge, Skeleton, formatRate, useLivePrices } from '@swx/shared';
import { MarketRow } from '../../components/market-row';
import { FEE_CLAIM_LIMIT, HomeStore } from './home-store';
import { HeadlineStats } from './headline-stats';
import styles from './home.module.css';

const shortcuts = [
  { to: '/help/notice', key: 'notices', icon: 'M4 5h16v11H8l-4 4z' },
  { to: '/profile', key: 'profile', icon: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 8a7 7 0 0 1 14 0z' },
  { to: '/market', key: 'market', icon: 'M4 19h16M6 16V9m4 7V5m4 11v-5m4 5V7' },
  { to: '/trading', key: 'trading', icon: 'M4 15l5-5 4 4 7-7M15 7h5v5' },
] as const;

export const HomeScreen = observer(function HomeScreen({ store: given }: { store?: HomeStore }) {
  const { t } = useTranslation('markets');
  const [store] = useState(() => given ?? new HomeStore());
  useEffect(() => void store.load(), [store]);
  useLivePrices(store.markets.map((m) => m.code));

  return (
    <div className={styles.home}>
      <section className={styles.hero} aria-labelledby="home-title">
        {/* Slots keep their height while the feed status and fee parameter load: nothing below them moves. */}
        <div className={styles.badgeSlot}>
          <SimulatedBadge />
        </div>
        <h1 id="home-title" className={styles.title}>
          {t('home.title')}
        </h1>
        <HeadlineStats store={store} />
        <p className={styles.feeLine} data-testid={store.feeClaimHolds ? 'fee-line' : undefined}>
          {store.feeClaimHolds &&
            t('home.feeLine', {
              fee: formatRate(store.tradeFeeRate ?? '0'),
              limit: formatRate(FEE_CLAIM_LIMIT, { decimals: 1 }),
            })}
        </p>
      </section>

      <nav className={styles.shortcuts} aria-label={t('home.shortcuts')}>
        {shortcuts.map((s) => (
          <Link key={s.key} to={s.to} className={styles.shortcut}>
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path d={s.icon} />
            </svg>
            <span>{t(`home.shortcut.${s.key}`)}</span>
          </Link>
        ))}
      </nav>

      <section className={styles.markets} aria-labelledby="home-markets">
        <div className={styles.sectionHead}>
          <h2 id="home-markets">{t('home.liveMarkets')}</h2>
          <Link to="/market" className={styles.more}>
            {t('home.allMarkets')}
          </Link>
        </div>
        <MarketList store={store} />
      </section>
    </div>
  );
});

const MarketList = observer(function MarketList({ store }: { store: HomeStore }) {
  const { t } = useTranslation('markets');
  // The first rows are built in a background render React can interrupt (the skeleton stays until they are
  // ready), the rest a few per frame (useProgressiveCount).
  const markets = useDeferredValue(store.markets);
  const building = markets !== store.markets;
  const shown = useProgressiveCount(markets.length);
  if ((store.marketsStatus === 'loading' || building) && markets.length === 0) {
    return (
      <div aria-busy="true" aria-label={t('list.loading')}>
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} blockSize="60px" />
        ))}
      </div>
    );
  }
  if (store.marketsStatus === 'error') {
    return (
      <EmptyState
        title={t('list.errorTitle')}
        description={t('list.errorText')}
        action={<Button onClick={() => void store.loadMarkets()}>{t('list.retry')}</Button>}
      />
    );
  }
  if (markets.length === 0) {
    return <EmptyState title={t('list.emptyTitle')} description={t('list.emptyText')} />;
  }
  return (
    <ul className={styles.list} data-testid="home-market-list">
      {markets.slice(0, shown).map((market) => (
        <MarketRow key={market.code} market={market} showSparkline />
      ))}
    </ul>
  );
});

/** Rows mounted in the first commit: what a phone's first screen shows, and a little more. */
export const FIRST_ROWS = 4;
/** Rows added per following frame: each commit stays a short task on a slow phone. */
export const ROWS_PER_FRAME = 2;

/**
 * How many of `total` rows to mount: the first screenful at once, then a few more every animation frame as a
 * transition, so the ~50 rows never arrive as one long task that keeps a phone from answering a tap.
 */
function useProgressiveCount(total: number): number {
  // The list arrives after the first render: the first screenful counts from then, not from zero.
  const [added, setAdded] = useState(0);
  const shown = Math.min(total, FIRST_ROWS + added);
  useEffect(() => {
    if (total === 0 || shown >= total) return;
    // A transition: React renders the new rows in slices it can pause, so even a slow phone's frame stays short.
    const frame = requestAnimationFrame(() =>
      startTransition(() => setAdded((count) => count + ROWS_PER_FRAME)),
    );
    return () => cancelAnimationFrame(frame);
  }, [shown, total]);
  return shown;
}
