import { useTranslation } from 'react-i18next';
import styles from './stale-badge.module.css';

/**
 * Stale-price guard: the server found no fresh tick for the market within its stale window, so its price is
 * old and orders on it are refused (`10015`). The server decides (`stale` in the list and market info); this
 * only says so.
 */
export function StaleBadge({ stale }: { stale: boolean }) {
  // Most rows are fresh: they render nothing and never ask i18next for a text.
  return stale ? <Badge /> : null;
}

function Badge() {
  const { t } = useTranslation('markets');
  return (
    <span className={styles.badge} role="status" title={t('market.staleHint')} data-testid="stale-badge">
      {t('market.stale')}
    </span>
  );
}
