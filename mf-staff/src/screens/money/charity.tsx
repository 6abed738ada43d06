import { useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import {
  Button,
  EmptyState,
  LoadView,
  Money,
  Reference,
  TextField,
  formatDateTime,
  toaster,
  useLoad,
} from '@swx/shared';
import type { CharityBook, CharityPayout } from '@swx/shared/contract';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Facts } from '../../components/facts';
import { Status } from '../../components/history';
import { Page, pageStyles, Section } from '../../components/page';
import { ReasonDialog } from '../../components/reason-dialog';
import { FormAlert, useAction } from '../../components/action';
import { useStaffStrings } from '../../i18n';
import { useStaffSession } from '../../session';
import { isPositiveAmount } from './amounts';

interface PayoutDraft {
  amount: string;
  reference: string;
  recipient: string;
}

const emptyDraft: PayoutDraft = { amount: '', reference: '', recipient: '' };

/**
 * Records a payout already made to the charity (its bank or chain reference): the first pair of eyes. The
 * member confirms amount, recipient and reference in a dialog; nothing is posted until a colleague approves.
 */
function RequestPayout({ book, onRequested }: { book: CharityBook; onRequested: () => void }) {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const [draft, setDraft] = useState<PayoutDraft>(emptyDraft);
  const [confirming, setConfirming] = useState(false);
  const { failure, setFailure } = useAction();
  const field = (name: keyof PayoutDraft) => ({
    value: draft[name],
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [name]: event.target.value }),
  });
  const body = () => ({
    amount: draft.amount.trim(),
    reference: draft.reference.trim(),
    recipient: draft.recipient.trim(),
  });
  const review = (event: FormEvent) => {
    event.preventDefault();
    if (!isPositiveAmount(body().amount, book.currency)) {
      setFailure(t('charity.amountInvalid'));
      return;
    }
    setFailure(null);
    setConfirming(true);
  };
  const send = async () => {
    await session.api.call('admin.requestCharityPayout', { body: body() });
    setDraft(emptyDraft);
    toaster.show(t('charity.requested'), { tone: 'success' });
    onRequested();
  };
  return (
    <form onSubmit={review} className={pageStyles.page}>
      <p className={pageStyles.muted}>{t('charity.requestLead')}</p>
      <div className={pageStyles.fields}>
        <TextField
          label={t('charity.amount', { currency: book.currency })}
          inputMode="decimal"
          required
          {...field('amount')}
        />
        <TextField
          label={t('charity.recipient')}
          minLength={2}
          maxLength={120}
          required
          {...field('recipient')}
        />
        <TextField
          label={t('charity.reference')}
          hint={t('charity.referenceHint')}
          minLength={3}
          maxLength={120}
          required
          {...field('reference')}
        />
      </div>
      <FormAlert message={failure} />
      <div>
        <Button type="submit">{t('charity.request')}</Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('charity.confirmTitle')}
        confirmLabel={t('charity.request')}
        onClose={() => setConfirming(false)}
        onConfirm={send}
      >
        <PayoutSummary payout={{ ...body(), currency: book.currency }} />
        <p className={pageStyles.muted}>{t('charity.confirmLead')}</p>
      </ConfirmDialog>
    </form>
  );
}

/** What a payout moves and where to: amount, recipient, the payment's own reference. */
function PayoutSummary({
  payout,
}: {
  payout: Pick<CharityPayout, 'amount' | 'currency' | 'recipient' | 'reference'>;
}) {
  const { t } = useStaffStrings();
  return (
    <Facts
      items={[
        [t('fields.amount'), <Money value={payout.amount || '0'} currency={payout.currency} />],
        [t('charity.recipient'), payout.recipient],
        [t('charity.reference'), <Reference value={payout.reference} label={t('charity.reference')} />],
      ]}
    />
  );
}

type Deciding = { payout: CharityPayout; action: 'approve' | 'reject' };

/** Every payout request, newest first; a colleague's pending one can be approved (posted) or rejected. */
function PayoutTable({ payouts, onChanged }: { payouts: CharityPayout[]; onChanged: () => void }) {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const myId = session.me?.staffId;
  const target = deciding?.payout;
  const own = target?.requestedBy === myId;
  const mayDecide = session.canCall('admin.approveCharityPayout');
  const approve = async () => {
    if (!target) return;
    await session.api.call('admin.approveCharityPayout', { params: { id: target.id } });
    toaster.show(t('charity.approved'), { tone: 'success' });
    onChanged();
  };
  const reject = async (reason: string) => {
    if (!target) return;
    await session.api.call('admin.rejectCharityPayout', { params: { id: target.id }, body: { reason } });
    toaster.show(t(own ? 'charity.withdrawn' : 'charity.rejected'), { tone: 'success' });
    onChanged();
  };
  if (payouts.length === 0) return <EmptyState title={t('charity.none')} />;
  return (
    <>
      <div className={pageStyles.tableWrap}>
        <table className={pageStyles.table}>
          <thead>
            <tr>
              <th scope="col">{t('fields.amount')}</th>
              <th scope="col">{t('charity.recipient')}</th>
              <th scope="col">{t('charity.requestedBy')}</th>
              <th scope="col">{t('fields.status')}</th>
              <th scope="col">{t('charity.entry')}</th>
              <th scope="col">{t('fields.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {payouts.map((payout) => (
              <tr key={payout.id} data-testid={`payout-${payout.id}`}>
                <td>
                  <Money value={payout.amount} currency={payout.currency} />
                </td>
                <td>
                  {payout.recipient}
                  <div className={pageStyles.muted}>
                    <Reference value={payout.reference} label={t('charity.reference')} />
                  </div>
                </td>
                <td>
                  {payout.requestedByUsername ?? payout.requestedBy}
                  <div className={pageStyles.muted}>{formatDateTime(payout.requestedAt)}</div>
                </td>
                <td>
                  <Status status={payout.status} />
                  {payout.decidedAt ? (
                    <div className={pageStyles.muted}>
                      {payout.decidedByUsername ?? t('writeOffs.requester')} ·{' '}
                      {formatDateTime(payout.decidedAt)}
                    </div>
                  ) : null}
                  {payout.rejectReason ? <div className={pageStyles.muted}>{payout.rejectReason}</div> : null}
                </td>
                <td className={pageStyles.mono}>{payout.journalId ?? '—'}</td>
                <td>
                  {payout.status !== 'pending' || !mayDecide ? null : payout.requestedBy === myId ? (
                    <div className={pageStyles.page}>
                      <span className={pageStyles.muted}>{t('writeOffs.needsColleague')}</span>
                      <Button
                        size="small"
                        variant="secondary"
                        onClick={() => setDeciding({ payout, action: 'reject' })}
                      >
                        {t('changes.withdraw')}
                      </Button>
                    </div>
                  ) : (
                    <div className={pageStyles.row}>
                      <Button size="small" onClick={() => setDeciding({ payout, action: 'approve' })}>
                        {t('decision.approve')}
                      </Button>
                      <Button
                        size="small"
                        variant="danger"
                        onClick={() => setDeciding({ payout, action: 'reject' })}
                      >
                        {t('decision.reject')}
                      </Button>
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ConfirmDialog
        open={deciding?.action === 'approve'}
        title={t('charity.approveTitle')}
        confirmLabel={t('charity.approve')}
        onClose={() => setDeciding(null)}
        onConfirm={approve}
      >
        {target ? <PayoutSummary payout={target} /> : null}
        <p>
          {t('charity.approveLead', {
            username: target?.requestedByUsername ?? target?.requestedBy ?? '',
          })}
        </p>
      </ConfirmDialog>
      <ReasonDialog
        open={deciding?.action === 'reject'}
        title={t(own ? 'charity.withdrawTitle' : 'charity.rejectTitle')}
        confirmLabel={t(own ? 'changes.withdraw' : 'decision.reject')}
        onClose={() => setDeciding(null)}
        onConfirm={reject}
      >
        {target ? <PayoutSummary payout={target} /> : null}
      </ReasonDialog>
    </>
  );
}

/**
 * `/staff/operations/charity`: donations raised, paid out to the charity and held, and the payouts: one
 * finance member records a payout, a different one approves it, which posts it from the charity account.
 */
export const CharityPage = observer(function CharityPage() {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const book = useLoad(() => session.api.call('admin.charityBook'), [session]);
  return (
    <Page title={t('charity.title')} lead={t('charity.lead')}>
      <LoadView state={book} t={t} keepDataOnError>
        {(charity) => (
          <>
            <Section title={t('charity.figures')} id="charity-figures">
              <Facts
                items={[
                  [t('charity.raised'), <Money value={charity.raised} currency={charity.currency} />],
                  [t('charity.paidOut'), <Money value={charity.paidOut} currency={charity.currency} />],
                  [
                    t('charity.held'),
                    <strong>
                      <Money value={charity.held} currency={charity.currency} testId="charity-held" />
                    </strong>,
                  ],
                ]}
              />
            </Section>
            {session.canCall('admin.requestCharityPayout') ? (
              <Section title={t('charity.requestTitle')} id="charity-request">
                <RequestPayout book={charity} onRequested={book.reload} />
              </Section>
            ) : null}
            <Section title={t('charity.payouts')} id="charity-payouts">
              <PayoutTable payouts={charity.payouts} onChanged={book.reload} />
            </Section>
          </>
        )}
      </LoadView>
    </Page>
  );
});
