import type { ChainDepositAddresses } from '@swx/shared/contract';
import { AddressBox } from '../../../components/address';
import { useAccountStrings } from '../../../i18n';
import styles from './chain.module.css';

type ChainNetwork = ChainDepositAddresses['networks'][number];

/**
 * One watched network: its name in large type (a transfer on another network is not credited), the customer's
 * own address with its QR code and copy button, and the coins it carries with their minimums.
 */
function ChainNetworkCard({ network }: { network: ChainNetwork }) {
  const { t } = useAccountStrings();
  const headingId = `chain-network-${network.network}`;
  return (
    <section className={styles.network} aria-labelledby={headingId}>
      <p className={styles.networkLabel}>{t('deposit.chain.network')}</p>
      <h3 className={styles.networkName} id={headingId}>
        {network.name}
      </h3>
      <AddressBox
        label={t('deposit.chain.address', { network: network.name })}
        value={network.address}
        qrCode={network.qrCode}
        qrAlt={t('deposit.chain.qrAlt', { network: network.name })}
        copyLabel={t('deposit.chain.copy', { network: network.name })}
      />
      <p className={styles.warning} role="note">
        {t('deposit.chain.sendOnly', { network: network.name })}
      </p>
      <p className={styles.small}>{t('deposit.chain.confirmations', { count: network.confirmations })}</p>
      <ul className={styles.coins} aria-label={t('deposit.chain.coins', { network: network.name })}>
        {network.coins.map((coin) => (
          <li key={coin.contract ?? coin.coin} className={styles.coin}>
            <strong>{coin.coin}</strong>
            <span>{t('deposit.chain.minimum', { minimum: coin.minimum, coin: coin.coin })}</span>
            {coin.contract ? (
              <span className={styles.contract}>
                {t('deposit.chain.contract')} <code dir="ltr">{coin.contract}</code>
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Every watched network with the customer's own address on it. */
export function ChainNetworks({ addresses }: { addresses: ChainDepositAddresses }) {
  const { t } = useAccountStrings();
  return (
    <div className={styles.networks}>
      <p className={styles.small}>{t('deposit.chain.intro')}</p>
      {addresses.networks.map((network) => (
        <ChainNetworkCard key={network.network} network={network} />
      ))}
    </div>
  );
}
