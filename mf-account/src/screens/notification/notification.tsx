import { reaction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  Button,
  EmptyState,
  Skeleton,
  formatDateTime,
  messageForError,
  toaster,
  useRootStore,
} from '@swx/shared';
import type { NotificationItem, NotificationPage } from '@swx/shared/contract';
import { accountApi } from '../../api';
import { AccountPage } from '../../components/page';
import { StatusBadge } from '../../components/status';
import { referencePages } from '../../components/reference-link';
import { useAccountStrings } from '../../i18n';
import { shownParams } from './notification-params';
import styles from './notification.module.css';

const pageSize = 20;

/** Titles and bodies are i18n keys with parameters, so each customer reads them in their own language. */
export function useNotificationText() {
  const { t } = useAccountStrings();
  return (item: Pick<NotificationItem, 'titleKey' | 'bodyKey' | 'params'>) => {
    const params = shownParams(item.params);
    return {
      title: t(item.titleKey, { ...params, defaultValue: t('notification.generic') }),
      body: item.bodyKey ? t(item.bodyKey, { ...params, defaultValue: '' }) : '',
    };
  };
}

/** `/profile/notification`: the customer's notifications, newest first, with mark-as-read; keeps the bell in step. */
export const NotificationScreen = observer(function NotificationScreen() {
  const { t } = useAccountStrings();
  const root = useRootStore();
  const text = useNotificationText();
  const [items, setItems] = useState<NotificationItem[] | null>(null);
  const [hasMore, setHasMore] = useState(false);
  const [page, setPage] = useState(1);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  /** The bell shows the server's count; the list it may show is the first page. */
  const syncBell = useCallback(
    (answer: Pick<NotificationPage, 'items' | 'unread'>) => {
      root.notifications.replace(
        answer.items.map((item) => ({ ...item, type: 'notification' as const })),
        answer.unread,
      );
    },
    [root],
  );

  const loadFirst = useCallback(async () => {
    setError(null);
    try {
      const answer = await accountApi.notifications(1, pageSize);
      setItems(answer.items);
      setHasMore(answer.hasMore);
      setPage(1);
      syncBell(answer);
    } catch (cause) {
      setError(cause);
    }
  }, [syncBell]);

  useEffect(() => {
    void loadFirst();
    // A notification pushed over the socket while the page is open: show it with the server's fields.
    return reaction(
      () => root.notifications.items.length,
      (now, before) => {
        if (now > before) void loadFirst();
      },
    );
  }, [loadFirst, root]);

  const loadMore = async () => {
    setBusy(true);
    try {
      const answer = await accountApi.notifications(page + 1, pageSize);
      setItems((previous) => [...(previous ?? []), ...answer.items]);
      setHasMore(answer.hasMore);
      setPage(page + 1);
      root.notifications.setUnreadCount(answer.unread);
    } catch (cause) {
      toaster.show(messageForError(cause, t), { tone: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const markRead = async (ids: string[] | 'all') => {
    try {
      const answer = await accountApi.markRead(ids === 'all' ? { all: true } : { ids });
      setItems((previous) =>
        (previous ?? []).map((item) =>
          ids === 'all' || ids.includes(item.id) ? { ...item, read: true } : item,
        ),
      );
      if (ids === 'all') root.notifications.markAllRead();
      root.notifications.setUnreadCount(answer.unread);
    } catch (cause) {
      toaster.show(messageForError(cause, t), { tone: 'error' });
    }
  };

  const unread = items?.some((item) => !item.read) ?? false;

  return (
    <AccountPage
      title={t('nav.notifications')}
      back="/profile"
      actions={
        unread ? (
          <Button size="small" variant="secondary" onClick={() => markRead('all')}>
            {t('notification.markAllRead')}
          </Button>
        ) : null
      }
    >
      {error && !items ? (
        <div role="alert">
          <EmptyState
            title={t('load.failed')}
            description={messageForError(error, t)}
            action={
              <Button variant="secondary" onClick={() => void loadFirst()}>
                {t('load.retry')}
              </Button>
            }
          />
        </div>
      ) : items === null ? (
        <Skeleton lines={4} />
      ) : items.length === 0 ? (
        <EmptyState title={t('notification.empty')} />
      ) : (
        <ul className={styles.list} aria-label={t('nav.notifications')}>
          {items.map((item) => {
            const { title, body } = text(item);
            return (
              <li key={item.id} className={item.read ? styles.item : `${styles.item} ${styles.unread}`}>
                <div className={styles.head}>
                  <strong>{title}</strong>
                  {item.read ? null : <StatusBadge tone="pending">{t('notification.unread')}</StatusBadge>}
                </div>
                {body ? <p className={styles.body}>{body}</p> : null}
                {item.referenceType && referencePages[item.referenceType] ? (
                  <Link className={styles.more} to={referencePages[item.referenceType]!(item.referenceId)}>
                    {t('notification.open')}
                  </Link>
                ) : null}
                <div className={styles.foot}>
                  <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
                  {item.read ? null : (
                    <Button size="small" variant="ghost" onClick={() => markRead([item.id])}>
                      {t('notification.markRead')}
                    </Button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {hasMore ? (
        <Button variant="secondary" onClick={loadMore} loading={busy}>
          {t('actions.loadMore')}
        </Button>
      ) : null}
    </AccountPage>
  );
});
