import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError, EmptyState, formatDateTime, formatMoney, useRootStore } from '@swx/shared';
import { errors, type NftDetail } from '@swx/shared/contract';
import { nftApi } from '../../api';
import { Artwork } from '../../components/artwork';
import { Countdown } from '../../components/countdown';
import { LoadView, useLoad } from '../../components/load';
import { NftPage, Section } from '../../components/page';
import { AuctionBadge } from '../../components/status-badge';
import { useNftT } from '../../i18n';
import { nftPaths } from '../../paths';
import { useNftLive } from '../../store';
import { AuctionRules, CustodyStatement } from './auction-rules';
import { BidHistory } from './bid-history';
import { BidPanel } from './bid-panel';
import { useMyStanding } from './use-my-standing';
import styles from './detail.module.css';

/** While an auction that has run out waits for the settlement job, look again this often. */
const settlingPollMs = 3000;

/**
 * One listing: artwork and facts, current and next minimum bid (live), the rules, the donation so far, the
 * custody statement, the bid form with its review step and the bid history.
 */
export const DetailScreen = observer(function DetailScreen({ id }: { id: string }) {
  const { t } = useNftT();
  const { settings } = useRootStore();
  const live = useNftLive();
  const lang = settings.language;
  const [version, setVersion] = useState(0);
  const liveCount = live.bids.get(id)?.bidCount ?? -1;
  const settledLive = live.settled.get(id) ?? null;
  const state = useLoad<NftDetail>(() => nftApi.detail(id, lang), [id, lang, version]);
  const loaded = state.data;
  const { reload } = state;

  useEffect(() => {
    if (loaded && loaded.remainingSeconds > 0) live.learnOffset(loaded.endsAt, loaded.remainingSeconds);
  }, [loaded, live]);
  // A bid seen on the socket that the loaded history lacks: fetch the history again.
  useEffect(() => {
    if (loaded && liveCount > loaded.bidCount) reload();
  }, [liveCount, loaded, reload]);
  // The settlement job closed it while the page was open: show the outcome, owner and donation.
  useEffect(() => {
    if (loaded && settledLive && loaded.outcome === null) reload();
  }, [settledLive, loaded, reload]);
  const waitingForSettlement =
    loaded !== null &&
    (loaded.status === 'ended' ? loaded.outcome === null : live.remainingMs(loaded.endsAt) <= 0);
  useEffect(() => {
    if (!waitingForSettlement) return;
    const timer = setInterval(reload, settlingPollMs);
    return () => clearInterval(timer);
  }, [waitingForSettlement, reload]);

  if (
    state.status === 'error' &&
    state.error instanceof ApiError &&
    (state.error.code === errors.nftNotFound || state.error.status === 404)
  ) {
    return (
      <NftPage title={t('title')}>
        <EmptyState
          title={t('detail.notFound')}
          action={<Link to={nftPaths.gallery}>{t('nav.back')}</Link>}
        />
      </NftPage>
    );
  }
  return (
    <LoadView state={state} lines={8}>
      {(nft) => <DetailBody nft={live.current(nft)} onChanged={() => setVersion((n) => n + 1)} />}
    </LoadView>
  );
});

const DetailBody = observer(function DetailBody({
  nft,
  onChanged,
}: {
  nft: NftDetail;
  onChanged: () => void;
}) {
  const { t } = useNftT();
  const [placed, setPlaced] = useState(0);
  const standing = useMyStanding(nft.id, nft.currency, placed);
  return (
    <NftPage title={<span translate="no">{nft.title}</span>}>
      <div className={styles.layout}>
        <div className={styles.media}>
          <Artwork imageUrl={nft.imageUrl} alt={t('card.artwork', { title: nft.title })} eager />
          <p className={styles.description}>{nft.description}</p>
        </div>
        <div className={styles.side}>
          <Section title={t('detail.currentBid')} id="nft-auction">
            <div className={styles.statusLine}>
              <AuctionBadge status={nft.status} outcome={nft.outcome} />
              <Countdown status={nft.status} startsAt={nft.startsAt} endsAt={nft.endsAt} />
            </div>
            <p className={styles.bigAmount} data-testid="detail-current-bid">
              {nft.currentBid ? formatMoney(nft.currentBid, nft.currency) : t('detail.noBids')}
            </p>
            <dl className={styles.facts}>
              {nft.status !== 'ended' ? (
                <div>
                  <dt>{t('detail.nextMinimum')}</dt>
                  <dd data-testid="next-minimum">{formatMoney(nft.nextMinimumBid, nft.currency)}</dd>
                </div>
              ) : null}
              <div>
                <dt>{t('detail.donated')}</dt>
                <dd data-testid="donated">{formatMoney(nft.donated, nft.currency)}</dd>
              </div>
              {nft.owner ? (
                <div>
                  <dt>{t('detail.owner')}</dt>
                  <dd dir="ltr">{nft.owner}</dd>
                </div>
              ) : null}
              {nft.donationReference ? (
                <div>
                  <dt>{t('detail.donationReference')}</dt>
                  <dd dir="ltr">{nft.donationReference}</dd>
                </div>
              ) : null}
            </dl>
          </Section>
          <BidPanel
            nft={nft}
            standing={standing}
            onPlaced={() => {
              setPlaced((n) => n + 1);
              onChanged();
            }}
          />
          <Facts nft={nft} />
        </div>
      </div>
      <AuctionRules rules={nft.rules} />
      <CustodyStatement />
      <BidHistory bids={nft.bids} currency={nft.currency} />
    </NftPage>
  );
});

function Facts({ nft }: { nft: NftDetail }) {
  const { t } = useNftT();
  const rows: [string, string, boolean][] = [
    [t('detail.creator'), nft.creator, false],
    [t('detail.charity'), nft.charity, false],
    [t('detail.chain'), nft.chain, true],
    [t('detail.contract'), nft.contractAddress, true],
    [t('detail.tokenId'), nft.tokenId, true],
    [t('detail.startsAt'), formatDateTime(nft.startsAt), false],
    [t('detail.endsAt'), formatDateTime(nft.endsAt), false],
  ];
  return (
    <Section title={t('detail.facts')} id="nft-facts">
      <dl className={styles.facts}>
        {rows.map(([label, value, code]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd className={code ? styles.code : undefined} dir={code ? 'ltr' : undefined}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}
