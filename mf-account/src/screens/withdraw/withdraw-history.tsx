import { useState } from 'react';
import {
  Button,
  EmptyState,
  formatDateTime,
  formatMoney,
  messageForError,
  Reference,
  toaster,
} from '@swx/shared';
import type { Withdrawal } from '@swx/shared/contract';
import { accountApi } from '../../api';
import { StatusBadge, type StatusTone } from '../../components/status';
import { useAccountStrings } from '../../i18n';
import styles from '../deposit/deposit.module.css';

const tone: Record<Withdrawal['status'], StatusTone> = {
  pending: 'pending',
  approved: 'pending',
  completed: 'good',
  rejected: 'bad',
  cancelled: 'neutral',
  returned: 'bad',
};

function Destination({ withdrawal }: { withdrawal: Withdrawal }) {
  const { t } = useAccountStrings();
  if (withdrawal.method === 'bank')
    return <span dir="ltr">{[withdrawal.bankName, withdrawal.cardNumber].filter(Boolean).join(' · ')}</span>;
  return (
    <span className={styles.destination}>
      {withdrawal.network ? <span dir="ltr">{withdrawal.network}</span> : null}
      {withdrawal.address ? (
        <Reference value={withdrawal.address} label={t('withdraw.address')} display="short" />
      ) : null}
    </span>
  );
}

/** A withdrawal paid from the platform's hot wallet: where it is on the chain, and its transaction. */
function ChainProgress({ withdrawal }: { withdrawal: Withdrawal }) {
  const { t } = useAccountStrings();
  if (!withdrawal.chainState && !withdrawal.txHash && withdrawal.status !== 'returned') return null;
  return (
    <>
      {withdrawal.chainState ? (
        <p className={styles.note} data-testid="withdrawal-chain-state">
          {t(`withdraw.chain.${withdrawal.chainState}`, {
            confirmations: withdrawal.confirmations ?? 0,
            required: withdrawal.confirmationsRequired ?? 0,
          })}
        </p>
      ) : null}
      {withdrawal.txHash ? (
        <p className={styles.note}>
          {t('withdraw.transaction')}{' '}
          <Reference value={withdrawal.txHash} label={t('withdraw.transaction')} display="short" />{' '}
          {withdrawal.explorerUrl ? (
            <a href={withdrawal.explorerUrl} target="_blank" rel="noopener noreferrer">
              {t('withdraw.explorer')}
            </a>
          ) : null}
        </p>
      ) : null}
      {withdrawal.status === 'returned' ? <p className={styles.note}>{t('withdraw.returnedNote')}</p> : null}
    </>
  );
}

function WithdrawalEntry({ withdrawal, onChanged }: { withdrawal: Withdrawal; onChanged: () => void }) {
  const { t } = useAccountStrings();
  const [busy, setBusy] = useState(false);
  const cancel = async () => {
    setBusy(true);
    try {
      await accountApi.cancelWithdrawal(withdrawal.id);
      toaster.show(t('withdraw.cancelled'), { tone: 'success' });
      onChanged();
    } catch (error) {
      toaster.show(messageForError(error, t), { tone: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className={styles.entry} data-testid={`withdrawal-${withdrawal.id}`}>
      <div className={styles.line}>
        <strong>{formatMoney(withdrawal.amount, withdrawal.currency)}</strong>
        <StatusBadge tone={tone[withdrawal.status]}>{t(`withdraw.status.${withdrawal.status}`)}</StatusBadge>
      </div>
      <div className={styles.meta}>
        <span>{t(`withdraw.${withdrawal.method === 'bank' ? 'bank' : 'crypto'}`)}</span>
        <Destination withdrawal={withdrawal} />
        <span>
          {t('withdraw.feeShort', { fee: formatMoney(withdrawal.fee, withdrawal.currency, { decimals: 8 }) })}
        </span>
        <time dateTime={withdrawal.createdAt}>{formatDateTime(withdrawal.createdAt)}</time>
      </div>
      {withdrawal.status === 'pending' ? (
        <p className={styles.note}>
          {withdrawal.queuePosition !== null
            ? t('withdraw.queue', { position: withdrawal.queuePosition })
            : null}{' '}
          {withdrawal.targetTime
            ? t('withdraw.target', { time: formatDateTime(withdrawal.targetTime) })
            : null}
        </p>
      ) : null}
      {withdrawal.reason ? (
        <p className={styles.note}>{t('withdraw.reason', { reason: withdrawal.reason })}</p>
      ) : null}
      <ChainProgress withdrawal={withdrawal} />
      {withdrawal.reference && withdrawal.reference !== withdrawal.txHash ? (
        <p className={styles.note}>
          {t('withdraw.reference')}{' '}
          <Reference value={withdrawal.reference} label={t('withdraw.reference')} display="short" />
        </p>
      ) : null}
      {withdrawal.status === 'pending' ? (
        <div>
          <Button size="small" variant="secondary" onClick={cancel} loading={busy}>
            {t('withdraw.cancel')}
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/** The customer's withdrawals: state, queue position and target time while pending, reason or reference after. */
export function WithdrawHistory({
  withdrawals,
  onChanged,
}: {
  withdrawals: readonly Withdrawal[];
  onChanged: () => void;
}) {
  const { t } = useAccountStrings();
  if (withdrawals.length === 0) return <EmptyState title={t('withdraw.none')} />;
  return (
    <ul className={styles.history} aria-label={t('withdraw.history')}>
      {withdrawals.map((withdrawal) => (
        <WithdrawalEntry key={withdrawal.id} withdrawal={withdrawal} onChanged={onChanged} />
      ))}
    </ul>
  );
}
