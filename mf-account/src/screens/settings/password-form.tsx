import { useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import {
  Button,
  StrengthMeter,
  TextField,
  isApiError,
  isStepUpCancelled,
  messageForError,
  usePasswordStrength,
  useRootStore,
  useStepUp,
} from '@swx/shared';
import { passwordUserInputs } from '@swx/shared/contract';
import { accountApi } from '../../api';
import {
  confirmPasswordProblem,
  currentPasswordProblem,
  formStyles,
  newPasswordProblem,
  problemText,
  type Problem,
} from '../../components/form';
import { useAccountStrings } from '../../i18n';
import { errors } from '@swx/shared/contract';

type Field = 'oldPassword' | 'password' | 'confirmPassword';

export function validatePasswordChange(values: Record<Field, string>): Partial<Record<Field, Problem>> {
  const problems: Partial<Record<Field, Problem>> = {};
  const oldPassword = currentPasswordProblem(values.oldPassword);
  const password = newPasswordProblem(values.password);
  const confirmPassword = confirmPasswordProblem(values.confirmPassword, values.password);
  if (oldPassword) problems.oldPassword = oldPassword;
  if (password) problems.password = password;
  if (confirmPassword) problems.confirmPassword = confirmPassword;
  return problems;
}

/**
 * Change password (signed in): the current password proves it is the customer; other sessions end. The new
 * password's strength is shown as typed, judged with the customer's own username and e-mail as the server
 * judges it (11012 when too easy to guess).
 */
export const PasswordForm = observer(function PasswordForm() {
  const { t } = useAccountStrings();
  const { session } = useRootStore();
  const [values, setValues] = useState<Record<Field, string>>({
    oldPassword: '',
    password: '',
    confirmPassword: '',
  });
  const [problems, setProblems] = useState<Partial<Record<Field, Problem>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const userInfo = session.userInfo;
  // Changing the password is sensitive: a fresh second factor first, asked in place.
  const stepUp = useStepUp();
  const strength = usePasswordStrength(
    values.password,
    passwordUserInputs({ username: userInfo?.username, email: userInfo?.email }),
  );

  const set = (field: Field) => (event: { target: { value: string } }) => {
    setValues((previous) => ({ ...previous, [field]: event.target.value }));
    setProblems((previous) => ({ ...previous, [field]: undefined }));
    setDone(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    setDone(null);
    const found = validatePasswordChange(values);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const code = await stepUp.run(() => accountApi.changePassword(values));
      setValues({ oldPassword: '', password: '', confirmPassword: '' });
      setDone(t(`codes.${code}`, { ns: 'common' }));
    } catch (error) {
      if (isStepUpCancelled(error)) return;
      if (isApiError(error) && error.code === errors.passwordIncorrect)
        setProblems({ oldPassword: { key: `common:codes.${errors.passwordIncorrect}` } });
      else if (isApiError(error) && error.code === errors.passwordGuessable)
        setProblems({ password: { key: `common:codes.${errors.passwordGuessable}` } });
      else setFormError(messageForError(error, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <form className={formStyles.form} onSubmit={submit} noValidate>
        <TextField
          type="password"
          autoComplete="current-password"
          label={t('settings.oldPassword')}
          value={values.oldPassword}
          onChange={set('oldPassword')}
          error={problemText(problems.oldPassword, t)}
          required
        />
        <TextField
          type="password"
          autoComplete="new-password"
          label={t('settings.newPassword')}
          hint={t('settings.passwordHint')}
          value={values.password}
          onChange={set('password')}
          error={problemText(problems.password, t)}
          required
        />
        <StrengthMeter strength={strength} />
        <TextField
          type="password"
          autoComplete="new-password"
          label={t('settings.confirmPassword')}
          value={values.confirmPassword}
          onChange={set('confirmPassword')}
          error={problemText(problems.confirmPassword, t)}
          required
        />
        {formError ? (
          <p className={formStyles.alert} role="alert">
            {formError}
          </p>
        ) : null}
        {done ? (
          <p className={formStyles.success} role="status">
            {done}
          </p>
        ) : null}
        <Button type="submit" loading={busy}>
          {t('settings.changePassword')}
        </Button>
      </form>
      {stepUp.dialog}
    </>
  );
});
