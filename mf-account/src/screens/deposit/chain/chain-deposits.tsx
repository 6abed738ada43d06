import { EmptyState, formatDateTime, formatMoney } from '@swx/shared';
import type { ChainDeposit, ChainDepositStatus } from '@swx/shared/contract';
import { StatusBadge, type StatusTone } from '../../../components/status';
import { useAccountStrings } from '../../../i18n';
import records from '../deposit.module.css';
import styles from './chain.module.css';

const tone: Record<ChainDepositStatus, StatusTone> = {
  seen: 'pending',
  credited: 'good',
  dropped: 'bad',
  reorged: 'warning',
  below_minimum: 'bad',
  unknown_token: 'bad',
  wrong_network: 'bad',
};

const shortHash = (hash: string) => `${hash.slice(0, 10)}…${hash.slice(-6)}`;

function ChainDepositItem({ deposit }: { deposit: ChainDeposit }) {
  const { t } = useAccountStrings();
  const amount = deposit.creditedAmount ?? deposit.amount;
  const status =
    deposit.status === 'seen'
      ? t('deposit.chain.status.seen', {
          count: deposit.confirmations,
          required: deposit.confirmationsRequired,
        })
      : t(`deposit.chain.status.${deposit.status}`);
  return (
    <li className={records.entry} data-testid="chain-deposit">
      <div className={styles.line}>
        <strong>
          {amount !== null && deposit.coin !== null
            ? formatMoney(amount, deposit.coin)
            : t('deposit.chain.unknownToken')}
        </strong>
        <StatusBadge tone={tone[deposit.status]}>{status}</StatusBadge>
      </div>
      {deposit.status === 'seen' ? (
        <progress
          className={styles.progress}
          max={deposit.confirmationsRequired}
          value={deposit.confirmations}
          aria-label={status}
        />
      ) : null}
      <div className={styles.meta}>
        <span>{deposit.networkName}</span>
        {deposit.explorerUrl ? (
          <a
            href={deposit.explorerUrl}
            target="_blank"
            rel="noopener noreferrer"
            dir="ltr"
            aria-label={t('deposit.chain.viewTx', { network: deposit.networkName, hash: deposit.txHash })}
          >
            {shortHash(deposit.txHash)}
          </a>
        ) : (
          <code dir="ltr" title={deposit.txHash}>
            {shortHash(deposit.txHash)}
          </code>
        )}
        <time dateTime={deposit.creditedAt ?? deposit.seenAt}>
          {formatDateTime(deposit.creditedAt ?? deposit.seenAt)}
        </time>
      </div>
      {deposit.status !== 'seen' && deposit.status !== 'credited' ? (
        <p className={styles.note}>{t(`deposit.chain.reason.${deposit.status}`)}</p>
      ) : null}
    </li>
  );
}

/** The transfers read from the chain to the customer's addresses, each with its confirmations or outcome. */
export function ChainDepositList({ deposits }: { deposits: readonly ChainDeposit[] }) {
  const { t } = useAccountStrings();
  if (deposits.length === 0) return <EmptyState title={t('deposit.chain.none')} />;
  return (
    <ul className={records.history} aria-label={t('deposit.chain.history')}>
      {deposits.map((deposit) => (
        <ChainDepositItem key={deposit.id} deposit={deposit} />
      ))}
    </ul>
  );
}
