import { EmptyState, Money, formatDateTime } from '@swx/shared';
import type { CustomerBook } from '@swx/shared/contract';
import { RecordHistory, Status } from '../../components/history';
import { pageStyles } from '../../components/page';
import { useStaffStrings } from '../../i18n';

/** One account set of a customer (real or demo): balances, open positions and orders, recent records. */
export function CustomerBookView({ book, mode }: { book: CustomerBook; mode: string }) {
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
      <RecordHistory records={book.recentRecords} caption={t('customers.recentRecords')} />
    </div>
  );
}
