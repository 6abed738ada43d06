import { Button, Modal, formatMoney } from '@swx/shared';
import { useNftT } from '../../i18n';
import { holdNeeded } from '../../rules/auction';
import styles from './detail.module.css';

interface BidReviewProps {
  open: boolean;
  title: string;
  charity: string;
  currency: string;
  amount: string;
  /** What the customer already holds on this NFT as its highest bidder. */
  alreadyHeld: string;
  willExtend: boolean;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The review step: the bid, the hold it creates and what happens to it, before anything is sent. */
export function BidReview(props: BidReviewProps) {
  const { t } = useNftT();
  const { currency, amount, alreadyHeld } = props;
  const heldNow = holdNeeded(amount, alreadyHeld);
  const raising = heldNow.lessThan(amount);
  return (
    <Modal
      open={props.open}
      onClose={props.onCancel}
      title={t('bid.confirmTitle')}
      dismissOnBackdrop={false}
      footer={
        <>
          <Button variant="secondary" onClick={props.onCancel} disabled={props.busy}>
            {t('bid.cancel')}
          </Button>
          <Button onClick={props.onConfirm} loading={props.busy}>
            {t('bid.confirm')}
          </Button>
        </>
      }
    >
      <dl className={styles.review}>
        <div>
          <dt>{t('bid.confirmNft')}</dt>
          <dd translate="no">{props.title}</dd>
        </div>
        <div>
          <dt>{t('bid.confirmAmount')}</dt>
          <dd data-testid="review-amount">{formatMoney(amount, currency)}</dd>
        </div>
        <div>
          <dt>{t('bid.confirmHold')}</dt>
          <dd data-testid="review-hold">{formatMoney(heldNow.toFixed(), currency)}</dd>
        </div>
      </dl>
      <p className={styles.paragraph}>
        {raising
          ? t('bid.confirmRaiseExplained', {
              held: formatMoney(alreadyHeld, currency),
              amount: formatMoney(heldNow.toFixed(), currency),
            })
          : t('bid.confirmHoldExplained', {
              amount: formatMoney(amount, currency),
              charity: props.charity,
            })}
      </p>
      {props.willExtend ? <p className={styles.notice}>{t('bid.confirmExtension')}</p> : null}
    </Modal>
  );
}
