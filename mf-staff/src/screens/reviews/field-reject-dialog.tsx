import { useState, type FormEvent } from 'react';
import { Button, Modal, TextField } from '@swx/shared';
import { pageStyles } from '../../components/page';
import { reasonMaxLength } from '../../components/reason-dialog';
import { FormAlert, useAction } from '../../components/action';
import { useStaffStrings } from '../../i18n';

/** The longest reason per field the server keeps (`ReviewRejectBody.fields`). */
const fieldReasonMaxLength = 300;

/**
 * Rejecting an identity check: the member ticks each field that failed and writes that field's reason (the
 * customer sees it beside the field and resubmits exactly those), plus an overall reason.
 */
export function FieldRejectDialog({
  open,
  fields,
  onClose,
  onConfirm,
}: {
  open: boolean;
  fields: readonly string[];
  onClose: () => void;
  onConfirm: (reason: string, fields: Record<string, string>) => Promise<void>;
}) {
  const { t } = useStaffStrings();
  const [reasons, setReasons] = useState<Record<string, string | undefined>>({});
  const [overall, setOverall] = useState('');
  const { busy, failure, setFailure, run } = useAction();

  const chosen = Object.entries(reasons).filter((entry): entry is [string, string] => entry[1] !== undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (chosen.length === 0) {
      setFailure(t('kyc.pickField'));
      return;
    }
    const blank = chosen.find(([, text]) => !text.trim());
    if (blank) {
      setFailure(t('kyc.fieldReasonRequired', { field: t(`kyc.fields.${blank[0]}`) }));
      return;
    }
    const trimmed = Object.fromEntries(chosen.map(([field, text]) => [field, text.trim()]));
    const reason = overall.trim() || Object.values(trimmed).join('; ').slice(0, reasonMaxLength);
    await run(async () => {
      await onConfirm(reason, trimmed);
      setReasons({});
      setOverall('');
      onClose();
    });
  };

  return (
    <Modal open={open} onClose={onClose} title={t('kyc.rejectTitle')} dismissOnBackdrop={false}>
      <form onSubmit={(event) => void submit(event)} className={pageStyles.page}>
        <fieldset className={pageStyles.page}>
          <legend>{t('kyc.failedFields')}</legend>
          {fields.map((field) => {
            const picked = reasons[field] !== undefined;
            return (
              <div key={field}>
                <label>
                  <input
                    type="checkbox"
                    checked={picked}
                    onChange={(event) =>
                      setReasons((current) => ({
                        ...current,
                        [field]: event.target.checked ? '' : undefined,
                      }))
                    }
                  />{' '}
                  {t(`kyc.fields.${field}`)}
                </label>
                {picked ? (
                  <TextField
                    label={t('kyc.fieldReason', { field: t(`kyc.fields.${field}`) })}
                    value={reasons[field] ?? ''}
                    maxLength={fieldReasonMaxLength}
                    required
                    onChange={(event) =>
                      setReasons((current) => ({ ...current, [field]: event.target.value }))
                    }
                  />
                ) : null}
              </div>
            );
          })}
        </fieldset>
        <TextField
          label={t('kyc.overallReason')}
          hint={t('kyc.overallHint')}
          value={overall}
          maxLength={reasonMaxLength}
          onChange={(event) => setOverall(event.target.value)}
        />
        <FormAlert message={failure} />
        <div className={pageStyles.row}>
          <Button type="submit" variant="danger" loading={busy}>
            {t('decision.reject')}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
