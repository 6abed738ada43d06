import type { ReactNode } from 'react';
import { Button, Modal } from '@swx/shared';
import { FormAlert, useAction } from '../action';
import { useStaffStrings } from '../../i18n';
import { pageStyles } from '../page';

/**
 * Asks a member to confirm an action that moves money (a funding request, a write-off, a charity payout)
 * after reading what it will do: the action runs only from the dialog's button, and a refusal stays in the
 * dialog so the member reads it where they decided.
 */
export function ConfirmDialog({
  open,
  title,
  confirmLabel,
  onClose,
  onConfirm,
  children,
  danger = false,
}: {
  open: boolean;
  title: ReactNode;
  confirmLabel: string;
  onClose: () => void;
  onConfirm: () => Promise<void>;
  children: ReactNode;
  danger?: boolean;
}) {
  const { t } = useStaffStrings();
  const { busy, failure, setFailure, run } = useAction();
  // A refusal read once is not shown again when the dialog next opens.
  const close = () => {
    setFailure(null);
    onClose();
  };
  const confirm = () =>
    run(async () => {
      await onConfirm();
      close();
    });
  return (
    <Modal open={open} onClose={close} title={title} dismissOnBackdrop={false}>
      <div className={pageStyles.page}>
        {children}
        <FormAlert message={failure} />
        <div className={pageStyles.row}>
          <Button variant={danger ? 'danger' : 'primary'} loading={busy} onClick={() => void confirm()}>
            {confirmLabel}
          </Button>
          <Button variant="secondary" onClick={close}>
            {t('actions.cancel')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
