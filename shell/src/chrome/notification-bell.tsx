import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useShell } from '../shell-context';
import { BellIcon } from './icons';
import styles from './chrome.module.css';

/** Unread notifications of the signed-in customer; opens the notification list of the account module. */
export const NotificationBell = observer(function NotificationBell() {
  const { root } = useShell();
  const { t } = useTranslation('shell');
  const unread = root.notifications.unreadCount;
  return (
    <Link
      to="/profile/notification"
      className={styles.iconButton}
      aria-label={unread > 0 ? t('nav.notificationsUnread', { count: unread }) : t('nav.notifications')}
    >
      <BellIcon />
      {unread > 0 && (
        <span className={styles.badge} aria-hidden="true" data-testid="unread-count">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
});
