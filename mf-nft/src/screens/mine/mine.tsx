import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState, Tabs, formatDateTime, formatMoney, useRootStore } from '@swx/shared';
import type { MyBidStatus, MyNfts } from '@swx/shared/contract';
import { nftApi } from '../../api';
import { Artwork } from '../../components/artwork';
import { LoadView, useLoad } from '../../components/load';
import { NftPage } from '../../components/page';
import { Badge, type BadgeTone } from '../../components/status-badge';
import { useNftT } from '../../i18n';
import { nftPaths } from '../../paths';
import { useNftLive } from '../../store';
import styles from './mine.module.css';

type Tab = 'owned' | 'bids';

const toneOf: Record<MyBidStatus, BadgeTone> = {
  winning: 'live',
  outbid: 'bad',
  won: 'good',
  lost: 'ended',
};

/** "My NFTs" (won, held in custody by the platform) and "my bids" (winning, outbid, won, lost). */
export const MineScreen = observer(function MineScreen() {
  const { t } = useNftT();
  const { settings } = useRootStore();
  const live = useNftLive();
  const [tab, setTab] = useState<Tab>('owned');
  const lang = settings.language;
  // The account mode and the socket's notices (outbid, won, lost) change what this page shows.
  const state = useLoad<MyNfts>(() => nftApi.mine(lang), [lang, settings.accountMode, live.accountVersion]);
  return (
    <NftPage title={t('mine.title')}>
      <Tabs
        label={t('mine.tabs')}
        tabs={[
          { value: 'owned', label: t('mine.owned') },
          { value: 'bids', label: t('mine.bids') },
        ]}
        value={tab}
        onChange={setTab}
      >
        <LoadView state={state}>
          {(mine) => (tab === 'owned' ? <Owned mine={mine} /> : <Bids mine={mine} />)}
        </LoadView>
      </Tabs>
    </NftPage>
  );
});

function Owned({ mine }: { mine: MyNfts }) {
  const { t } = useNftT();
  if (mine.owned.length === 0) return <EmptyState title={t('mine.ownedEmpty')} />;
  return (
    <>
      <p className={styles.custody}>{t('mine.custodyShort')}</p>
      <ul className={styles.list} aria-label={t('mine.owned')}>
        {mine.owned.map(({ nft, price, acquiredAt }) => (
          <li key={nft.id} className={styles.item} data-testid={`owned-${nft.id}`}>
            <div className={styles.thumb}>
              <Artwork imageUrl={nft.imageUrl} alt={t('card.artwork', { title: nft.title })} />
            </div>
            <div className={styles.text}>
              <Link to={nftPaths.detail(nft.id)} className={styles.title} translate="no">
                {nft.title}
              </Link>
              <span className={styles.creator}>{t('card.by', { creator: nft.creator })}</span>
              <dl className={styles.figures}>
                <div>
                  <dt>{t('mine.price')}</dt>
                  <dd>{formatMoney(price, nft.currency)}</dd>
                </div>
                <div>
                  <dt>{t('mine.acquired')}</dt>
                  <dd>{formatDateTime(acquiredAt)}</dd>
                </div>
              </dl>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

function Bids({ mine }: { mine: MyNfts }) {
  const { t } = useNftT();
  if (mine.bids.length === 0) return <EmptyState title={t('mine.bidsEmpty')} />;
  return (
    <ul className={styles.list} aria-label={t('mine.bids')}>
      {mine.bids.map((entry) => (
        <li key={entry.nft.id} className={styles.item} data-testid={`my-bid-${entry.nft.id}`}>
          <div className={styles.thumb}>
            <Artwork imageUrl={entry.nft.imageUrl} alt={t('card.artwork', { title: entry.nft.title })} />
          </div>
          <div className={styles.text}>
            <div className={styles.heading}>
              <Link to={nftPaths.detail(entry.nft.id)} className={styles.title} translate="no">
                {entry.nft.title}
              </Link>
              <Badge tone={toneOf[entry.status]}>{t(`mine.bidStatus.${entry.status}`)}</Badge>
            </div>
            <dl className={styles.figures}>
              <div>
                <dt>{t('mine.myBid')}</dt>
                <dd>{formatMoney(entry.myHighestBid, entry.nft.currency)}</dd>
              </div>
              <div>
                <dt>{t('mine.held')}</dt>
                <dd>{formatMoney(entry.held, entry.nft.currency)}</dd>
              </div>
              <div>
                <dt>{t('mine.lastBid')}</dt>
                <dd>{formatDateTime(entry.lastBidAt)}</dd>
              </div>
            </dl>
          </div>
        </li>
      ))}
    </ul>
  );
}
