import { useTradingT } from '../../i18n';
import styles from './stale-badge.module.css';

/**
 * Stale-price guard: the server found no fresh tick for the market within its stale window, so orders on it
 * are refused (`10015`) until the feed publishes again. The server decides (`stale` in the market info).
 */
export function StaleBadge({ stale }: { stale: boolean }) {
  const t = useTradingT();
  if (!stale) return null;
  return (
    <span className={styles.badge} role="status" title={t('staleHint')} data-testid="stale-badge">
      {t('stalePrice')}
    </span>
  );
}
