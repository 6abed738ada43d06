import { observer } from 'mobx-react-lite';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ChangePercent, MarketName, changeDirection, formatPrice, marketName } from '@swx/shared';
import type { Market } from '../../api';
import { useLiveness, type Liveness } from '../in-view';
import { LivePrice } from '../live-price';
import { liveChange, liveHistory, livePrice } from '../live-market';
import { Sparkline } from '../sparkline';
import { StaleBadge } from '../stale-badge';
import { WatchStar, type WatchlistStore } from '../watch-star';
import styles from './market-row.module.css';

interface MarketRowProps {
  market: Market;
  /** Home shows the mini chart; the market list shows the open/closed state and the star instead. */
  showSparkline?: boolean;
  watchlist?: WatchlistStore;
}

/** The seed's currency-detail link: `/cruuency?code=&type=&id=&zdf=`. */
export function currencyPath(market: Pick<Market, 'code' | 'type' | 'id'>, change: string | null): string {
  const query = new URLSearchParams({
    code: market.code,
    type: String(market.type),
    id: market.id,
    zdf: change ?? '',
  });
  return `/cruuency?${query.toString()}`;
}

/**
 * One market in a list: name, live price (flashing on change), change against yesterday's close. The row
 * itself renders once; only its figures and mini chart follow the feed, and only while the row is on or near
 * the screen (off screen they show the values of their last render).
 */
export function MarketRow({ market, showSparkline = false, watchlist }: MarketRowProps) {
  const { t, i18n } = useTranslation('markets');
  const localName = marketName(i18n, market.code, market.name);
  const row = useRef<HTMLLIElement>(null);
  const live = useLiveness(row);
  return (
    <li ref={row} className={styles.row} data-code={market.code} data-testid="market-row">
      <Link
        to={currencyPath(market, market.changePercent)}
        className={showSparkline ? `${styles.link} ${styles.withChart}` : styles.link}
      >
        <span className={styles.identity}>
          <img
            className={styles.logo}
            src={market.logo}
            alt=""
            width={32}
            height={32}
            loading="lazy"
            decoding="async"
          />
          <span className={styles.names}>
            <MarketName code={market.code} name={market.name} className={styles.name} />
            <span className={styles.code}>
              {market.code}
              {!showSparkline && (
                <span className={market.openNow ? styles.open : styles.closed}>
                  {t(market.openNow ? 'market.open' : 'market.closed')}
                </span>
              )}
              <StaleBadge code={market.code} stale={market.stale === true} />
            </span>
          </span>
        </span>
        {showSparkline && (
          <span className={styles.chart}>
            <RowSparkline market={market} live={live} label={t('home.sparklineLabel', { name: localName })} />
          </span>
        )}
        <RowFigures market={market} live={live} lang={i18n.language} />
      </Link>
      {watchlist && <WatchStar code={market.code} name={localName} watchlist={watchlist} />}
    </li>
  );
}

/** `lang` is not read: it is there so a language change re-renders the figures in the new number format. */
const RowFigures = observer(function RowFigures({
  market,
  live,
}: {
  market: Market;
  live: Liveness;
  lang: string;
}) {
  const { price, change } = live.read(() => ({ price: livePrice(market), change: liveChange(market) }));
  const direction = changeDirection(change);
  return (
    <span className={styles.figures}>
      <LivePrice value={price} className={styles.price} testId="market-price">
        {price === null ? '—' : formatPrice(price, market.priceDecimals)}
      </LivePrice>
      <ChangePercent
        value={change}
        className={`${styles.change} ${styles[direction]}`}
        testId="market-change"
      />
    </span>
  );
});

const RowSparkline = observer(function RowSparkline({
  market,
  live,
  label,
}: {
  market: Market;
  live: Liveness;
  label: string;
}) {
  const prices = live.read(() => liveHistory(market));
  return <Sparkline prices={prices} label={label} />;
});
