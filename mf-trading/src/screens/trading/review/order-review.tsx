import type Decimal from 'decimal.js';
import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { Button, formatMoney, formatPrice, getRootStore, Modal } from '@swx/shared';
import { exactDecimal, settle, spotTerms } from '@swx/shared/contract';
import type { Position } from '../../../api';
import { Figures, SignedAmount } from '../../../components/figures';
import { useTradingT } from '../../../i18n';
import styles from '../forms.module.css';

/**
 * The review before an order that executes at once (docs/product.md promise 4, "no surprises"): what it will
 * cost or return at the feed's price now. The server fills at the price when the customer confirms.
 */
function ReviewDialog({
  open,
  title,
  note,
  confirmLabel,
  busy,
  onConfirm,
  onCancel,
  children,
}: {
  open: boolean;
  title: string;
  note: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const t = useTradingT();
  return (
    <Modal
      open={open}
      onClose={onCancel}
      dismissOnBackdrop={false}
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {t('order.cancel')}
          </Button>
          <Button onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
      <p className={styles.note}>{note}</p>
    </Modal>
  );
}

export interface SpotDraft {
  code: string;
  side: 'buy' | 'sell';
  orderType: 'market' | 'limit';
  quantity: Decimal;
  /** The limit price, or the feed's price when the review opened (a market order's review follows the feed). */
  price: Decimal;
  coin: string;
}

/** A spot order's review: price, quantity, value, fee and what is paid or received. */
export const SpotReview = observer(function SpotReview({
  draft,
  livePrice,
  feeRate,
  decimals,
  busy,
  onConfirm,
  onCancel,
}: {
  draft: SpotDraft | null;
  /** The feed's latest price for the market, while the review is open. */
  livePrice: string | null;
  feeRate: string | null;
  decimals: number;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const t = useTradingT();
  const price = draft?.orderType === 'market' && livePrice ? exactDecimal(livePrice) : (draft?.price ?? null);
  // The value, fee and total as the server posts them (`spotTerms`, whole cents by the one rounding rule).
  // Without the fee rate yet, the value alone.
  const terms = draft && price ? spotTerms(draft.side, draft.quantity, price, feeRate ?? 0) : null;
  const value = terms?.value ?? null;
  const known = feeRate !== null;
  return (
    <ReviewDialog
      open={draft !== null}
      title={t('review.spotTitle')}
      note={t(draft?.orderType === 'limit' ? 'review.limitNote' : 'review.marketNote')}
      confirmLabel={t(draft?.side === 'sell' ? 'review.confirmSell' : 'review.confirmBuy')}
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      {draft && value ? (
        <Figures
          testId="spot-review"
          items={[
            [t('market'), draft.code],
            [t('spot.side'), t(draft.side === 'buy' ? 'spot.buy' : 'spot.sell')],
            [
              t(draft.orderType === 'limit' ? 'order.limitPrice' : 'review.livePrice'),
              formatPrice(price!, decimals),
              'review-price',
            ],
            [t('spot.quantity'), `${draft.quantity.toFixed()} ${draft.coin}`, 'review-quantity'],
            [t('spot.value'), formatMoney(value.toFixed(), 'USDT'), 'review-value'],
            [t('spot.fee'), known ? formatMoney(terms!.fee.toFixed(), 'USDT') : '—', 'review-fee'],
            [
              t(draft.side === 'buy' ? 'review.totalCost' : 'review.proceeds'),
              known ? formatMoney(terms!.total.toFixed(), 'USDT') : '—',
              'review-total',
            ],
          ]}
        />
      ) : null}
    </ReviewDialog>
  );
});

/**
 * Closing a margin position: the result at the feed's live price, worked out with the settlement rule the
 * server uses (`settle` in the shared contract), so the figures are what the close would book now.
 */
export const CloseReview = observer(function CloseReview({
  position,
  feeRate,
  decimals,
  busy,
  onConfirm,
  onCancel,
}: {
  position: Position | null;
  feeRate: string | null;
  decimals: number;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const t = useTradingT();
  const live = position ? (getRootStore().market.price(position.code) ?? position.currentPrice) : null;
  const result =
    position && live !== null && position.openPrice !== null && feeRate !== null
      ? settle(
          position.direction,
          exactDecimal(position.openPrice),
          exactDecimal(live),
          exactDecimal(position.lots).times(position.contractSize),
          exactDecimal(position.margin),
          exactDecimal(position.fee),
          exactDecimal(feeRate),
        )
      : null;
  const signed = (amount: Decimal | undefined, id: string) =>
    amount ? (
      <SignedAmount value={amount.toFixed()}>
        <span data-testid={id}>{formatMoney(amount.toFixed(), 'USDT', { signed: true })}</span>
      </SignedAmount>
    ) : (
      '—'
    );
  return (
    <ReviewDialog
      open={position !== null}
      title={t('review.closeTitle')}
      note={t('review.closeNote')}
      confirmLabel={t('review.confirmClose')}
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      {position ? (
        <Figures
          testId="close-review"
          items={[
            [t('market'), position.code],
            [t('margin.direction'), t(position.direction === 'long' ? 'margin.long' : 'margin.short')],
            [t('margin.lots'), position.lots],
            [t('margin.openPrice'), position.openPrice ? formatPrice(position.openPrice, decimals) : '—'],
            [t('review.livePrice'), live ? formatPrice(live, decimals) : '—', 'review-price'],
            [t('review.moveResult'), signed(result?.pnl, 'review-move')],
            [
              t('review.closeFee'),
              result ? formatMoney(result.closeFee.toFixed(), 'USDT') : '—',
              'review-close-fee',
            ],
            [
              t('review.payout'),
              result ? formatMoney(result.payout.toFixed(), 'USDT') : '—',
              'review-payout',
            ],
            [t('review.netResult'), signed(result?.profit, 'review-net')],
          ]}
        />
      ) : null}
    </ReviewDialog>
  );
});
