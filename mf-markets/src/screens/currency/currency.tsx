import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import {
  ChangePercent,
  EmptyState,
  SimulatedBadge,
  Skeleton,
  changeDirection,
  formatPrice,
  getRootStore,
  MarketName,
  useLivePrices,
  useMarketName,
} from '@swx/shared';
import { CandleStore, ChartPanel } from '@swx/shared/chart';
import { decimalsOf } from '../../api';
import { LivePrice } from '../../components/live-price';
import { WatchStar, useWatchlist } from '../../components/watch-star';
import { CurrencyStore } from './currency-store';
import { StaleBadge } from '../../components/stale-badge';
import { MarketFacts } from './market-facts';
import styles from './currency.module.css';

/** `/cruuency?code=&type=&id=&zdf=` (the seed's spelling of the route is kept: links to it exist). */
export const CurrencyScreen = observer(function CurrencyScreen() {
  const [params] = useSearchParams();
  const code = (params.get('code') ?? '').toUpperCase();
  // A new code is a new screen: fresh stores, no carry-over of another market's candles.
  return <CurrencyDetail key={code} code={code} listedChange={params.get('zdf')} />;
});

const CurrencyDetail = observer(function CurrencyDetail({
  code,
  listedChange,
}: {
  code: string;
  listedChange: string | null;
}) {
  const { t } = useTranslation('markets');
  const localName = useMarketName();
  const [currency] = useState(() => new CurrencyStore(code));
  const [kline] = useState(() => new CandleStore(code));
  const watchlist = useWatchlist();
  const market = getRootStore().market;

  useEffect(() => void currency.load(), [currency]);
  useLivePrices(code ? [code] : []);

  if (currency.status === 'not-found') {
    return (
      <div className={styles.currency}>
        <EmptyState
          title={t('currency.notFoundTitle')}
          description={t('currency.notFoundText')}
          action={<Link to="/market">{t('home.allMarkets')}</Link>}
        />
      </div>
    );
  }
  if (currency.status === 'error') {
    return (
      <div className={styles.currency}>
        <EmptyState
          title={t('list.errorTitle')}
          description={t('list.errorText')}
          action={
            <button type="button" className={styles.action} onClick={() => void currency.load()}>
              {t('list.retry')}
            </button>
          }
        />
      </div>
    );
  }

  const info = currency.info;
  const price = market.price(code) ?? info?.price ?? null;
  // Once a live tick arrived, its change wins even when the feed does not know it (null stays "—").
  const quote = market.quote(code);
  const change = quote ? quote.changePercent : (info?.zdf ?? (listedChange || null));
  const direction = changeDirection(change);
  const name = info ? localName(code, info.appName) : code;

  return (
    <div className={styles.currency}>
      <header className={styles.header}>
        <div className={styles.identity}>
          {info && <img src={info.logo} alt="" width={40} height={40} className={styles.logo} />}
          <div>
            <h1 className={styles.title}>{info ? <MarketName code={code} name={info.appName} /> : code}</h1>
            <p className={styles.code}>{code}</p>
          </div>
          {info && <WatchStar code={code} name={name} watchlist={watchlist} />}
        </div>
        {info?.simulated && <SimulatedBadge />}
        <StaleBadge code={code} stale={info?.stale === true} />
      </header>

      <div className={styles.quote} aria-live="off">
        <LivePrice value={price} className={styles.price}>
          <span data-testid="currency-price">
            {price === null ? '—' : formatPrice(price, info?.priceDecimals ?? decimalsOf([price]))}
          </span>
        </LivePrice>
        <ChangePercent
          value={change}
          className={`${styles.change} ${styles[direction]}`}
          testId="currency-change"
        />
      </div>

      {info ? (
        <>
          <ChartPanel
            store={kline}
            name={name}
            priceDecimals={info.priceDecimals}
            simulated={info.simulated || market.isSimulated}
          />
          <div className={styles.actions}>
            <Link
              className={`${styles.action} ${styles.long}`}
              to={`/trading?code=${encodeURIComponent(code)}&direction=long`}
            >
              {t('currency.long')}
            </Link>
            <Link
              className={`${styles.action} ${styles.short}`}
              to={`/trading?code=${encodeURIComponent(code)}&direction=short`}
            >
              {t('currency.short')}
            </Link>
          </div>
          <MarketFacts info={info} />
        </>
      ) : (
        <Skeleton blockSize="360px" />
      )}
    </div>
  );
});
