import { useEffect, useState } from 'react';
import { EmptyState, formatDateTime, formatPrice, messageForError, Modal, Skeleton } from '@swx/shared';
import { tradingApi, type Receipt, type ReceiptKind } from '../../../api';
import { Figures } from '../../../components/figures';
import { useTradingT } from '../../../i18n';
import styles from './receipt-dialog.module.css';
import { ReceiptEntries } from './receipt-entries';
import { errors } from '@swx/shared/contract';

export interface ReceiptTarget {
  kind: ReceiptKind;
  id: string;
  /** The market's price decimals, or how to find them from the receipt's market (a receipt opened by link). */
  priceDecimals: number | ((code: string) => number);
}

/**
 * Every fill, close and settlement as the server recorded it (docs/product.md (business rules) execution receipts): the
 * requested and filled price, the feed tick it used and the ledger entries it produced.
 */
export function ReceiptDialog({ target, onClose }: { target: ReceiptTarget | null; onClose: () => void }) {
  const t = useTradingT();
  return (
    <Modal open={target !== null} onClose={onClose} title={t('receipt.title')}>
      {/* Keyed by the order: another order's receipt starts from a clean, loading state. */}
      {target ? <ReceiptBody key={`${target.kind}-${target.id}`} target={target} /> : null}
    </Modal>
  );
}

function ReceiptBody({ target }: { target: ReceiptTarget }) {
  const t = useTradingT();
  const [receipts, setReceipts] = useState<Receipt[] | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  useEffect(() => {
    let current = true;
    tradingApi.receipts(target.kind, target.id).then(
      (list) => current && setReceipts(list),
      (error: unknown) => {
        if (!current) return;
        // "Order not found" for a receipt means none was written yet (an unfilled order).
        if ((error as { code?: string }).code === errors.orderNotFound) setReceipts([]);
        else setFailure(error);
      },
    );
    return () => {
      current = false;
    };
  }, [target]);

  const decimalsOf = (code: string) =>
    typeof target.priceDecimals === 'number' ? target.priceDecimals : target.priceDecimals(code);
  if (failure) return <p role="alert">{messageForError(failure, t)}</p>;
  if (receipts === null) return <Skeleton lines={4} />;
  if (receipts.length === 0) return <EmptyState title={t('receipt.none')} />;
  return (
    <div className={styles.receipts} data-testid="receipt">
      {receipts.map((receipt) => {
        const decimals = decimalsOf(receipt.code);
        return (
          <section key={receipt.id} className={styles.receipt}>
            <h3 className={styles.event}>
              {t(`receipt.events.${receipt.event}`, { defaultValue: receipt.event })}
            </h3>
            <Figures
              items={[
                [t('market'), receipt.code],
                [
                  t('receipt.requestedPrice'),
                  receipt.requestedPrice === null ? '—' : formatPrice(receipt.requestedPrice, decimals),
                ],
                [t('receipt.fillPrice'), formatPrice(receipt.fillPrice, decimals), 'receipt-fill-price'],
                [t('receipt.tickPrice'), formatPrice(receipt.tick.price, decimals), 'receipt-tick-price'],
                [t('receipt.tickTime'), formatDateTime(receipt.tick.time)],
                [t('receipt.tickSeq'), receipt.tick.seq, 'receipt-tick-seq'],
              ]}
            />
            {receipt.rule ? (
              <p className={styles.rule} data-testid="receipt-rule">
                {t(`receipt.rules.${receipt.rule}`)}
              </p>
            ) : null}
            <h4 className={styles.entriesTitle}>{t('receipt.entries')}</h4>
            <ReceiptEntries entries={receipt.entries} />
          </section>
        );
      })}
    </div>
  );
}
