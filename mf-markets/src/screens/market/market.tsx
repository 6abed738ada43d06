import { observer } from 'mobx-react-lite';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  Button,
  EmptyState,
  SimulatedBadge,
  Skeleton,
  Tabs,
  getRootStore,
  useLivePrices,
  visuallyHiddenClass,
} from '@swx/shared';
import { marketTypes, type MarketTypeId } from '../../api';
import { MarketRow } from '../../components/market-row';
import { signInPath, useWatchlist } from '../../components/watch-star';
import { MarketListStore, type MarketTab } from './market-list-store';
import styles from './market.module.css';

export const MarketScreen = observer(function MarketScreen() {
  const { t, i18n } = useTranslation('markets');
  const watchlist = useWatchlist();
  const [store] = useState(() => new MarketListStore(watchlist));
  const searchId = useId();
  useEffect(() => void store.load(), [store]);
  useEffect(() => store.setLanguage(i18n.language), [store, i18n.language]);
  const visible = store.visible;
  useLivePrices(visible.map((m) => m.code));

  const typeOptions: { value: string; label: string }[] = [
    { value: 'all', label: t('types.all') },
    ...marketTypes.map((type) => ({ value: String(type), label: t(`types.${type}`) })),
  ];

  return (
    <div className={styles.market}>
      <div className={styles.head}>
        <h1 className={styles.title}>{t('market.title')}</h1>
        <SimulatedBadge />
      </div>

      <Tabs
        label={t('market.tabsLabel')}
        value={store.tab}
        onChange={(tab: string) => store.setTab(tab as MarketTab)}
        tabs={[
          { value: 'all', label: t('market.tabAll') },
          { value: 'watchlist', label: t('market.tabWatchlist') },
        ]}
      >
        <div className={styles.controls}>
          <div className={styles.types} role="group" aria-label={t('market.typeFilter')}>
            {typeOptions.map((option) => {
              const selected = (store.type === null ? 'all' : String(store.type)) === option.value;
              return (
                <button
                  key={option.value}
                  type="button"
                  className={`${styles.chip} ${selected ? styles.chipOn : ''}`}
                  aria-pressed={selected}
                  onClick={() =>
                    store.setType(option.value === 'all' ? null : (Number(option.value) as MarketTypeId))
                  }
                >
                  {option.label}
                </button>
              );
            })}
          </div>
          <div className={styles.searchSort}>
            <label htmlFor={searchId} className={visuallyHiddenClass}>
              {t('market.search')}
            </label>
            <input
              id={searchId}
              type="search"
              className={styles.search}
              placeholder={t('market.searchPlaceholder')}
              value={store.query}
              onChange={(e) => store.setQuery(e.target.value)}
              autoComplete="off"
            />
            <button
              type="button"
              className={styles.sort}
              onClick={store.cycleSort}
              aria-label={t(`market.sortLabel.${store.sort}`)}
              data-sort={store.sort}
            >
              {t('market.sortByChange')}
              <span aria-hidden="true">
                {store.sort === 'desc' ? ' ↓' : store.sort === 'asc' ? ' ↑' : ' ↕'}
              </span>
            </button>
          </div>
        </div>

        <MarketRows store={store} watchlist={watchlist} />
      </Tabs>
    </div>
  );
});

const MarketRows = observer(function MarketRows({
  store,
  watchlist,
}: {
  store: MarketListStore;
  watchlist: ReturnType<typeof useWatchlist>;
}) {
  const { t } = useTranslation('markets');
  if (store.tab === 'watchlist' && !getRootStore().session.isLoggedIn) {
    return (
      <EmptyState
        title={t('watchlist.signInTitle')}
        description={t('watchlist.signInText')}
        action={<Link to={signInPath('/market')}>{t('watchlist.signIn')}</Link>}
      />
    );
  }
  if (store.status === 'loading' && store.markets.length === 0) {
    return (
      <div aria-busy="true" aria-label={t('list.loading')}>
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} blockSize="60px" />
        ))}
      </div>
    );
  }
  if (store.status === 'error') {
    return (
      <EmptyState
        title={t('list.errorTitle')}
        description={t('list.errorText')}
        action={<Button onClick={() => void store.load()}>{t('list.retry')}</Button>}
      />
    );
  }
  const rows = store.visible;
  if (rows.length === 0) {
    const key = store.tab === 'watchlist' && watchlist.codes.size === 0 ? 'watchlist.empty' : 'list.noMatch';
    return <EmptyState title={t(`${key}Title`)} description={t(`${key}Text`)} />;
  }
  return (
    <ul className={styles.list} data-testid="market-list" aria-label={t('market.title')}>
      {rows.map((market) => (
        <MarketRow key={market.code} market={market} watchlist={watchlist} />
      ))}
    </ul>
  );
});
