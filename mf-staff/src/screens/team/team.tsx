import { useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, LoadView, TextField, formatDateTime, toaster, useLoad } from '@swx/shared';
import { staffRoles, type StaffMember, type StaffRole } from '@swx/shared/contract';
import { FormAlert, useAction } from '../../components/action';
import { ReasonDialog } from '../../components/reason-dialog';
import { Status } from '../../components/history';
import { Page, pageStyles, Section } from '../../components/page';
import { useStaffStrings } from '../../i18n';
import { useStaffSession } from '../../session';

/** Role checkboxes; at least one stays ticked (the server refuses an empty set). */
function RolePicker({
  value,
  onChange,
  legend,
}: {
  value: readonly StaffRole[];
  onChange: (roles: StaffRole[]) => void;
  legend: string;
}) {
  const { t } = useStaffStrings();
  return (
    <fieldset className={pageStyles.row}>
      <legend>{legend}</legend>
      {staffRoles.map((role) => (
        <label key={role}>
          <input
            type="checkbox"
            checked={value.includes(role)}
            onChange={(event) =>
              onChange(event.target.checked ? [...value, role] : value.filter((held) => held !== role))
            }
          />{' '}
          {t(`roles.names.${role}`)}
        </label>
      ))}
    </fieldset>
  );
}

function CreateStaff({ onCreated }: { onCreated: () => void }) {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [email, setEmail] = useState('');
  const [roles, setRoles] = useState<StaffRole[]>(['reviewer']);
  const { busy, failure, setFailure, run } = useAction();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (roles.length === 0) {
      setFailure(t('team.pickRole'));
      return;
    }
    if (roles.includes('admin') && roles.includes('finance')) {
      setFailure(t('team.adminFinance'));
      return;
    }
    await run(async () => {
      await session.api.call('admin.createStaff', {
        body: { username: username.trim(), password, email: email.trim(), roles },
      });
      toaster.show(t('team.created', { username: username.trim() }), { tone: 'success' });
      setUsername('');
      setPassword('');
      setEmail('');
      onCreated();
    });
  };

  return (
    <form onSubmit={(event) => void submit(event)} className={pageStyles.page}>
      <div className={pageStyles.fields}>
        <TextField
          label={t('team.username')}
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          pattern="[A-Za-z0-9_.\-]{3,64}"
          autoComplete="off"
          required
        />
        <TextField
          label={t('team.email')}
          hint={t('team.emailHint')}
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          required
        />
        <TextField
          label={t('team.password')}
          hint={t('team.passwordHint')}
          type="password"
          autoComplete="new-password"
          minLength={10}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          required
        />
      </div>
      <RolePicker value={roles} onChange={setRoles} legend={t('team.roles')} />
      <FormAlert message={failure} />
      <div>
        <Button type="submit" loading={busy}>
          {t('team.create')}
        </Button>
      </div>
    </form>
  );
}

function MemberRow({
  member,
  creator,
  onChanged,
}: {
  member: StaffMember;
  creator: string | null;
  onChanged: () => void;
}) {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const [roles, setRoles] = useState<StaffRole[]>(member.roles);
  const [asking, setAsking] = useState(false);
  const { running, failure, run } = useAction();
  const self = member.staffId === session.me?.staffId;
  const changed = roles.slice().sort().join() !== member.roles.slice().sort().join();

  const act = (name: string, action: () => Promise<unknown>, done: string) =>
    run(async () => {
      await action();
      toaster.show(done, { tone: 'success' });
      onChanged();
    }, name);
  const params = { id: member.staffId };

  return (
    <tr>
      <th scope="row">
        {member.username}
        {self ? <span className={pageStyles.muted}> {t('team.you')}</span> : null}
        <div className={pageStyles.muted}>{member.email ?? t('team.noEmail')}</div>
        {member.passwordChangeRequired ? (
          <div className={pageStyles.muted}>{t('team.temporaryPassword')}</div>
        ) : null}
      </th>
      <td>
        <RolePicker
          value={roles}
          onChange={setRoles}
          legend={t('team.rolesOf', { username: member.username })}
        />
        {changed ? (
          <Button size="small" disabled={roles.length === 0} onClick={() => setAsking(true)}>
            {t('team.saveRoles')}
          </Button>
        ) : null}
        <ReasonDialog
          open={asking}
          danger={false}
          title={t('team.rolesTitle', { username: member.username })}
          confirmLabel={t('team.saveRoles')}
          onClose={() => setAsking(false)}
          onConfirm={async (reason) => {
            await session.api.call('admin.setStaffRoles', { params, body: { roles, reason } });
            toaster.show(t('team.rolesAsked'), { tone: 'success' });
            onChanged();
          }}
        >
          <p>{t('team.rolesLead')}</p>
        </ReasonDialog>
      </td>
      <td>{member.totpEnabled ? t('team.totpOn') : t('team.totpOff')}</td>
      <td>
        <Status status={member.disabled ? 'disabled' : 'active'} />
        <div className={pageStyles.muted}>
          {formatDateTime(member.createdAt)}
          {creator ? ` · ${t('team.createdBy', { username: creator })}` : ''}
        </div>
        <div className={pageStyles.muted}>{t('team.sessions', { count: member.sessions })}</div>
      </td>
      <td>
        <div className={pageStyles.row}>
          {member.disabled ? (
            <Button
              size="small"
              variant="secondary"
              loading={running === 'enable'}
              onClick={() =>
                void act('enable', () => session.api.call('admin.enableStaff', { params }), t('team.enabled'))
              }
            >
              {t('team.enable')}
            </Button>
          ) : (
            <Button
              size="small"
              variant="danger"
              disabled={self}
              loading={running === 'disable'}
              onClick={() =>
                void act(
                  'disable',
                  () => session.api.call('admin.disableStaff', { params }),
                  t('team.disabled'),
                )
              }
            >
              {t('team.disable')}
            </Button>
          )}
          <Button
            size="small"
            variant="secondary"
            disabled={!member.totpEnabled || !member.email}
            loading={running === 'totp'}
            onClick={() =>
              void act(
                'totp',
                () => session.api.call('admin.resetStaffTotp', { params }),
                t('team.totpReset'),
              )
            }
          >
            {t('team.resetTotp')}
          </Button>
          <Button
            size="small"
            variant="secondary"
            disabled={member.disabled || !member.email}
            loading={running === 'password'}
            onClick={() =>
              void run(async () => {
                const sent = await session.api.call('admin.resetStaffPassword', { params });
                toaster.show(t('team.linkSent', { to: sent.sentTo }), { tone: 'success' });
              }, 'password')
            }
          >
            {t('team.resetPassword')}
          </Button>
          <Button
            size="small"
            variant="secondary"
            disabled={member.sessions === 0 || self}
            loading={running === 'sessions'}
            onClick={() =>
              void act(
                'sessions',
                () => session.api.call('admin.revokeStaffSessions', { params }),
                t('team.sessionsEnded'),
              )
            }
          >
            {t('team.endSessions')}
          </Button>
        </div>
        <FormAlert message={failure} />
      </td>
    </tr>
  );
}

/**
 * Staff management (admins): members, their roles, two-factor and sessions; add a member (a temporary
 * password they replace at first sign-in), ask for a role change (a second admin approves it), disable,
 * reset two-factor, send a password reset link, end sessions.
 */
export const Team = observer(function Team() {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const members = useLoad(() => session.api.call('admin.staffList'), [session]);
  return (
    <Page title={t('team.title')} lead={t('team.lead')}>
      <Section title={t('team.add')} id="team-add">
        <CreateStaff onCreated={members.reload} />
      </Section>
      <Section title={t('team.members')} id="team-members">
        <LoadView state={members} t={t} keepDataOnError>
          {(list) => (
            <div className={pageStyles.tableWrap}>
              <table className={pageStyles.table}>
                <thead>
                  <tr>
                    <th scope="col">{t('team.username')}</th>
                    <th scope="col">{t('team.roles')}</th>
                    <th scope="col">{t('team.totp')}</th>
                    <th scope="col">{t('fields.status')}</th>
                    <th scope="col">{t('fields.actions')}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((member) => (
                    <MemberRow
                      key={`${member.staffId}:${member.roles.join()}`}
                      member={member}
                      creator={list.find((other) => other.staffId === member.createdBy)?.username ?? null}
                      onChanged={members.reload}
                    />
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
