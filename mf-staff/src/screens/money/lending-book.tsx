import { useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, LoadView, Money, TextField, formatNumber, formatRate, toaster, useLoad } from '@swx/shared';
import type { LendingBook } from '@swx/shared/contract';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Facts } from '../../components/facts';
import { Page, pageStyles, Section } from '../../components/page';
import { RequireRole } from '../../components/require-role';
import { FormAlert, useAction } from '../../components/action';
import { useStaffStrings } from '../../i18n';
import { useStaffSession } from '../../session';
import { isPositiveAmount } from './amounts';
import { WriteOffHistory } from './write-off-history';
import { OverdueLoans } from './write-offs';

/** A ratio the server sends as a fraction (4 places), or a dash when there is nothing to divide. */
function Ratio({ value }: { value: string | null }) {
  return <>{value === null ? '—' : formatRate(value)}</>;
}

/** The book at a glance: what the owners put in, what is lent, overdue and lost, and the limits. */
export function BookFigures({ book }: { book: LendingBook }) {
  const { t } = useStaffStrings();
  const money = (value: string) => <Money value={value} currency={book.currency} />;
  return (
    <div className={pageStyles.split}>
      <Facts
        label={t('lending.capitalTitle')}
        items={[
          [t('lending.capitalFunded'), money(book.capitalFunded)],
          [t('lending.available'), <strong key="available">{money(book.available)}</strong>],
          [t('lending.pendingPrincipal'), money(book.pendingPrincipal)],
          [t('lending.interestEarned'), money(book.interestEarned)],
        ]}
      />
      <Facts
        label={t('lending.exposureTitle')}
        items={[
          [t('lending.outstanding'), money(book.outstandingPrincipal)],
          [t('lending.utilisation'), <Ratio key="utilisation" value={book.utilisation} />],
          [
            t('lending.overdue'),
            <>
              {money(book.overdueAmount)}{' '}
              <span className={pageStyles.muted}>
                {t('lending.overdueLoans', { count: formatNumber(book.overdueLoans) })}
              </span>
            </>,
          ],
          [t('lending.overdueRatio'), <Ratio key="overdueRatio" value={book.overdueRatio} />],
          [t('lending.writtenOff'), money(book.writtenOff)],
          [
            t('lending.exposureLimit'),
            <>
              {money(book.exposureLimit)}{' '}
              <span className={pageStyles.muted}>
                {t('lending.exposureShare', { share: formatRate(book.exposureShare) })}
              </span>
            </>,
          ],
          [t('lending.customerLimit'), money(book.customerLimit)],
        ]}
      />
    </div>
  );
}

/**
 * Asks to put owners' capital into lending: a maker-checker change that a second finance member approves on
 * the Changes page; nothing moves before then. The member confirms the amount in a dialog first.
 */
function FundCapital({ book }: { book: LendingBook }) {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [asked, setAsked] = useState<string | null>(null);
  const { failure, setFailure } = useAction();
  const review = (event: FormEvent) => {
    event.preventDefault();
    if (!isPositiveAmount(amount.trim(), book.currency)) {
      setFailure(t('lending.amountInvalid'));
      return;
    }
    setFailure(null);
    setConfirming(true);
  };
  const send = async () => {
    const body = { amount: amount.trim(), reason: reason.trim() };
    await session.api.call('admin.fundLendingCapital', { body });
    setAsked(body.amount);
    setAmount('');
    setReason('');
    toaster.show(t('lending.fundingAsked'), { tone: 'success' });
  };
  return (
    <form onSubmit={review} className={pageStyles.page}>
      <p className={pageStyles.muted}>{t('lending.fundLead')}</p>
      <div className={pageStyles.fields}>
        <TextField
          label={t('lending.fundAmount', { currency: book.currency })}
          inputMode="decimal"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          required
        />
      </div>
      <TextField
        label={t('reason.label')}
        value={reason}
        minLength={3}
        maxLength={300}
        required
        onChange={(event) => setReason(event.target.value)}
      />
      <FormAlert message={failure} />
      {asked ? (
        <p role="status">
          {t('lending.fundingWaiting')} <Money value={asked} currency={book.currency} />
        </p>
      ) : null}
      <div>
        <Button type="submit">{t('lending.fund')}</Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('lending.fundConfirmTitle')}
        confirmLabel={t('lending.fund')}
        onClose={() => setConfirming(false)}
        onConfirm={send}
      >
        <p>
          {t('lending.fundConfirm')} <Money value={amount.trim() || '0'} currency={book.currency} />
        </p>
        <p className={pageStyles.muted}>{t('changes.askedBecause', { reason: reason.trim() })}</p>
      </ConfirmDialog>
    </form>
  );
}

/**
 * `/staff/operations/lending`: the lending book (finance and admins read it), owners' capital into lending,
 * the overdue loans with their write-offs (finance, two members each) and the past write-offs.
 */
export const LendingBookPage = observer(function LendingBookPage() {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const book = useLoad(() => session.api.call('admin.lendingBook'), [session]);
  // Bumped when a write-off is decided here, so the past write-offs below show it at once.
  const [decisions, setDecisions] = useState(0);
  const decided = () => {
    book.reload();
    setDecisions((count) => count + 1);
  };
  return (
    <Page title={t('lending.title')} lead={t('lending.lead')}>
      <LoadView state={book} t={t} keepDataOnError>
        {(figures) => (
          <>
            <Section title={t('lending.bookTitle')} id="lending-book">
              <BookFigures book={figures} />
            </Section>
            {session.canCall('admin.fundLendingCapital') ? (
              <Section title={t('lending.fundTitle')} id="lending-capital">
                <FundCapital book={figures} />
              </Section>
            ) : null}
          </>
        )}
      </LoadView>
      <Section title={t('writeOffs.title')} id="overdue-loans">
        <RequireRole needs="admin.overdueLoans">
          <OverdueLoans onChanged={decided} />
        </RequireRole>
      </Section>
      <Section title={t('writeOffHistory.title')} id="past-write-offs">
        <RequireRole needs="admin.writeOffs">
          <WriteOffHistory version={decisions} />
        </RequireRole>
      </Section>
    </Page>
  );
});
