import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { getRootStore } from '@swx/shared';
import styles from './stale-badge.module.css';

/**
 * Stale-price guard: the server found no fresh tick for the market within its stale window, so its price is
 * old and orders on it are refused (`10015`). The server decides: live over the socket (`market.freshness`,
 * so the badge comes and goes while the page is open), else what the list or market info answered.
 */
export const StaleBadge = observer(function StaleBadge({ code, stale }: { code: string; stale: boolean }) {
  // Most rows are fresh: they render nothing and never ask i18next for a text.
  return (getRootStore().market.isStale(code) ?? stale) ? <Badge /> : null;
});

function Badge() {
  const { t } = useTranslation('markets');
  return (
    <span className={styles.badge} role="status" title={t('market.staleHint')} data-testid="stale-badge">
      {t('market.stale')}
    </span>
  );
}
