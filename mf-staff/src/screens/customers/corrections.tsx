import { useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import {
  Button,
  EmptyState,
  LoadView,
  Money,
  TextField,
  formatDateTime,
  formatMoney,
  toaster,
  useLoad,
} from '@swx/shared';
import type { AccountMode, Correction } from '@swx/shared/contract';
import { Status } from '../../components/history';
import { Page, pageStyles, Section } from '../../components/page';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ReasonDialog } from '../../components/reason-dialog';
import { FormAlert, useAction } from '../../components/action';
import { useStaffStrings } from '../../i18n';
import { useStaffSession } from '../../session';

/** A signed decimal, not zero, as the contract's `SignedAmount` takes it. */
export function isSignedAmount(text: string): boolean {
  return /^-?(0|[1-9][0-9]{0,17})(\.[0-9]{1,18})?$/.test(text) && !/^-?0(\.0*)?$/.test(text);
}

/** Corrections with their state; pending ones a different finance member approves or rejects. */
export function CorrectionsTable({
  corrections,
  onChanged,
}: {
  corrections: Correction[];
  onChanged: () => void;
}) {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const [rejecting, setRejecting] = useState<Correction | null>(null);
  const [approving, setApproving] = useState<Correction | null>(null);
  const myId = session.me?.staffId;
  const approve = async (correction: Correction) => {
    await session.api.call('admin.approveCorrection', { params: { id: correction.id } });
    toaster.show(t('corrections.approved'), { tone: 'success' });
    onChanged();
  };
  if (corrections.length === 0) return <EmptyState title={t('corrections.none')} />;
  return (
    <>
      <div className={pageStyles.tableWrap}>
        <table className={pageStyles.table}>
          <thead>
            <tr>
              <th scope="col">{t('corrections.customer')}</th>
              <th scope="col">{t('fields.amount')}</th>
              <th scope="col">{t('fields.reason')}</th>
              <th scope="col">{t('corrections.requested')}</th>
              <th scope="col">{t('fields.status')}</th>
              <th scope="col">{t('fields.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {corrections.map((correction) => {
              const own = correction.requestedBy === myId;
              return (
                <tr key={correction.id}>
                  <td>
                    <Link to={`/staff/customers/${correction.userId}`}>
                      {correction.username ?? correction.userId}
                    </Link>
                    <div className={pageStyles.muted}>{t(`ledger.modes.${correction.mode}`)}</div>
                  </td>
                  <td>
                    <Money value={correction.amount} currency={correction.currency} signed tone />
                  </td>
                  <td>{correction.reason}</td>
                  <td>
                    {correction.requestedByUsername ?? correction.requestedBy}
                    <div className={pageStyles.muted}>{formatDateTime(correction.requestedAt)}</div>
                  </td>
                  <td>
                    <Status status={correction.status} />
                    {correction.rejectReason ? (
                      <div className={pageStyles.muted}>{correction.rejectReason}</div>
                    ) : null}
                  </td>
                  <td>
                    {correction.status === 'pending' ? (
                      own ? (
                        <span className={pageStyles.muted}>{t('corrections.needsColleague')}</span>
                      ) : (
                        <div className={pageStyles.row}>
                          <Button size="small" onClick={() => setApproving(correction)}>
                            {t('decision.approve')}
                          </Button>
                          <Button size="small" variant="danger" onClick={() => setRejecting(correction)}>
                            {t('decision.reject')}
                          </Button>
                        </div>
                      )
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {approving ? (
        <ConfirmDialog
          open
          title={t('confirm.correctionTitle')}
          message={t(
            approving.amount.startsWith('-') ? 'confirm.correctionDebit' : 'confirm.correctionCredit',
            {
              amount: formatMoney(approving.amount.replace(/^-/, ''), approving.currency),
              username: approving.username ?? approving.userId,
              account: t(`confirm.accounts.${approving.mode}`),
            },
          )}
          facts={[
            [t('confirm.customer'), approving.username ?? approving.userId, 'customer'],
            [
              t('fields.amount'),
              <Money key="a" value={approving.amount} currency={approving.currency} signed tone />,
              'amount',
            ],
            [t('fields.reason'), approving.reason, 'reason'],
          ]}
          confirmLabel={t('confirm.correctionConfirm')}
          onConfirm={() => approve(approving)}
          onClose={() => setApproving(null)}
        />
      ) : null}
      <ReasonDialog
        open={rejecting !== null}
        title={t('corrections.rejectTitle')}
        confirmLabel={t('decision.reject')}
        onClose={() => setRejecting(null)}
        onConfirm={async (reason) => {
          if (!rejecting) return;
          await session.api.call('admin.rejectCorrection', {
            params: { id: rejecting.id },
            body: { reason },
          });
          toaster.show(t('corrections.rejected'), { tone: 'success' });
          onChanged();
        }}
      />
    </>
  );
}

/** A correction request: a reasoned entry the customer will see, waiting for a second finance member. */
export function CorrectionRequest({
  customerId,
  onRequested,
}: {
  customerId: string;
  onRequested: () => void;
}) {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const [mode, setMode] = useState<AccountMode>('real');
  const [currency, setCurrency] = useState('USDT');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [amountInvalid, setAmountInvalid] = useState(false);
  const { busy, failure, fieldError, run } = useAction({ fields: ['currency', 'amount', 'reason'] });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAmountInvalid(!isSignedAmount(amount.trim()));
    if (!isSignedAmount(amount.trim())) return;
    await run(async () => {
      await session.api.call('admin.requestCorrection', {
        body: {
          userId: customerId,
          mode,
          currency: currency.trim().toUpperCase(),
          amount: amount.trim(),
          reason: reason.trim(),
        },
      });
      toaster.show(t('corrections.requestedToast'), { tone: 'success' });
      setAmount('');
      setReason('');
      onRequested();
    });
  };
  return (
    <form onSubmit={(event) => void submit(event)} className={pageStyles.page}>
      <div className={pageStyles.fields}>
        <label className={pageStyles.label}>
          {t('ledger.mode')}
          <select
            className={pageStyles.select}
            value={mode}
            onChange={(event) => setMode(event.target.value as AccountMode)}
          >
            <option value="real">{t('ledger.modes.real')}</option>
            <option value="demo">{t('ledger.modes.demo')}</option>
          </select>
        </label>
        <TextField
          label={t('customers.currency')}
          value={currency}
          error={fieldError('currency')}
          onChange={(event) => setCurrency(event.target.value)}
          required
        />
        <TextField
          label={t('corrections.amount')}
          hint={t('corrections.amountHint')}
          inputMode="decimal"
          value={amount}
          error={amountInvalid ? t('corrections.amountInvalid') : fieldError('amount')}
          onChange={(event) => {
            setAmount(event.target.value);
            setAmountInvalid(false);
          }}
          required
        />
      </div>
      <TextField
        label={t('corrections.reasonForCustomer')}
        hint={t('corrections.reasonHint')}
        value={reason}
        maxLength={500}
        error={fieldError('reason')}
        onChange={(event) => setReason(event.target.value)}
        required
      />
      <FormAlert message={failure} />
      <div>
        <Button type="submit" loading={busy}>
          {t('corrections.request')}
        </Button>
      </div>
    </form>
  );
}

/** Corrections of one customer (profile), or every pending one (the finance queue). */
export function CorrectionsList({ customerId }: { customerId?: string }) {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const list = useLoad(
    () =>
      session.api.call('admin.corrections', {
        query: customerId ? { userId: customerId } : { status: 'pending' },
      }),
    [customerId],
  );
  return (
    <>
      {customerId ? <CorrectionRequest customerId={customerId} onRequested={list.reload} /> : null}
      <LoadView state={list} t={t} keepDataOnError>
        {(corrections) => <CorrectionsTable corrections={corrections} onChanged={list.reload} />}
      </LoadView>
    </>
  );
}

/** `/staff/corrections`: pending corrections for a second finance member. */
export const CorrectionsQueue = observer(function CorrectionsQueue() {
  const { t } = useStaffStrings();
  return (
    <Page title={t('corrections.title')} lead={t('corrections.lead')}>
      <Section title={t('corrections.pending')} id="corrections-pending">
        <CorrectionsList />
      </Section>
    </Page>
  );
});
