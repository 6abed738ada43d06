import { useState, type FormEvent } from 'react';
import { Button, TextField, toaster } from '@swx/shared';
import { pageStyles } from '../../components/page';
import { FormAlert, useAction } from '../../components/action';
import { useStaffStrings } from '../../i18n';
import { useStaffSession } from '../../session';

/** An approved withdrawal paid out: finance records the payout's transaction reference (the customer sees it). */
export function CompletePayout({ withdrawalId, onDone }: { withdrawalId: string; onDone: () => void }) {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const [reference, setReference] = useState('');
  const { busy, failure, run } = useAction();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await run(async () => {
      await session.api.call('admin.completeWithdrawal', {
        params: { id: withdrawalId },
        body: { reference: reference.trim() },
      });
      toaster.show(t('payout.done'), { tone: 'success' });
      onDone();
    });
  };
  return (
    <form onSubmit={(event) => void submit(event)} className={pageStyles.row}>
      <TextField
        label={t('payout.reference')}
        hint={t('payout.referenceHint')}
        value={reference}
        maxLength={200}
        required
        onChange={(event) => setReference(event.target.value)}
      />
      <Button type="submit" loading={busy}>
        {t('payout.markPaid')}
      </Button>
      <FormAlert message={failure} />
    </form>
  );
}
