import { observer } from 'mobx-react-lite';
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import {
  Button,
  DecimalField,
  formatMoney,
  loginPath,
  messageForError,
  toaster,
  useRootStore,
  useSwitchToReal,
  wireAmount,
} from '@swx/shared';
import type { BuyNftResult, NftDetail } from '@swx/shared/contract';
import { nftApi } from '../../api';
import { Section } from '../../components/page';
import { useNftT } from '../../i18n';
import { bidProblem, inExtensionWindow, type BidProblem } from '../../rules/auction';
import { useNftLive } from '../../store';
import { BidReview } from './bid-review';
import type { MyStanding } from './use-my-standing';
import styles from './detail.module.css';

/** A fresh key per review: a double tap sends the same key, and the server refuses the repeat (30000). */
function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

interface BidPanelProps {
  nft: NftDetail;
  standing: MyStanding;
  onPlaced: (result: BuyNftResult) => void;
}

/** Who may bid: a signed-in customer on the real account, while the auction is live. */
export const BidPanel = observer(function BidPanel({ nft, standing, onPlaced }: BidPanelProps) {
  const { t } = useNftT();
  const { session, settings } = useRootStore();
  const location = useLocation();
  const live = useNftLive();
  const open = nft.status === 'live' && live.remainingMs(nft.endsAt) > 0;
  let body;
  if (!open) body = <p className={styles.paragraph}>{t('bid.notLive')}</p>;
  else if (!session.isLoggedIn) {
    const back = encodeURIComponent(`${location.pathname}${location.search}`);
    body = (
      <>
        <p className={styles.paragraph}>{t('bid.signInHint')}</p>
        <Link className={styles.buttonLink} to={`${loginPath}?redirect=${back}`}>
          {t('bid.signIn')}
        </Link>
      </>
    );
  } else if (settings.accountMode !== 'real') body = <DemoSwitch />;
  else body = <BidForm nft={nft} standing={standing} onPlaced={onPlaced} />;
  return (
    <Section title={t('bid.title')} id="nft-bid">
      {standing.status === 'winning' ? (
        <p className={styles.leading} role="status">
          {t('bid.youLead')}
        </p>
      ) : null}
      {body}
    </Section>
  );
});

function DemoSwitch() {
  const { t } = useNftT();
  const { busy, switchToReal } = useSwitchToReal(t);
  return (
    <>
      <p className={styles.paragraph}>{t('bid.demo')}</p>
      <Button variant="secondary" onClick={() => void switchToReal()} loading={busy}>
        {t('bid.switchToReal')}
      </Button>
    </>
  );
}

const BidForm = observer(function BidForm({ nft, standing, onPlaced }: BidPanelProps) {
  const { t } = useNftT();
  const live = useNftLive();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<BidProblem | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [review, setReview] = useState<{ amount: string; key: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const minimum = formatMoney(nft.nextMinimumBid, nft.currency);

  const toReview = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = bidProblem(text, nft.nextMinimumBid, standing.available, standing.held);
    setProblem(found);
    if (!found) setReview({ amount: wireAmount(text), key: newIdempotencyKey() });
  };

  const confirm = async () => {
    if (!review) return;
    setBusy(true);
    try {
      const result = await nftApi.bid(nft.id, review.amount, review.key);
      live.applyBid({
        nftId: result.nft.id,
        currentBid: result.nft.currentBid ?? result.bid.amount,
        nextMinimumBid: result.nft.nextMinimumBid,
        bidCount: result.nft.bidCount,
        endsAt: result.nft.endsAt,
      });
      setText('');
      setReview(null);
      const placed = formatMoney(result.bid.amount, nft.currency);
      toaster.show(t(result.extended ? 'bid.placedExtended' : 'bid.placed', { amount: placed }), {
        tone: 'success',
      });
      onPlaced(result);
    } catch (error) {
      setReview(null);
      setFailure(messageForError(error, t));
    } finally {
      setBusy(false);
    }
  };

  const problemText = problem ? t(`bid.${problem}`, { minimum }) : undefined;
  return (
    <form className={styles.bidForm} onSubmit={toReview} noValidate aria-labelledby="nft-bid">
      <DecimalField
        label={t('bid.amount', { currency: nft.currency })}
        hint={t('bid.hint', { minimum })}
        value={text}
        onValueChange={(next) => {
          setText(next);
          setProblem(null);
        }}
        error={problemText}
        trailing={nft.currency}
        required
      />
      {standing.available !== null ? (
        <p className={styles.available} data-testid="available">
          {t('bid.available', { amount: formatMoney(standing.available, nft.currency) })}
        </p>
      ) : null}
      {failure ? (
        <p className={styles.failure} role="alert">
          {failure}
        </p>
      ) : null}
      <Button type="submit">{t('bid.review')}</Button>
      <BidReview
        open={review !== null}
        title={nft.title}
        charity={nft.charity}
        currency={nft.currency}
        amount={review?.amount ?? '0'}
        alreadyHeld={standing.status === 'winning' ? standing.held : '0'}
        willExtend={inExtensionWindow(live.remainingMs(nft.endsAt), nft.rules.extensionWindowSeconds)}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setReview(null)}
      />
    </form>
  );
});
