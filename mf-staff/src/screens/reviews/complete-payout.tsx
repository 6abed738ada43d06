import { useState, type FormEvent } from 'react';
import { Button, Money, TextField, formatMoney, toaster } from '@swx/shared';
import type { WithdrawalReview } from '@swx/shared/contract';
import { pageStyles } from '../../components/page';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormAlert, useAction } from '../../components/action';
import { useStaffStrings } from '../../i18n';
import { useStaffSession } from '../../session';
import { destinationOf } from './approval-confirmation';

/**
 * An approved withdrawal paid out: finance records the payout's transaction reference (the customer sees it),
 * after confirming what was paid to whom — marking it paid settles the hold and cannot be undone.
 */
export function CompletePayout({ item, onDone }: { item: WithdrawalReview; onDone: () => void }) {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const [reference, setReference] = useState('');
  const [confirming, setConfirming] = useState(false);
  const { failure, fieldError, run } = useAction({ fields: ['reference'] });
  const complete = async () => {
    await session.api.call('admin.completeWithdrawal', {
      params: { id: item.id },
      body: { reference: reference.trim() },
    });
    toaster.show(t('payout.done'), { tone: 'success' });
    onDone();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setConfirming(true);
  };
  return (
    <form onSubmit={submit} className={pageStyles.row}>
      <TextField
        label={t('payout.reference')}
        hint={t('payout.referenceHint')}
        value={reference}
        maxLength={200}
        required
        error={fieldError('reference')}
        onChange={(event) => setReference(event.target.value)}
      />
      <Button type="submit">{t('payout.markPaid')}</Button>
      <FormAlert message={failure} />
      <ConfirmDialog
        open={confirming}
        title={t('confirm.payoutTitle')}
        message={t('confirm.payout', {
          received: formatMoney(item.amountReceived, item.currency),
          amount: formatMoney(item.totalDebited, item.currency),
          username: item.customer.username,
        })}
        facts={[
          [t('confirm.customer'), item.customer.username, 'customer'],
          [
            t('fields.received'),
            <Money key="r" value={item.amountReceived} currency={item.currency} />,
            'received',
          ],
          [t('confirm.destination'), destinationOf(item), 'destination'],
          [
            t('payout.reference'),
            <span key="ref" className={pageStyles.mono}>
              {reference.trim()}
            </span>,
            'reference',
          ],
        ]}
        confirmLabel={t('confirm.payoutConfirm')}
        onConfirm={() => run(complete)}
        onClose={() => setConfirming(false)}
      />
    </form>
  );
}
