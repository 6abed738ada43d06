import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { EmptyState, Tabs, formatMoney, useRootStore } from '@swx/shared';
import type { NftList, NftStatus } from '@swx/shared/contract';
import { nftApi } from '../../api';
import { LoadView, useLoad } from '../../components/load';
import { NftPage } from '../../components/page';
import { useNftT } from '../../i18n';
import { nftPaths } from '../../paths';
import { useNftLive } from '../../store';
import { NftCard } from './nft-card';
import styles from './gallery.module.css';

type Filter = 'all' | NftStatus;
const filters: readonly Filter[] = ['all', 'live', 'upcoming', 'ended'];

function filterOf(value: string | null): Filter {
  return filters.find((filter) => filter === value) ?? 'all';
}

/** The auctions: live, upcoming and ended, filtered by state; current bids follow the socket. */
export const GalleryScreen = observer(function GalleryScreen() {
  const { t } = useNftT();
  const { settings } = useRootStore();
  const live = useNftLive();
  const [search, setSearch] = useSearchParams();
  const filter = filterOf(search.get('status'));
  const lang = settings.language;
  // A settled auction changes its state, the owner and the total donated: load the list again.
  const state = useLoad<NftList>(
    () => nftApi.list(lang, filter === 'all' ? undefined : filter),
    [lang, filter, live.settled.size],
  );
  const data = state.data;
  useEffect(() => {
    const running = data?.items.find((item) => item.remainingSeconds > 0);
    if (running) live.learnOffset(running.endsAt, running.remainingSeconds);
  }, [data, live]);

  const choose = (next: Filter) =>
    setSearch(next === 'all' ? {} : { status: next }, { replace: true, preventScrollReset: true });

  return (
    <NftPage title={t('title')}>
      <p className={styles.intro}>{t('intro')}</p>
      {data ? (
        <p className={styles.total}>
          <span>{t('gallery.totalDonated')}</span>{' '}
          <strong data-testid="total-donated">{formatMoney(data.totalDonated, data.rules.currency)}</strong>{' '}
          <Link to={nftPaths.donations}>{t('gallery.seeDonations')}</Link>
        </p>
      ) : null}
      <Tabs
        label={t('filters.label')}
        tabs={filters.map((value) => ({ value, label: t(`filters.${value}`) }))}
        value={filter}
        onChange={choose}
      >
        <LoadView state={state} lines={6}>
          {(list) =>
            list.items.length === 0 ? (
              <EmptyState
                title={t('gallery.empty')}
                description={filter === 'all' ? undefined : t('gallery.emptyFilter')}
              />
            ) : (
              <ul className={styles.grid} aria-label={t('title')}>
                {list.items.map((nft) => (
                  <NftCard key={nft.id} nft={nft} />
                ))}
              </ul>
            )
          }
        </LoadView>
      </Tabs>
    </NftPage>
  );
});
