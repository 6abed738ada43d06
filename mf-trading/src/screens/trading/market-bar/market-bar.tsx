import { observer } from 'mobx-react-lite';
import {
  ChangePercent,
  changeDirection,
  DemoBadge,
  formatMoney,
  formatPrice,
  getRootStore,
  SimulatedBadge,
} from '@swx/shared';
import { PriceLine } from '../../../components/price-line';
import { StaleBadge } from '../../../components/stale-badge';
import { useTradingT } from '../../../i18n';
import { MarketPicker } from '../market-picker';
import type { TradingStore } from '../trading-store';
import styles from './market-bar.module.css';

/** The market picker, the live feed price and the account facts (DEMO, simulated data, balance). */
export const MarketBar = observer(function MarketBar({ store }: { store: TradingStore }) {
  const t = useTradingT();
  const root = getRootStore();
  const direction = changeDirection(store.changePercent);
  const changeTone = direction === 'flat' ? '' : direction === 'up' ? styles.up : styles.down;
  return (
    <section className={styles.bar} aria-label={t('market')}>
      <MarketPicker store={store} />
      <div className={styles.quote}>
        <span className={styles.label}>{t('livePrice')}</span>
        <span className={styles.price} data-testid="live-price">
          {store.livePrice === null ? t('noPrice') : formatPrice(store.livePrice, store.priceDecimals)}
        </span>
        {store.livePrice !== null ? (
          <ChangePercent
            value={store.changePercent}
            label={t('change')}
            className={`${styles.change} ${changeTone}`}
            testId="live-change"
          />
        ) : null}
      </div>
      <div className={styles.chart}>
        <PriceLine
          prices={store.recentPrices}
          label={t('recentPrices', { points: store.recentPrices.length })}
        />
      </div>
      <div className={styles.badges}>
        <DemoBadge />
        <SimulatedBadge simulated={store.showSimulatedBadge} />
        {store.code ? <StaleBadge code={store.code} stale={store.info?.stale === true} /> : null}
      </div>
      {root.settings.isDemo && root.session.isLoggedIn ? (
        <p className={styles.demoNote} data-testid="demo-note">
          {t('demoNote')}
        </p>
      ) : null}
      {store.availableUsdt !== null ? (
        <p className={styles.balance} data-testid="available-balance">
          {t('available', { amount: formatMoney(store.availableUsdt, 'USDT') })}
        </p>
      ) : null}
      {store.info && !store.info.openNow ? (
        <p className={styles.closed} role="status">
          {t('closedNow')}
        </p>
      ) : null}
    </section>
  );
});
