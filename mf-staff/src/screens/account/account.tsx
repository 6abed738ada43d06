import { useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, LoadView, formatDateTime, toaster, useLoad } from '@swx/shared';
import type { StaffSessionInfo } from '@swx/shared/contract';
import { FormAlert, useAction } from '../../components/action';
import { Facts } from '../../components/facts';
import { Page, pageStyles, Section } from '../../components/page';
import { PasswordChangeForm } from '../../components/password-change';
import { useStaffStrings } from '../../i18n';
import { useStaffSession } from '../../session';
import { CodeField, RecoveryCodeList, cleanCode } from '../sign-in';

/** Ten new recovery codes for a code from the app; the old ones stop working. */
const RecoveryCodesPanel = observer(function RecoveryCodesPanel() {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const [code, setCode] = useState('');
  const [fresh, setFresh] = useState<string[] | null>(null);
  const { busy, failure, setFailure, run } = useAction();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const cleaned = cleanCode(code);
    if (!/^[0-9]{6}$/.test(cleaned)) {
      setFailure(t('totp.sixDigits'));
      return;
    }
    await run(async () => {
      const answer = await session.api.call('admin.regenerateRecoveryCodes', { body: { code: cleaned } });
      setFresh(answer.recoveryCodes);
      setCode('');
      session.updated(await session.api.call('admin.me'));
    });
  };
  return (
    <>
      <p>{t('account.codesLeft', { count: session.me?.recoveryCodesLeft ?? 0 })}</p>
      {fresh ? (
        <>
          <p className={pageStyles.muted}>{t('recovery.lead')}</p>
          <RecoveryCodeList codes={fresh} />
        </>
      ) : (
        <form onSubmit={(event) => void submit(event)} className={pageStyles.row}>
          <CodeField label={t('totp.code')} value={code} onChange={setCode} />
          <Button type="submit" variant="secondary" loading={busy}>
            {t('account.newCodes')}
          </Button>
          <FormAlert message={failure} />
        </form>
      )}
    </>
  );
});

/** A session as its member recognises it: where and when it started, when it ends. */
function SessionRow({ entry, onRevoked }: { entry: StaffSessionInfo; onRevoked: () => void }) {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const { busy, failure, run } = useAction();
  return (
    <tr>
      <td>
        {formatDateTime(entry.createdAt)}
        {entry.current ? <span className={pageStyles.muted}> {t('account.thisSession')}</span> : null}
      </td>
      <td>{formatDateTime(entry.lastSeenAt)}</td>
      <td>{formatDateTime(entry.idleExpiresAt)}</td>
      <td className={pageStyles.mono}>{entry.address ?? '—'}</td>
      <td>{entry.userAgent ?? '—'}</td>
      <td>
        {entry.current ? null : (
          <Button
            size="small"
            variant="secondary"
            loading={busy}
            onClick={() =>
              void run(async () => {
                await session.api.call('admin.revokeMySession', { params: { id: entry.id } });
                toaster.show(t('account.revoked'), { tone: 'success' });
                onRevoked();
              })
            }
          >
            {t('account.revoke')}
          </Button>
        )}
        <FormAlert message={failure} />
      </td>
    </tr>
  );
}

/**
 * The member's own account: their password, recovery codes and sessions (30 minutes idle, 12 hours at most;
 * any of them can be ended from here).
 */
export const Account = observer(function Account() {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const sessions = useLoad(() => session.api.call('admin.mySessions'), [session]);
  const me = session.me;
  return (
    <Page title={t('account.title')} lead={t('account.lead')}>
      <Section title={t('account.you')} id="account-you">
        <Facts
          items={[
            [t('team.username'), me?.username ?? ''],
            [t('team.email'), me?.email ?? '—'],
            [t('team.roles'), (me?.roles ?? []).map((role) => t(`roles.names.${role}`)).join(' · ')],
          ]}
        />
      </Section>
      <Section title={t('account.password')} id="account-password">
        <PasswordChangeForm
          submitLabel={t('password.save')}
          onChanged={(updated) => {
            session.updated(updated);
            toaster.show(t('password.changed'), { tone: 'success' });
            sessions.reload();
          }}
        />
      </Section>
      <Section title={t('account.recovery')} id="account-recovery">
        <RecoveryCodesPanel />
      </Section>
      <Section title={t('account.sessions')} id="account-sessions">
        <LoadView state={sessions} t={t} keepDataOnError>
          {(list) => (
            <div className={pageStyles.tableWrap}>
              <table className={pageStyles.table}>
                <thead>
                  <tr>
                    <th scope="col">{t('account.started')}</th>
                    <th scope="col">{t('account.lastSeen')}</th>
                    <th scope="col">{t('account.endsIdle')}</th>
                    <th scope="col">{t('account.address')}</th>
                    <th scope="col">{t('account.browser')}</th>
                    <th scope="col">{t('fields.actions')}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((entry) => (
                    <SessionRow key={entry.id} entry={entry} onRevoked={sessions.reload} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </LoadView>
      </Section>
    </Page>
  );
});
