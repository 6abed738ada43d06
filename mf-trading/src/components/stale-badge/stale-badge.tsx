import { observer } from 'mobx-react-lite';
import { getRootStore } from '@swx/shared';
import { useTradingT } from '../../i18n';
import styles from './stale-badge.module.css';

/**
 * Stale-price guard: the server found no fresh tick for the market within its stale window, so orders on it
 * are refused (`10015`) until the feed publishes again. The server decides: live over the socket
 * (`market.freshness`), else what the market info answered.
 */
export const StaleBadge = observer(function StaleBadge({ code, stale }: { code: string; stale: boolean }) {
  const t = useTradingT();
  if (!(getRootStore().market.isStale(code) ?? stale)) return null;
  return (
    <span className={styles.badge} role="status" title={t('staleHint')} data-testid="stale-badge">
      {t('stalePrice')}
    </span>
  );
});
