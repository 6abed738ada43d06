import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, EmptyState, LoadView, Money, formatDateTime, toaster, useLoad } from '@swx/shared';
import type { LoanWriteOff, OverdueLoan } from '@swx/shared/contract';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Status } from '../../components/history';
import { pageStyles } from '../../components/page';
import { ReasonDialog } from '../../components/reason-dialog';
import { useStaffStrings } from '../../i18n';
import { useStaffSession } from '../../session';

/** Loans are in USDT (the contract's loan currency). */
const currency = 'USDT';

type Deciding = { loan: OverdueLoan; action: 'request' | 'approve' | 'reject' };

/** Who asked for a write-off and why, and how it was decided. */
function WriteOffState({ writeOff }: { writeOff: LoanWriteOff }) {
  const { t } = useStaffStrings();
  return (
    <>
      <Status status={writeOff.status} />
      <div>{writeOff.reason}</div>
      <div className={pageStyles.muted}>
        {t('writeOffs.askedBy', {
          username: writeOff.requestedByUsername ?? writeOff.requestedBy,
          at: formatDateTime(writeOff.requestedAt),
        })}
      </div>
      {writeOff.decidedAt ? (
        <div className={pageStyles.muted}>
          {t('writeOffs.decidedBy', {
            username: writeOff.decidedByUsername ?? t('writeOffs.requester'),
            at: formatDateTime(writeOff.decidedAt),
          })}
        </div>
      ) : null}
      {writeOff.rejectReason ? <div className={pageStyles.muted}>{writeOff.rejectReason}</div> : null}
    </>
  );
}

/** The buttons a member has on one overdue loan: ask, or (a colleague's request) approve and reject. */
function WriteOffActions({ loan, decide }: { loan: OverdueLoan; decide: (deciding: Deciding) => void }) {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const pending = loan.writeOff?.status === 'pending' ? loan.writeOff : null;
  if (!pending)
    return (
      <Button size="small" variant="secondary" onClick={() => decide({ loan, action: 'request' })}>
        {t('writeOffs.request')}
      </Button>
    );
  if (pending.requestedBy === session.me?.staffId)
    return (
      <div className={pageStyles.page}>
        <span className={pageStyles.muted}>{t('writeOffs.needsColleague')}</span>
        <Button size="small" variant="secondary" onClick={() => decide({ loan, action: 'reject' })}>
          {t('changes.withdraw')}
        </Button>
      </div>
    );
  return (
    <div className={pageStyles.row}>
      <Button size="small" onClick={() => decide({ loan, action: 'approve' })}>
        {t('decision.approve')}
      </Button>
      <Button size="small" variant="danger" onClick={() => decide({ loan, action: 'reject' })}>
        {t('decision.reject')}
      </Button>
    </div>
  );
}

/**
 * Overdue loans and their write-offs (finance): a member asks with a reason, a different member approves
 * (the loan is closed as written off, the unpaid principal goes to losses) or rejects with a reason; the
 * requester may withdraw their own request. Every step is confirmed in a dialog that names the amount.
 */
export function OverdueLoans({ onChanged }: { onChanged: () => void }) {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const list = useLoad(() => session.api.call('admin.overdueLoans'), [session]);
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const changed = () => {
    list.reload();
    onChanged();
  };
  const target = deciding?.loan;
  const own = target?.writeOff?.requestedBy === session.me?.staffId;
  const ask = async (reason: string) => {
    if (!target) return;
    await session.api.call('admin.requestWriteOff', { params: { id: target.loanId }, body: { reason } });
    toaster.show(t('writeOffs.requested'), { tone: 'success' });
    changed();
  };
  const approve = async () => {
    if (!target) return;
    await session.api.call('admin.approveWriteOff', { params: { id: target.loanId } });
    toaster.show(t('writeOffs.approved'), { tone: 'success' });
    changed();
  };
  const reject = async (reason: string) => {
    if (!target) return;
    await session.api.call('admin.rejectWriteOff', { params: { id: target.loanId }, body: { reason } });
    toaster.show(t(own ? 'writeOffs.withdrawn' : 'writeOffs.rejected'), { tone: 'success' });
    changed();
  };
  const close = () => setDeciding(null);
  const summary = target ? (
    <p>
      {t('writeOffs.summary', {
        username: target.customer.username || target.customer.userId,
        loanId: target.loanId,
        days: target.overdueDays,
      })}{' '}
      <Money value={target.amountDue} currency={currency} />
    </p>
  ) : null;
  return (
    <>
      <LoadView state={list} t={t} keepDataOnError>
        {(loans) =>
          loans.length === 0 ? (
            <EmptyState title={t('writeOffs.none')} />
          ) : (
            <div className={pageStyles.tableWrap}>
              <table className={pageStyles.table}>
                <caption className={pageStyles.muted}>{t('writeOffs.caption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('writeOffs.loan')}</th>
                    <th scope="col">{t('fields.repaymentDate')}</th>
                    <th scope="col">{t('writeOffs.amountDue')}</th>
                    <th scope="col">{t('writeOffs.writeOff')}</th>
                    <th scope="col">{t('fields.actions')}</th>
                  </tr>
                </thead>
                <tbody>
                  {loans.map((loan) => (
                    <tr key={loan.loanId} data-testid={`overdue-${loan.loanId}`}>
                      <td>
                        <Link to={`/staff/customers/${loan.customer.userId}`}>
                          {loan.customer.username || loan.customer.userId}
                        </Link>
                        <div className={pageStyles.muted}>
                          {t('writeOffs.loanOf', { id: loan.loanId })}{' '}
                          <Money value={loan.amount} currency={currency} />
                        </div>
                      </td>
                      <td>
                        {loan.repaymentDate}
                        <div className={pageStyles.muted}>
                          {t('writeOffs.daysOverdue', { count: loan.overdueDays })}
                        </div>
                      </td>
                      <td>
                        <Money value={loan.amountDue} currency={currency} />
                        <div className={pageStyles.muted}>
                          {t('writeOffs.paid')} <Money value={loan.paidAmount} currency={currency} />
                        </div>
                        <div className={pageStyles.muted}>
                          {t('writeOffs.overdueInterest')}{' '}
                          <Money value={loan.overdueInterest} currency={currency} />
                        </div>
                      </td>
                      <td>{loan.writeOff ? <WriteOffState writeOff={loan.writeOff} /> : '—'}</td>
                      <td>
                        <WriteOffActions loan={loan} decide={setDeciding} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </LoadView>
      <ReasonDialog
        open={deciding?.action === 'request'}
        danger={false}
        title={t('writeOffs.requestTitle')}
        confirmLabel={t('writeOffs.request')}
        onClose={close}
        onConfirm={ask}
      >
        {summary}
        <p className={pageStyles.muted}>{t('writeOffs.requestLead')}</p>
      </ReasonDialog>
      <ConfirmDialog
        open={deciding?.action === 'approve'}
        danger
        title={t('writeOffs.approveTitle')}
        confirmLabel={t('writeOffs.approve')}
        onClose={close}
        onConfirm={approve}
      >
        {summary}
        {target?.writeOff ? (
          <p className={pageStyles.muted}>{t('changes.askedBecause', { reason: target.writeOff.reason })}</p>
        ) : null}
        <p>{t('writeOffs.approveLead')}</p>
      </ConfirmDialog>
      <ReasonDialog
        open={deciding?.action === 'reject'}
        title={t(own ? 'writeOffs.withdrawTitle' : 'writeOffs.rejectTitle')}
        confirmLabel={t(own ? 'changes.withdraw' : 'decision.reject')}
        onClose={close}
        onConfirm={reject}
      >
        {summary}
      </ReasonDialog>
    </>
  );
}
