import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { formatMoney, formatNumber } from '@swx/shared';
import type { NftSummary } from '@swx/shared/contract';
import { Artwork } from '../../components/artwork';
import { Countdown } from '../../components/countdown';
import { AuctionBadge, Badge } from '../../components/status-badge';
import { useNftT } from '../../i18n';
import { nftPaths } from '../../paths';
import { useNftLive } from '../../store';
import styles from './gallery.module.css';

/** One listing in the gallery: artwork, title, creator, state, current bid (live) and time left. */
export const NftCard = observer(function NftCard({ nft: loaded }: { nft: NftSummary }) {
  const { t } = useNftT();
  const nft = useNftLive().current(loaded);
  const titleId = `nft-card-${nft.id}`;
  return (
    <li className={styles.card} aria-labelledby={titleId} data-testid={`nft-card-${nft.id}`}>
      <Artwork imageUrl={nft.imageUrl} alt={t('card.artwork', { title: nft.title })} />
      <div className={styles.cardBody}>
        <div className={styles.badges}>
          <AuctionBadge status={nft.status} outcome={nft.outcome} />
          {nft.shipped ? <Badge tone="good">{t('card.charityListing')}</Badge> : null}
        </div>
        <h2 className={styles.cardTitle} id={titleId}>
          <Link to={nftPaths.detail(nft.id)} className={styles.cardLink} translate="no">
            {nft.title}
          </Link>
        </h2>
        <p className={styles.creator}>{t('card.by', { creator: nft.creator })}</p>
        <dl className={styles.figures}>
          <div>
            <dt>{nft.currentBid ? t('card.currentBid') : t('card.startingBid')}</dt>
            <dd className={styles.amount} data-testid="current-bid">
              {formatMoney(nft.currentBid ?? nft.startingBid, nft.currency)}
            </dd>
          </div>
          {nft.outcome === 'sold' ? (
            <div>
              <dt>{t('card.donated')}</dt>
              <dd className={styles.amount}>{formatMoney(nft.donated, nft.currency)}</dd>
            </div>
          ) : null}
        </dl>
        <p className={styles.meta}>
          <Countdown status={nft.status} startsAt={nft.startsAt} endsAt={nft.endsAt} />
          <span>{t('card.bids', { count: formatNumber(nft.bidCount) })}</span>
        </p>
      </div>
    </li>
  );
});
