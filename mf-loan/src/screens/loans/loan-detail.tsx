import { useState } from 'react';
import {
  ApiError,
  Button,
  Modal,
  Reference,
  formatDateTime,
  formatMoney,
  messageForError,
  saveFile,
} from '@swx/shared';
import { LOAN_DUE_TIME, errors, type Loan } from '@swx/shared/contract';
import { loanApi } from '../../api';
import { amount, day, money, percent, ratePercent } from '../../components/figures';
import { pageStyles } from '../../components/page';
import { useLoanStrings } from '../../i18n';
import { statusBadge } from './loan-status';
import styles from './loans.module.css';

/** SHA-256 of the downloaded file in hex, to compare with the fingerprint stored at signing. */
async function sha256Hex(blob: Blob): Promise<string | null> {
  if (!globalThis.crypto?.subtle) return null;
  const bytes =
    typeof blob.arrayBuffer === 'function'
      ? await blob.arrayBuffer()
      : await new Promise<ArrayBuffer>((resolve, reject) => {
          const reader = new FileReader();
          reader.onload = () => resolve(reader.result as ArrayBuffer);
          reader.onerror = () => reject(reader.error);
          reader.readAsArrayBuffer(blob);
        });
  const digest = await globalThis.crypto.subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

function ContractDownload({ loan }: { loan: Loan }) {
  const { t } = useLoanStrings();
  const [busy, setBusy] = useState(false);
  const [state, setState] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setState(null);
    try {
      const blob = await loanApi.contract(loan.id);
      const hash = await sha256Hex(blob);
      saveFile(blob, `swx-loan-${loan.id}.pdf`);
      if (hash === null) setState(null);
      else setState(hash === loan.contractSha256 ? t('detail.hashMatches') : t('detail.hashDiffers'));
    } catch (error) {
      setState(messageForError(error, t));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.contract}>
      <Button variant="secondary" onClick={download} loading={busy}>
        {t('detail.downloadContract')}
      </Button>
      <span className={styles.hash}>
        {t('detail.fingerprint')}:{' '}
        <Reference value={loan.contractSha256} label={t('detail.fingerprint')} display="short" />
      </span>
      {state ? <span role="status">{state}</span> : null}
    </div>
  );
}

type Action = 'repay' | 'withdraw' | 'cancel';

const actionTexts: Record<Action, { title: string; confirm: string }> = {
  repay: { title: 'detail.repayTitle', confirm: 'detail.confirmRepay' },
  withdraw: { title: 'detail.withdrawTitle', confirm: 'detail.confirmWithdraw' },
  cancel: { title: 'detail.cancelTitle', confirm: 'detail.confirmCancel' },
};

/** What the dialog says before anything is taken: the exact figure of today. */
function ActionText({ action, loan }: { action: Action; loan: Loan }) {
  const { t } = useLoanStrings();
  if (action === 'cancel') return <p>{t('detail.cancelText')}</p>;
  if (action === 'repay')
    return <p>{t('detail.repayText', { amount: money(loan.amountDueToday, loan.currency) })}</p>;
  return (
    <p data-testid="withdraw-text">
      {t('detail.withdrawText', {
        principal: money(loan.amount, loan.currency),
        interest: money(loan.withdrawalInterest, loan.currency),
        perDay: formatMoney(loan.withdrawalInterestPerDay, loan.currency),
        free: loan.interestFreeDays,
        amount: money(loan.withdrawalAmount, loan.currency),
      })}
    </p>
  );
}

function LoanActions({ loan, onChanged }: { loan: Loan; onChanged: (loan: Loan) => void }) {
  const { t } = useLoanStrings();
  const [action, setAction] = useState<Action | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const open = loan.status === 'repaying' || loan.status === 'expired';
  const pending = loan.status === 'pending' && loan.withdrawable;
  if (!open && !pending) return null;

  const confirm = async () => {
    if (!action) return;
    setBusy(true);
    setFailure(null);
    try {
      const next =
        action === 'repay'
          ? await loanApi.repay(loan.id, loan.amountDueToday)
          : action === 'withdraw'
            ? await loanApi.withdraw(loan.id, loan.withdrawalAmount)
            : await loanApi.withdraw(loan.id);
      setAction(null);
      onChanged(next);
    } catch (error) {
      if (error instanceof ApiError && error.code === errors.termsChanged) {
        // A day turned since the page loaded: show the new amount due before anything is taken.
        onChanged(await loanApi.loan(loan.id));
        setFailure(t('detail.amountChanged'));
      } else setFailure(messageForError(error, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <div className={pageStyles.actions}>
        {open ? <Button onClick={() => setAction('repay')}>{t('detail.repay')}</Button> : null}
        {open && loan.withdrawable ? (
          <Button variant="secondary" onClick={() => setAction('withdraw')}>
            {t('detail.withdraw')}
          </Button>
        ) : null}
        {pending ? (
          <Button variant="secondary" onClick={() => setAction('cancel')}>
            {t('detail.cancelApplication')}
          </Button>
        ) : null}
      </div>
      {failure && !action ? (
        <p className={pageStyles.alert} role="alert">
          {failure}
        </p>
      ) : null}
      <Modal
        open={action !== null}
        onClose={() => !busy && setAction(null)}
        title={action ? t(actionTexts[action].title) : ''}
        footer={
          <>
            <Button variant="secondary" onClick={() => setAction(null)} disabled={busy}>
              {t('detail.cancel')}
            </Button>
            <Button onClick={confirm} loading={busy}>
              {action ? t(actionTexts[action].confirm) : ''}
            </Button>
          </>
        }
      >
        {action ? <ActionText action={action} loan={loan} /> : null}
        {failure ? (
          <p className={pageStyles.alert} role="alert">
            {failure}
          </p>
        ) : null}
      </Modal>
    </>
  );
}

/** Money that went towards the loan, each with its ledger entry (the receipt). */
function Payments({ loan }: { loan: Loan }) {
  const { t } = useLoanStrings();
  if (loan.payments.length === 0) return null;
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} data-testid="loan-payments">
        <caption>{t('detail.payments', { currency: loan.currency })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('detail.date')}</th>
            <th scope="col">{t('detail.kind')}</th>
            <th scope="col">{t('detail.total')}</th>
            <th scope="col">{t('detail.entry')}</th>
          </tr>
        </thead>
        <tbody>
          {loan.payments.map((payment) => (
            <tr key={`${payment.kind}-${payment.at}`}>
              <td>{formatDateTime(payment.at)}</td>
              <td>{t(`detail.kinds.${payment.kind}`)}</td>
              <td>{amount(payment.amount)}</td>
              <td>{payment.journalId ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Countdown({ loan }: { loan: Loan }) {
  const { t } = useLoanStrings();
  if (loan.status === 'expired' || loan.overdueDays > 0)
    return <span className={styles.overdue}>{t('detail.overdueDays', { n: loan.overdueDays })}</span>;
  if (loan.status === 'repaying') return <span>{t('detail.daysLeft', { n: loan.daysLeft })}</span>;
  return null;
}

/** One loan: its terms, today's figures, the schedule, the contract and what the customer can do now. */
export function LoanDetail({ loan, onChanged }: { loan: Loan; onChanged: (loan: Loan) => void }) {
  const { t } = useLoanStrings();
  const running = loan.status === 'repaying' || loan.status === 'expired';
  return (
    <div className={styles.detail} data-testid="loan-detail">
      <div className={styles.detailHead}>
        <h3 className={styles.detailTitle}>{t('detail.title', { id: loan.id })}</h3>
        {statusBadge(loan.status, t)}
        <Countdown loan={loan} />
      </div>
      {loan.status === 'rejected' && loan.reason ? (
        <p className={pageStyles.alert}>{t('detail.rejectedBecause', { reason: loan.reason })}</p>
      ) : null}
      {loan.status === 'expired' ? (
        <p className={pageStyles.alert} data-testid="loan-overdue-note">
          {t('detail.overdueNote', { cap: money(loan.overdueInterestCap, loan.currency) })}
        </p>
      ) : null}
      {loan.status === 'written_off' ? (
        <p className={pageStyles.alert}>
          {t('detail.writtenOff', { amount: money(loan.writtenOffAmount, loan.currency) })}
        </p>
      ) : null}
      {running ? (
        <p className={styles.due}>
          <span>{t('detail.dueToday')}</span>{' '}
          <strong data-testid="amount-due-today">{money(loan.amountDueToday, loan.currency)}</strong>
        </p>
      ) : null}
      <dl className={pageStyles.terms}>
        <dt>{t('detail.amount')}</dt>
        <dd>{money(loan.amount, loan.currency)}</dd>
        <dt>{t('detail.term')}</dt>
        <dd>{t('apply.days', { n: loan.term })}</dd>
        <dt>{t('detail.dailyRate')}</dt>
        <dd>{ratePercent(loan.dailyRate)}</dd>
        <dt>{t('summary.apr')}</dt>
        <dd>{percent(loan.aprPercent)}</dd>
        <dt>{t('detail.totalRepayment')}</dt>
        <dd>{money(loan.totalRepayment, loan.currency)}</dd>
        <dt>{t('detail.repaymentDate')}</dt>
        <dd data-testid="loan-due">
          {t('detail.dueBy', { date: day(loan.repaymentDate), time: LOAN_DUE_TIME, zone: loan.timeZone })}
        </dd>
        {loan.overdueDays > 0 ? (
          <>
            <dt>{t('detail.overdueInterest')}</dt>
            <dd>{money(loan.overdueInterest, loan.currency)}</dd>
          </>
        ) : null}
        <dt>{t('detail.signedAt')}</dt>
        <dd>{formatDateTime(loan.createdAt)}</dd>
        {loan.withdrawable ? (
          <>
            <dt>{t('detail.withdrawUntil')}</dt>
            <dd>{formatDateTime(loan.withdrawalDeadline)}</dd>
          </>
        ) : null}
        {running && loan.withdrawable ? (
          <>
            <dt>{t('detail.withdrawToday')}</dt>
            <dd data-testid="withdrawal-amount">{money(loan.withdrawalAmount, loan.currency)}</dd>
          </>
        ) : null}
        {loan.repaidAmount ? (
          <>
            <dt>{t('detail.repaidAmount')}</dt>
            <dd>{money(loan.repaidAmount, loan.currency)}</dd>
          </>
        ) : null}
        {loan.closedAt ? (
          <>
            <dt>{t('detail.closedAt')}</dt>
            <dd>{formatDateTime(loan.closedAt)}</dd>
          </>
        ) : null}
      </dl>
      {loan.schedule.length > 0 ? (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption>{t('detail.schedule', { currency: loan.currency })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('detail.date')}</th>
                <th scope="col">{t('detail.principal')}</th>
                <th scope="col">{t('detail.interest')}</th>
                <th scope="col">{t('detail.total')}</th>
              </tr>
            </thead>
            <tbody>
              {loan.schedule.map((item) => (
                <tr key={item.date}>
                  <td>{day(item.date)}</td>
                  <td>{amount(item.principal)}</td>
                  <td>{amount(item.interest)}</td>
                  <td>{amount(item.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <Payments loan={loan} />
      <LoanActions loan={loan} onChanged={onChanged} />
      <ContractDownload loan={loan} />
    </div>
  );
}
