import { Link } from 'react-router-dom';
import { pageStyles } from '../../components/page';
import { useStaffStrings } from '../../i18n';
import styles from './chain.module.css';

/**
 * An amount in a coin's chain units exactly as the chain recorded it: no rounding and no grouping, so staff
 * read the same digits as the network's explorer shows. It is not a ledger amount (those go through `Money`).
 */
export function ChainAmount({ value, coin }: { value: string; coin?: string }) {
  return (
    <bdi dir="ltr" className={styles.amount}>
      {coin ? `${value} ${coin}` : value}
    </bdi>
  );
}

/** An address or contract in full, wrapping on a narrow screen (staff compare every character). */
export function ChainAddress({ value }: { value: string }) {
  return (
    <code className={pageStyles.mono} dir="ltr">
      {value}
    </code>
  );
}

/** A transaction hash in full, linked to the network's explorer when one is configured. */
export function TxHash({
  hash,
  explorerUrl,
  network,
}: {
  hash: string;
  explorerUrl: string | null;
  network: string;
}) {
  const { t } = useStaffStrings();
  if (explorerUrl === null) return <ChainAddress value={hash} />;
  return (
    <a
      href={explorerUrl}
      target="_blank"
      rel="noopener noreferrer"
      dir="ltr"
      className={pageStyles.mono}
      aria-label={t('chain.viewTx', { hash, network })}
    >
      {hash}
    </a>
  );
}

export function CustomerLink({ userId }: { userId: string }) {
  const { t } = useStaffStrings();
  return <Link to={`/staff/customers/${userId}`}>{t('chain.customer', { id: userId })}</Link>;
}
