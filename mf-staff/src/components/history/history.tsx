import { EmptyState, Money, StatusBadge, formatDateTime, type StatusTone } from '@swx/shared';
import type { Deposit, Loan, TransactionRecord } from '@swx/shared/contract';
import { useStaffStrings } from '../../i18n';
import { pageStyles } from '../page';

/** Badge tone of a record status word, for every kind the back office lists. */
export function statusTone(status: string): StatusTone {
  if (['approved', 'completed', 'repaid', 'verified', 'active', 'published'].includes(status)) return 'good';
  if (['rejected', 'failed', 'disabled', 'cancelled', 'expired'].includes(status)) return 'bad';
  if (['pending', 'repaying', 'unverified'].includes(status)) return 'pending';
  return 'neutral';
}

export function Status({ status }: { status: string }) {
  const { t } = useStaffStrings();
  return (
    <StatusBadge tone={statusTone(status)}>{t(`status.${status}`, { defaultValue: status })}</StatusBadge>
  );
}

/** A customer's deposits, newest first (the history beside a deposit or withdrawal under review). */
export function DepositHistory({ deposits, caption }: { deposits: readonly Deposit[]; caption: string }) {
  const { t } = useStaffStrings();
  if (deposits.length === 0) return <EmptyState title={t('history.noDeposits')} />;
  return (
    <div className={pageStyles.tableWrap}>
      <table className={pageStyles.table}>
        <caption className={pageStyles.muted}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('fields.time')}</th>
            <th scope="col">{t('fields.amount')}</th>
            <th scope="col">{t('fields.network')}</th>
            <th scope="col">{t('fields.txHash')}</th>
            <th scope="col">{t('fields.status')}</th>
          </tr>
        </thead>
        <tbody>
          {deposits.map((deposit) => (
            <tr key={deposit.id}>
              <td>{formatDateTime(deposit.createdAt)}</td>
              <td>
                <Money value={deposit.amount} currency={deposit.coin} />
              </td>
              <td>{deposit.network}</td>
              <td className={pageStyles.mono}>{deposit.txHashTail}</td>
              <td>
                <Status status={deposit.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Ledger records as the customer sees them: type, each currency's change, balance after. */
export function RecordHistory({
  records,
  caption,
}: {
  records: readonly TransactionRecord[];
  caption: string;
}) {
  const { t } = useStaffStrings();
  if (records.length === 0) return <EmptyState title={t('history.noRecords')} />;
  return (
    <div className={pageStyles.tableWrap}>
      <table className={pageStyles.table}>
        <caption className={pageStyles.muted}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('fields.time')}</th>
            <th scope="col">{t('fields.type')}</th>
            <th scope="col">{t('fields.change')}</th>
            <th scope="col">{t('fields.availableAfter')}</th>
          </tr>
        </thead>
        <tbody>
          {records.map((record) => (
            <tr key={record.id}>
              <td>{formatDateTime(record.createdAt)}</td>
              <td>
                {t(`records.types.${record.type}`, {
                  ns: 'common',
                  defaultValue: record.type.replace(/_/g, ' '),
                })}
                {record.memo ? <div className={pageStyles.muted}>{record.memo}</div> : null}
              </td>
              <td>
                {record.movements.map((movement) => (
                  <div key={movement.currency}>
                    <Money value={movement.net} currency={movement.currency} signed tone />
                  </div>
                ))}
              </td>
              <td>
                {record.movements.map((movement) => (
                  <div key={movement.currency}>
                    <Money value={movement.availableAfter} currency={movement.currency} />
                  </div>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A customer's loans: amount, term, status, dates. */
export function LoanHistory({ loans, caption }: { loans: readonly Loan[]; caption: string }) {
  const { t } = useStaffStrings();
  if (loans.length === 0) return <EmptyState title={t('history.noLoans')} />;
  return (
    <div className={pageStyles.tableWrap}>
      <table className={pageStyles.table}>
        <caption className={pageStyles.muted}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('fields.time')}</th>
            <th scope="col">{t('fields.amount')}</th>
            <th scope="col">{t('fields.term')}</th>
            <th scope="col">{t('fields.repaymentDate')}</th>
            <th scope="col">{t('fields.status')}</th>
          </tr>
        </thead>
        <tbody>
          {loans.map((loan) => (
            <tr key={loan.id}>
              <td>{formatDateTime(loan.createdAt)}</td>
              <td>
                <Money value={loan.amount} currency={loan.currency} />
              </td>
              <td>{t('fields.days', { count: loan.term })}</td>
              <td>{loan.repaymentDate}</td>
              <td>
                <Status status={loan.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
