import { Link } from 'react-router-dom';
import { EmptyState, Money, Reference, StatusBadge, formatDateTime } from '@swx/shared';
import type { StaffChainDeposits } from '@swx/shared/contract';
import { Facts } from '../../components/facts';
import { pageStyles } from '../../components/page';
import { useStaffStrings } from '../../i18n';
import styles from './chain.module.css';

type Networks = StaffChainDeposits['networks'];

/** A network's name from its configured id (hot wallets and held withdrawals carry the id only). */
export function networkName(networks: Networks, network: string): string {
  return networks.find((entry) => entry.network === network)?.name ?? network;
}

/** Each watched network's node as the watcher follows it: the last block read, and whether it is stalled. */
export function NetworkHealth({ networks }: { networks: Networks }) {
  const { t } = useStaffStrings();
  if (networks.length === 0) return <EmptyState title={t('chain.noNetworks')} />;
  return (
    <ul className={styles.cards} aria-label={t('chain.networksTitle')}>
      {networks.map((network) => {
        const stalled = network.failures > 0;
        return (
          <li key={network.network} className={styles.card}>
            <div className={styles.cardHead}>
              <h3 className={styles.cardTitle}>{network.name}</h3>
              <StatusBadge tone={stalled ? 'bad' : 'good'}>
                {t(stalled ? 'chain.stalled' : 'chain.healthy')}
              </StatusBadge>
            </div>
            <Facts
              items={[
                [t('chain.chainId'), String(network.chainId)],
                [t('chain.height'), network.height === null ? t('chain.notReadYet') : String(network.height)],
                [t('chain.updatedAt'), network.updatedAt ? formatDateTime(network.updatedAt) : '—'],
              ]}
            />
            {stalled ? (
              <p className={styles.problem}>
                {network.stalledSince
                  ? t('chain.stalledSince', {
                      time: formatDateTime(network.stalledSince),
                      failures: network.failures,
                    })
                  : t('chain.failedPasses', { failures: network.failures })}
              </p>
            ) : null}
            {network.lastError ? (
              <p className={styles.note}>
                {t('chain.lastError')} <span className={pageStyles.mono}>{network.lastError}</span>
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** Where withdrawals are paid from, per network, to copy when funding it. */
export function HotWallets({
  wallets,
  networks,
}: {
  wallets: StaffChainDeposits['hotWallets'];
  networks: Networks;
}) {
  const { t } = useStaffStrings();
  if (wallets.length === 0) return <EmptyState title={t('chain.noHotWallets')} />;
  return (
    <ul className={styles.wallets} aria-label={t('chain.hotWalletsTitle')}>
      {wallets.map((wallet) => {
        const name = networkName(networks, wallet.network);
        return (
          <li key={wallet.network} className={styles.wallet}>
            <strong>{name}</strong>
            <Reference value={wallet.address} label={t('chain.hotWalletOf', { network: name })} />
          </li>
        );
      })}
    </ul>
  );
}

/** Approved withdrawals the hot wallet cannot pay yet, each opening its record in the queue of payouts. */
export function HeldWithdrawals({
  held,
  networks,
}: {
  held: StaffChainDeposits['heldWithdrawals'];
  networks: Networks;
}) {
  const { t } = useStaffStrings();
  if (held.length === 0) return <EmptyState title={t('chain.noneHeld')} />;
  return (
    <>
      <p className={styles.note}>
        {t('chain.heldLead')} <Link to="/staff/reviews/withdrawal?status=approved">{t('chain.toPay')}</Link>
      </p>
      <ul className={styles.cards} aria-label={t('chain.heldTitle')}>
        {held.map((payout) => (
          <li key={payout.withdrawalId} className={styles.card}>
            <div className={styles.cardHead}>
              <Link to={`/staff/reviews/withdrawal/${payout.withdrawalId}?status=approved`}>
                {t('chain.withdrawal', { id: payout.withdrawalId })}
              </Link>
              <StatusBadge tone="warning">{t(`chain.held.${payout.state}`)}</StatusBadge>
            </div>
            <Facts
              items={[
                [t('fields.amount'), <Money key="amount" value={payout.amount} currency={payout.currency} />],
                [t('fields.network'), networkName(networks, payout.network)],
                [t('chain.since'), payout.since ? formatDateTime(payout.since) : '—'],
              ]}
            />
          </li>
        ))}
      </ul>
    </>
  );
}
