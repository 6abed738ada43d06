import { useState } from 'react';
import { EmptyState, LoadView, Money, formatDateTime, useLoad } from '@swx/shared';
import type { AccountMode, CustomerBook } from '@swx/shared/contract';
import { RecordHistory, Status } from '../../components/history';
import { pageStyles } from '../../components/page';
import { Pager } from '../../components/pager';
import { useStaffStrings } from '../../i18n';
import { useStaffSession } from '../../session';

const recordsPageSize = 20;

/** The customer's records in one mode, page by page, as their own records page shows them. */
function RecordsPager({ customerId, mode }: { customerId: string; mode: AccountMode }) {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const [page, setPage] = useState(1);
  const records = useLoad(
    () =>
      session.api.call('admin.customerRecords', {
        params: { id: customerId },
        query: { mode, page, pageSize: recordsPageSize },
      }),
    [customerId, mode, page],
  );
  return (
    <LoadView state={records} t={t} keepDataOnError>
      {(answer) => (
        <>
          <RecordHistory records={answer.items} caption={t('customers.recordsPage', { page })} />
          <Pager page={page} hasNext={answer.hasMore} onPage={setPage} />
        </>
      )}
    </LoadView>
  );
}

/** One account set of a customer (real or demo): balances, open positions and orders, recent records. */
export function CustomerBookView({
  book,
  mode,
  customerId,
}: {
  book: CustomerBook;
  mode: AccountMode;
  customerId: string;
}) {
  const { t } = useStaffStrings();
  const balances = Object.entries(book.balances);
  return (
    <div className={pageStyles.page} data-testid={`book-${mode}`}>
      <h3>{t('customers.balances')}</h3>
      {balances.length === 0 ? (
        <EmptyState title={t('customers.noBalances')} />
      ) : (
        <div className={pageStyles.tableWrap}>
          <table className={pageStyles.table}>
            <thead>
              <tr>
                <th scope="col">{t('customers.currency')}</th>
                <th scope="col">{t('customers.available')}</th>
                <th scope="col">{t('customers.held')}</th>
              </tr>
            </thead>
            <tbody>
              {balances.map(([currency, balance]) => (
                <tr key={currency}>
                  <th scope="row">{currency}</th>
                  <td>
                    <Money value={balance.available} currency={currency} />
                  </td>
                  <td>
                    <Money value={balance.held} currency={currency} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h3>{t('customers.positions')}</h3>
      {book.openPositions.length + book.pendingSpotOrders.length + book.openOptions.length === 0 ? (
        <EmptyState title={t('customers.noPositions')} />
      ) : (
        <div className={pageStyles.tableWrap}>
          <table className={pageStyles.table}>
            <thead>
              <tr>
                <th scope="col">{t('customers.product')}</th>
                <th scope="col">{t('customers.market')}</th>
                <th scope="col">{t('customers.size')}</th>
                <th scope="col">{t('customers.result')}</th>
                <th scope="col">{t('fields.status')}</th>
              </tr>
            </thead>
            <tbody>
              {book.openPositions.map((position) => (
                <tr key={`m${position.id}`}>
                  <td>
                    {t('customers.margin', {
                      direction: t(`customers.directions.${position.direction}`),
                      leverage: position.leverage,
                    })}
                  </td>
                  <td>{position.code}</td>
                  <td>{position.lots}</td>
                  <td>
                    {position.profit === null ? (
                      '—'
                    ) : (
                      <Money value={position.profit} currency="USDT" signed tone />
                    )}
                  </td>
                  <td>
                    <Status status={position.status} />
                  </td>
                </tr>
              ))}
              {book.pendingSpotOrders.map((order) => (
                <tr key={`s${order.id}`}>
                  <td>{t('customers.spot', { side: t(`customers.directions.${order.side}`) })}</td>
                  <td>{order.code}</td>
                  <td>{order.quantity}</td>
                  <td>{order.price ?? '—'}</td>
                  <td>
                    <Status status={order.status} />
                  </td>
                </tr>
              ))}
              {book.openOptions.map((option) => (
                <tr key={`o${option.id}`}>
                  <td>
                    {t('customers.option', { direction: t(`customers.directions.${option.direction}`) })}
                  </td>
                  <td>{option.code}</td>
                  <td>
                    <Money value={option.amount} currency="USDT" />
                  </td>
                  <td>{formatDateTime(option.expiryTime)}</td>
                  <td>
                    <Status status={option.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h3>{t('customers.records')}</h3>
      <RecordsPager key={mode} customerId={customerId} mode={mode} />
    </div>
  );
}
