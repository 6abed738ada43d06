import { EmptyState, Money, StatusBadge, formatDateTime, type StatusTone } from '@swx/shared';
import type { ChainDepositStatus, StaffChainDeposit } from '@swx/shared/contract';
import { Facts, type Fact } from '../../components/facts';
import { useStaffStrings } from '../../i18n';
import { ChainAddress, ChainAmount, CustomerLink, TxHash } from './chain-parts';
import styles from './chain.module.css';

const tone: Record<ChainDepositStatus, StatusTone> = {
  seen: 'pending',
  credited: 'good',
  dropped: 'neutral',
  reorged: 'warning',
  below_minimum: 'neutral',
  unknown_token: 'bad',
  wrong_network: 'bad',
};

function AttentionItem({ deposit }: { deposit: StaffChainDeposit }) {
  const { t } = useStaffStrings();
  const facts: Fact[] = [
    [t('chain.customerId'), <CustomerLink key="customer" userId={deposit.userId} />],
    [
      t('fields.amount'),
      deposit.coin !== null && deposit.amount !== null ? (
        <ChainAmount key="amount" value={deposit.amount} coin={deposit.coin} />
      ) : (
        <span key="amount">
          {t('chain.unknownToken')}
          {deposit.tokenContract ? (
            <>
              {' '}
              <ChainAddress value={deposit.tokenContract} />
            </>
          ) : null}
        </span>
      ),
    ],
  ];
  if (deposit.creditedAmount !== null && deposit.coin !== null)
    facts.push([
      t('chain.credited'),
      <Money key="credited" value={deposit.creditedAmount} currency={deposit.coin} />,
    ]);
  facts.push(
    [t('chain.from'), <ChainAddress key="from" value={deposit.fromAddress} />],
    [t('chain.to'), <ChainAddress key="to" value={deposit.toAddress} />],
    [
      t('fields.txHash'),
      <TxHash
        key="hash"
        hash={deposit.txHash}
        explorerUrl={deposit.explorerUrl}
        network={deposit.networkName}
      />,
    ],
    [t('chain.block'), String(deposit.blockNumber)],
    [t('chain.seenAt'), formatDateTime(deposit.seenAt)],
  );
  if (deposit.flaggedAt) facts.push([t('chain.flaggedAt'), formatDateTime(deposit.flaggedAt)]);
  return (
    <li className={styles.card}>
      <div className={styles.cardHead}>
        <h3 className={styles.cardTitle}>{deposit.networkName}</h3>
        <StatusBadge tone={tone[deposit.status]}>{t(`chain.depositStatus.${deposit.status}`)}</StatusBadge>
      </div>
      <p className={styles.note}>{t(`chain.attentionWhy.${deposit.status}`)}</p>
      <Facts items={facts} />
    </li>
  );
}

/** Transfers the watcher could not settle alone (credited then replaced, wrong network, unknown token). */
export function AttentionList({ deposits }: { deposits: readonly StaffChainDeposit[] }) {
  const { t } = useStaffStrings();
  if (deposits.length === 0) return <EmptyState title={t('chain.noAttention')} />;
  return (
    <ul className={styles.cards} aria-label={t('chain.attentionTitle')}>
      {deposits.map((deposit) => (
        <AttentionItem key={deposit.id} deposit={deposit} />
      ))}
    </ul>
  );
}
