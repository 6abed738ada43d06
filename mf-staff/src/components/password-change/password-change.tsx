import { useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, StrengthMeter, TextField, usePasswordStrength } from '@swx/shared';
import { passwordUserInputs, type StaffMe } from '@swx/shared/contract';
import { FormAlert, useAction } from '../action';
import { useStaffStrings } from '../../i18n';
import { useStaffSession } from '../../session';
import { pageStyles } from '../page';

/** The shape the server asks of a staff password (10 to 256 characters, letters and digits), or a key why not. */
export function newPasswordProblem(password: string, confirmation: string): string | null {
  if (password.length < 10 || password.length > 256) return 'password.length';
  if (!/[A-Za-z]/.test(password) || !/[0-9]/.test(password)) return 'password.mix';
  if (password !== confirmation) return 'password.mismatch';
  return null;
}

/**
 * The new password twice, with its strength shown as typed: judged as the server judges it (zxcvbn, with the
 * member's username and e-mail as user inputs, 11012 below the score it needs).
 */
export function NewPasswordFields({
  password,
  confirmation,
  onPassword,
  onConfirmation,
  who,
}: {
  password: string;
  confirmation: string;
  onPassword: (value: string) => void;
  onConfirmation: (value: string) => void;
  who: { username?: string | undefined; email?: string | null | undefined };
}) {
  const { t } = useStaffStrings();
  const strength = usePasswordStrength(
    password,
    passwordUserInputs({ username: who.username, email: who.email ?? undefined }),
  );
  return (
    <>
      <TextField
        label={t('password.new')}
        hint={t('password.hint')}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => onPassword(event.target.value)}
        required
      />
      <StrengthMeter strength={strength} />
      <TextField
        label={t('password.confirm')}
        type="password"
        autoComplete="new-password"
        value={confirmation}
        onChange={(event) => onConfirmation(event.target.value)}
        required
      />
    </>
  );
}

/**
 * The member's own password change: the current password, then a new one. Other sessions end on the server;
 * this one stays and the member's record (no longer on a temporary password) comes back.
 */
export const PasswordChangeForm = observer(function PasswordChangeForm({
  onChanged,
  submitLabel,
}: {
  onChanged: (me: StaffMe) => void;
  submitLabel: string;
}) {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const { busy, failure, setFailure, run } = useAction();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = newPasswordProblem(password, confirmation);
    if (problem) {
      setFailure(t(problem));
      return;
    }
    await run(async () => {
      const me = await session.api.call('admin.changePassword', {
        body: { currentPassword: current, newPassword: password },
      });
      setCurrent('');
      setPassword('');
      setConfirmation('');
      onChanged(me);
    });
  };

  return (
    <form onSubmit={(event) => void submit(event)} className={pageStyles.page} noValidate>
      <TextField
        label={t('password.current')}
        type="password"
        autoComplete="current-password"
        value={current}
        onChange={(event) => setCurrent(event.target.value)}
        required
      />
      <NewPasswordFields
        password={password}
        confirmation={confirmation}
        onPassword={setPassword}
        onConfirmation={setConfirmation}
        who={{ username: session.me?.username, email: session.me?.email }}
      />
      <FormAlert message={failure} />
      <div>
        <Button type="submit" loading={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
});
