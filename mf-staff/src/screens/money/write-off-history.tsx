import { useState } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState, LoadView, Money, formatDateTime, useLoad } from '@swx/shared';
import type { PastWriteOff } from '@swx/shared/contract';
import { DataTable, type Column } from '../../components/data-table';
import { pageStyles } from '../../components/page';
import { PagesOf } from '../../components/pager';
import { useStaffStrings } from '../../i18n';
import { useStaffSession } from '../../session';

/** Loans are in USDT (the contract's loan currency). */
const currency = 'USDT';
const pageSize = 20;

/**
 * Past write-offs, newest first, a page at a time (finance and admins): which loan of which customer, what
 * was given up, the member who asked (and why) and the one who approved, and the ledger entry that posted it.
 * `version` changes when a write-off is approved on the same page, so the list shows it at once.
 */
export function WriteOffHistory({ version }: { version: number }) {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const [page, setPage] = useState(1);
  const list = useLoad(
    () => session.api.call('admin.writeOffs', { query: { page, pageSize } }),
    [session, page, version],
  );
  const columns: Column<PastWriteOff>[] = [
    {
      header: t('writeOffs.loan'),
      cell: (item) => (
        <>
          <Link to={`/staff/customers/${item.customer.userId}`}>
            {item.customer.username || item.customer.userId}
          </Link>
          <div className={pageStyles.muted}>
            {t('writeOffs.loanOf', { id: item.loanId })} <Money value={item.amount} currency={currency} />
          </div>
        </>
      ),
    },
    {
      header: t('writeOffHistory.givenUp'),
      cell: (item) => (
        <>
          <div>
            {t('writeOffHistory.principal')} <Money value={item.principal} currency={currency} />
          </div>
          <div className={pageStyles.muted}>
            {t('writeOffHistory.interest')} <Money value={item.interest} currency={currency} />
          </div>
        </>
      ),
    },
    {
      header: t('writeOffHistory.askedBy'),
      cell: (item) => (
        <>
          <div>{item.requestedByUsername ?? item.requestedBy}</div>
          <div className={pageStyles.muted}>{formatDateTime(item.requestedAt)}</div>
          <div className={pageStyles.muted}>{item.reason}</div>
        </>
      ),
    },
    {
      header: t('writeOffHistory.approvedBy'),
      cell: (item) => (
        <>
          <div>{item.approvedByUsername ?? item.approvedBy}</div>
          <div className={pageStyles.muted}>{formatDateTime(item.approvedAt)}</div>
        </>
      ),
    },
    {
      header: t('writeOffHistory.ledgerEntry'),
      className: pageStyles.mono,
      cell: (item) => item.journalId ?? '—',
    },
  ];
  return (
    <LoadView state={list} t={t} keepDataOnError>
      {(answer) => (
        <>
          <DataTable
            rows={answer.items}
            columns={columns}
            rowKey={(item) => item.loanId}
            caption={t('writeOffHistory.caption')}
            empty={<EmptyState title={t('writeOffHistory.none')} />}
          />
          <PagesOf
            page={page}
            pageSize={pageSize}
            total={answer.total}
            onPage={setPage}
            pageOf={(values) => t('writeOffHistory.pageOf', values)}
          />
        </>
      )}
    </LoadView>
  );
}
