import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { loginPath, toaster } from '@swx/shared';
import type { WatchlistStore } from './watchlist-store';
import styles from './watch-star.module.css';

interface WatchStarProps {
  code: string;
  name: string;
  watchlist: WatchlistStore;
}

export function signInPath(returnTo: string): string {
  return `${loginPath}?redirect=${encodeURIComponent(returnTo)}`;
}

/** The watchlist star. Signed-out customers are taken to sign in: a watchlist lives on the server. */
export const WatchStar = observer(function WatchStar({ code, name, watchlist }: WatchStarProps) {
  const { t } = useTranslation('markets');
  const navigate = useNavigate();
  const location = useLocation();
  const watched = watchlist.has(code);
  const onClick = async (event: React.MouseEvent) => {
    // The star sits inside a clickable row: starring must not also open the market.
    event.stopPropagation();
    event.preventDefault();
    const outcome = await watchlist.toggle(code);
    // Back to this page after signing in, as the SDK's own 401 handling does.
    if (outcome === 'sign-in') navigate(signInPath(location.pathname + location.search));
    // The star went back to what the server holds; say why it did not stay.
    if (outcome === 'failed') toaster.show(t('watchlist.saveFailed'), { tone: 'error' });
  };
  return (
    <button
      type="button"
      className={`${styles.star} ${watched ? styles.on : ''}`}
      aria-pressed={watched}
      aria-label={t(watched ? 'watchlist.remove' : 'watchlist.add', { name })}
      title={t(watched ? 'watchlist.remove' : 'watchlist.add', { name })}
      onClick={onClick}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z" />
      </svg>
    </button>
  );
});
