import { EmptyState, Money, StatusBadge, formatDateTime, type StatusTone } from '@swx/shared';
import type { Deposit, Loan, TransactionRecord } from '@swx/shared/contract';
import { useStaffStrings } from '../../i18n';
import { DataTable, type Column } from '../data-table';
import { pageStyles } from '../page';

/** Badge tone of a record status word, for every kind the back office lists. */
export function statusTone(status: string): StatusTone {
  if (['approved', 'completed', 'repaid', 'verified', 'active', 'published'].includes(status)) return 'good';
  if (['rejected', 'failed', 'disabled', 'cancelled', 'expired', 'written_off'].includes(status))
    return 'bad';
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
  const columns: Column<Deposit>[] = [
    { header: t('fields.time'), cell: (deposit) => formatDateTime(deposit.createdAt) },
    {
      header: t('fields.amount'),
      cell: (deposit) => <Money value={deposit.amount} currency={deposit.coin} />,
    },
    { header: t('fields.network'), cell: (deposit) => deposit.network },
    { header: t('fields.txHash'), cell: (deposit) => deposit.txHashTail, className: pageStyles.mono },
    { header: t('fields.status'), cell: (deposit) => <Status status={deposit.status} /> },
  ];
  return (
    <DataTable
      rows={deposits}
      columns={columns}
      rowKey={(deposit) => deposit.id}
      caption={caption}
      empty={<EmptyState title={t('history.noDeposits')} />}
    />
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
  const columns: Column<TransactionRecord>[] = [
    { header: t('fields.time'), cell: (record) => formatDateTime(record.createdAt) },
    {
      header: t('fields.type'),
      cell: (record) => (
        <>
          {t(`records.types.${record.type}`, { ns: 'common', defaultValue: record.type.replace(/_/g, ' ') })}
          {record.memo ? <div className={pageStyles.muted}>{record.memo}</div> : null}
        </>
      ),
    },
    {
      header: t('fields.change'),
      cell: (record) =>
        record.movements.map((movement) => (
          <div key={movement.currency}>
            <Money value={movement.net} currency={movement.currency} signed tone />
          </div>
        )),
    },
    {
      header: t('fields.availableAfter'),
      cell: (record) =>
        record.movements.map((movement) => (
          <div key={movement.currency}>
            <Money value={movement.availableAfter} currency={movement.currency} />
          </div>
        )),
    },
  ];
  return (
    <DataTable
      rows={records}
      columns={columns}
      rowKey={(record) => record.id}
      caption={caption}
      empty={<EmptyState title={t('history.noRecords')} />}
    />
  );
}

/** A customer's loans: amount, term, status, dates. */
export function LoanHistory({ loans, caption }: { loans: readonly Loan[]; caption: string }) {
  const { t } = useStaffStrings();
  const columns: Column<Loan>[] = [
    { header: t('fields.time'), cell: (loan) => formatDateTime(loan.createdAt) },
    { header: t('fields.amount'), cell: (loan) => <Money value={loan.amount} currency={loan.currency} /> },
    { header: t('fields.term'), cell: (loan) => t('fields.days', { count: loan.term }) },
    { header: t('fields.repaymentDate'), cell: (loan) => loan.repaymentDate },
    { header: t('fields.status'), cell: (loan) => <Status status={loan.status} /> },
  ];
  return (
    <DataTable
      rows={loans}
      columns={columns}
      rowKey={(loan) => loan.id}
      caption={caption}
      empty={<EmptyState title={t('history.noLoans')} />}
    />
  );
}
