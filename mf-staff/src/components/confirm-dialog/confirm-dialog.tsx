import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button, Modal } from '@swx/shared';
import { FormAlert, useAction } from '../action';
import { Facts, type Fact } from '../facts';
import { useStaffStrings } from '../../i18n';
import styles from './confirm-dialog.module.css';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  /** What will happen, in one sentence that names the amount and the customer (read out with the title). */
  message?: ReactNode;
  /** The figures behind the sentence (customer, amount, destination), as the record shows them. */
  facts?: readonly Fact[];
  confirmLabel: string;
  /** Runs on Confirm; a refusal stays in the dialog, which closes only when the action succeeded. */
  onConfirm: () => Promise<void>;
  onClose: () => void;
  danger?: boolean;
  /** More to read before deciding (a payout's summary, the reason it was asked for), after the figures. */
  children?: ReactNode;
}

/**
 * Asks before a money action (approve a deposit, a withdrawal, a loan or a correction; mark a payout paid;
 * fund a reserve or the lending book; a write-off; a charity payout): the sentence says what will happen with which amount for which customer, Cancel changes
 * nothing. Focus starts on Cancel, so Enter on an opened dialog never moves money by accident; the dialog
 * (the SDK's `Modal`) keeps Tab inside, closes on Esc and returns focus to the button that opened it.
 * It answers only Cancel or Confirm: a click outside does not close it.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  facts,
  confirmLabel,
  onConfirm,
  onClose,
  danger = false,
  children,
}: ConfirmDialogProps) {
  const { t } = useStaffStrings();
  const messageId = useId();
  const { busy, failure, run } = useAction();
  const cancelRef = useRef<HTMLButtonElement>(null);
  // After the Modal's own first focus (a copy button among the facts would take it): Cancel, always.
  useEffect(() => {
    if (open) cancelRef.current?.focus();
  }, [open]);
  const confirm = () =>
    run(async () => {
      await onConfirm();
      onClose();
    });
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      dismissOnBackdrop={false}
      describedBy={message ? messageId : undefined}
    >
      <div className={styles.body}>
        {message ? (
          <p id={messageId} className={styles.message}>
            {message}
          </p>
        ) : null}
        {facts && facts.length > 0 ? <Facts items={facts} /> : null}
        {children}
        <FormAlert message={failure} />
        <div className={styles.actions}>
          <Button ref={cancelRef} variant="secondary" onClick={onClose} disabled={busy}>
            {t('actions.cancel')}
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} loading={busy} onClick={() => void confirm()}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
