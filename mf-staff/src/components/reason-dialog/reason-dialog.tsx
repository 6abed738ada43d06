import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button, Modal } from '@swx/shared';
import { FormAlert, useAction } from '../action';
import { useStaffStrings } from '../../i18n';
import { pageStyles } from '../page';

/** The longest reason the server keeps (ReviewRejectBody, correction and parameter reasons). */
export const reasonMaxLength = 500;

/**
 * Asks for a reason before an action that needs one (reject, disable, a parameter change): the action runs
 * with the trimmed reason, and a refusal stays in the dialog so the member can correct and retry.
 */
export function ReasonDialog({
  open,
  title,
  confirmLabel,
  onClose,
  onConfirm,
  children,
  danger = true,
}: {
  open: boolean;
  title: ReactNode;
  confirmLabel: string;
  onClose: () => void;
  onConfirm: (reason: string) => Promise<void>;
  children?: ReactNode;
  danger?: boolean;
}) {
  const { t } = useStaffStrings();
  const [reason, setReason] = useState('');
  const { busy, failure, setFailure, run } = useAction();
  const id = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = reason.trim();
    if (!trimmed) {
      setFailure(t('reason.required'));
      return;
    }
    await run(async () => {
      await onConfirm(trimmed);
      setReason('');
      onClose();
    });
  };

  return (
    <Modal open={open} onClose={onClose} title={title} dismissOnBackdrop={false}>
      <form onSubmit={(event) => void submit(event)} className={pageStyles.page}>
        {children}
        <label className={pageStyles.label} htmlFor={id}>
          {t('reason.label')}
          <textarea
            id={id}
            className={pageStyles.textarea}
            value={reason}
            maxLength={reasonMaxLength}
            required
            aria-invalid={failure ? true : undefined}
            onChange={(event) => setReason(event.target.value)}
          />
        </label>
        <FormAlert message={failure} />
        <div className={pageStyles.row}>
          <Button type="submit" variant={danger ? 'danger' : 'primary'} loading={busy}>
            {confirmLabel}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
