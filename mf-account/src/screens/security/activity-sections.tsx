import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Modal, formatDateTime, useRootStore } from '@swx/shared';
import type { OwnSession, SecurityChangeEntry, SignInEvent } from '@swx/shared/contract';
import { Section } from '../../components/page';
import { useAccountStrings } from '../../i18n';
import type { SecurityApi } from './security-api';
import { useAction } from './use-action';
import styles from './security.module.css';

const deviceOf = (item: { browser: string | null; os: string | null }, unknown: string) =>
  [item.browser, item.os].filter(Boolean).join(' · ') || unknown;

/** Where the account is signed in: device, address, first and last seen; sign out one or all others. */
export function SessionsSection({
  api,
  sessions,
  onChanged,
}: {
  api: SecurityApi;
  sessions: OwnSession[];
  onChanged: (list: OwnSession[]) => void;
}) {
  const { t } = useAccountStrings();
  const { busy, run, alert } = useAction();
  const unknown = t('security.sessions.unknownDevice');
  return (
    <Section title={t('security.sessions.title')} id="security-sessions">
      <ul className={styles.list}>
        {sessions.map((session) => (
          <li key={session.id} className={styles.item} data-testid="session">
            <span className={styles.detail}>
              <strong>
                {deviceOf(session, unknown)}{' '}
                {session.current ? (
                  <span className={styles.badge}>{t('security.sessions.current')}</span>
                ) : null}
              </strong>
              <span className={styles.muted}>
                {t('security.sessions.where', { address: session.address ?? '—' })}
              </span>
              <span className={styles.muted}>
                {t('security.sessions.seen', {
                  first: formatDateTime(session.createdAt),
                  last: formatDateTime(session.lastSeenAt),
                })}
              </span>
            </span>
            {session.current ? null : (
              <Button
                size="small"
                variant="ghost"
                loading={busy === session.id}
                onClick={() =>
                  void run(session.id, async () => onChanged(await api.revokeSession(session.id)))
                }
              >
                {t('security.sessions.signOut')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {alert}
      {sessions.length > 1 ? (
        <Button
          variant="secondary"
          loading={busy === 'others'}
          onClick={() => void run('others', async () => onChanged(await api.revokeOtherSessions()))}
        >
          {t('security.sessions.signOutOthers')}
        </Button>
      ) : null}
    </Section>
  );
}

/** Sign-ins of the last 90 days, refused ones too, with the device and a truncated address. */
export function HistorySection({ history }: { history: SignInEvent[] }) {
  const { t } = useAccountStrings();
  const unknown = t('security.sessions.unknownDevice');
  return (
    <Section title={t('security.history.title')} id="security-history">
      <p className={styles.intro}>{t('security.history.intro')}</p>
      {history.length === 0 ? <p className={styles.muted}>{t('security.history.none')}</p> : null}
      <ul className={styles.list}>
        {history.map((event) => (
          <li key={event.id} className={styles.item} data-testid="sign-in-event">
            <span className={styles.detail}>
              <strong>
                {t(`security.history.result.${event.result}`)}
                {event.newDevice ? (
                  <>
                    {' '}
                    <span className={styles.badge}>{t('security.history.newDevice')}</span>
                  </>
                ) : null}
              </strong>
              <span className={styles.muted}>
                {formatDateTime(event.at)} ·{' '}
                {event.method === 'provider' && event.provider
                  ? t('security.history.method.providerNamed', { provider: event.provider })
                  : t(`security.history.method.${event.method}`)}
              </span>
              <span className={styles.muted}>
                {deviceOf(event, unknown)} · {event.address ?? '—'}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** Changes to the account's security, as the e-mails about them said. */
export function ChangesSection({ changes }: { changes: SecurityChangeEntry[] }) {
  const { t } = useAccountStrings();
  return (
    <Section title={t('security.changes.title')} id="security-changes">
      {changes.length === 0 ? <p className={styles.muted}>{t('security.changes.none')}</p> : null}
      <ul className={styles.list}>
        {changes.map((change) => (
          <li key={change.id} className={styles.item}>
            <span className={styles.detail}>
              <strong>{t(`security.changes.kind.${change.change}`, { detail: change.detail ?? '' })}</strong>
              <span className={styles.muted}>{formatDateTime(change.at)}</span>
            </span>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** "This was not me": every session ends (this one too) and withdrawals lock; then a new password. */
export function NotMeSection({ api }: { api: SecurityApi }) {
  const { t } = useAccountStrings();
  const { session } = useRootStore();
  const navigate = useNavigate();
  const { busy, run, alert } = useAction();
  const [open, setOpen] = useState(false);
  const secure = () =>
    run('not-me', async () => {
      await api.notMe();
      session.logout();
      navigate('/pass/reset', { replace: true });
    });
  return (
    <Section title={t('security.notMe.title')} id="security-not-me">
      <p className={styles.intro}>{t('security.notMe.intro')}</p>
      {alert}
      <Button variant="danger" onClick={() => setOpen(true)}>
        {t('security.notMe.button')}
      </Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={t('security.notMe.button')}
        footer={
          <Button variant="danger" loading={busy === 'not-me'} onClick={() => void secure()}>
            {t('security.notMe.confirm')}
          </Button>
        }
      >
        <p>{t('security.notMe.confirmText')}</p>
      </Modal>
    </Section>
  );
}
