import { useTranslation } from 'react-i18next';
import type { FormStore } from '../form/form-store';
import { PasswordField } from './password-field';

/** Choosing a password: the password with its policy hint, then the confirmation. */
export function NewPasswordFields<F extends string>({
  store,
  password,
  confirmPassword,
  register,
  passwordLabel,
}: {
  store: FormStore<F>;
  password: F;
  confirmPassword: F;
  register: (field: F) => (input: HTMLInputElement | null) => void;
  passwordLabel: string;
}) {
  const { t } = useTranslation('pass');
  return (
    <>
      <PasswordField
        store={store}
        field={password}
        inputRef={register(password)}
        label={passwordLabel}
        hint={t('fields.passwordHint')}
        autoComplete="new-password"
        maxLength={64}
        required
      />
      <PasswordField
        store={store}
        field={confirmPassword}
        inputRef={register(confirmPassword)}
        label={t('fields.confirmPassword')}
        autoComplete="new-password"
        maxLength={64}
        required
      />
    </>
  );
}
