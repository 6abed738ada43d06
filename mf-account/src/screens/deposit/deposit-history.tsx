import { EmptyState, formatDateTime, formatMoney } from '@swx/shared';
import type { Deposit } from '@swx/shared/contract';
import { StatusBadge, type StatusTone } from '../../components/status';
import { useAccountStrings } from '../../i18n';
import styles from './deposit.module.css';

const tone: Record<Deposit['status'], StatusTone> = { pending: 'pending', approved: 'good', rejected: 'bad' };

/** The customer's deposits with their review state and, for a rejection, the reason staff gave. */
export function DepositHistory({ deposits }: { deposits: readonly Deposit[] }) {
  const { t } = useAccountStrings();
  if (deposits.length === 0) return <EmptyState title={t('deposit.none')} />;
  return (
    <ul className={styles.history} aria-label={t('deposit.history')}>
      {deposits.map((deposit) => (
        <li key={deposit.id} className={styles.entry}>
          <div className={styles.line}>
            <strong>{formatMoney(deposit.amount, deposit.coin)}</strong>
            <StatusBadge tone={tone[deposit.status]}>{t(`deposit.status.${deposit.status}`)}</StatusBadge>
          </div>
          <div className={styles.meta}>
            <span>{deposit.network}</span>
            <span dir="ltr">…{deposit.txHashTail}</span>
            <time dateTime={deposit.createdAt}>{formatDateTime(deposit.createdAt)}</time>
          </div>
          {deposit.status === 'pending' ? <p className={styles.note}>{t('deposit.pendingNote')}</p> : null}
          {deposit.reason ? (
            <p className={styles.note}>{t('deposit.reason', { reason: deposit.reason })}</p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
