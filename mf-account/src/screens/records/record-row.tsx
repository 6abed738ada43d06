import { Link } from 'react-router-dom';
import { formatDateTime, formatMoney, Money } from '@swx/shared';
import { recordReferenceTypes, type RecordMovement, type TransactionRecord } from '@swx/shared/contract';
import { referencePage } from '../../components/reference-link';
import { useAccountStrings } from '../../i18n';
import styles from './records.module.css';

const isReferenceType = (type: string) => (recordReferenceTypes as readonly string[]).includes(type);

const isZero = (amount: string) => /^-?0*(\.0*)?$/.test(amount);

/** A change of one kind of funds and the balance after it; "—" when this event did not touch them. */
function FundsChange({ change, after, currency }: { change: string; after: string; currency: string }) {
  const { t } = useAccountStrings();
  return (
    <span className={styles.funds}>
      {isZero(change) ? (
        <span aria-hidden="true">—</span>
      ) : (
        <Money value={change} currency={currency} signed rounding="halfUp" />
      )}
      {/* Isolated left-to-right, so "USDT" stays after the number inside an Arabic sentence. */}
      <span className={styles.after}>
        {t('records.after', { amount: `\u2066${formatMoney(after, currency)}\u2069` })}
      </span>
    </span>
  );
}

function Movement({ movement, column }: { movement: RecordMovement; column: 'net' | 'available' | 'held' }) {
  if (column === 'net')
    return <Money value={movement.net} currency={movement.currency} signed rounding="halfUp" tone />;
  const after = column === 'available' ? movement.availableAfter : movement.heldAfter;
  return <FundsChange change={movement[column]} after={after} currency={movement.currency} />;
}

/**
 * One business event: when, what (in the customer's language, with a link to the order, receipt or review
 * behind it), its net effect and what it did to available and held funds, per currency it moved.
 */
export function RecordRow({ record }: { record: TransactionRecord }) {
  const { t } = useAccountStrings();
  const page = referencePage(record.referenceType, record.referenceId);
  // Only records the customer can look at are named (a demo grant refers to the customer themselves).
  const reference =
    record.referenceType && record.referenceId && isReferenceType(record.referenceType)
      ? t(`records.references.${record.referenceType}`, { id: record.referenceId })
      : null;
  const cells = (column: 'net' | 'available' | 'held') => (
    <div className={styles.lines}>
      {record.movements.map((movement) => (
        <div key={movement.currency} className={styles.line}>
          <Movement movement={movement} column={column} />
        </div>
      ))}
    </div>
  );
  return (
    <tr className={styles.row}>
      <td data-label={t('records.time')} className={styles.time}>
        <time dateTime={record.createdAt}>{formatDateTime(record.createdAt)}</time>
      </td>
      <td data-label={t('records.event')} className={styles.event}>
        <div className={styles.eventText}>
          <span className={styles.type}>
            {t(`records.types.${record.type}`, { defaultValue: record.type.replace(/_/g, ' ') })}
          </span>
          {reference ? (
            page ? (
              <Link className={styles.reference} to={page}>
                {reference}
              </Link>
            ) : (
              <span className={styles.reference}>{reference}</span>
            )
          ) : null}
          {/* System entries are described by their type; a staff correction's memo is its reason. */}
          {record.type === 'correction' && record.memo ? (
            <span className={styles.memo}>{record.memo}</span>
          ) : null}
        </div>
      </td>
      <td data-label={t('records.net')} className={styles.amount}>
        {cells('net')}
      </td>
      <td data-label={t('records.accounts.available')} className={styles.amount}>
        {cells('available')}
      </td>
      <td data-label={t('records.accounts.held')} className={styles.amount}>
        {cells('held')}
      </td>
    </tr>
  );
}
