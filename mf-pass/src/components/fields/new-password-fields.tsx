import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { StrengthMeter, usePasswordStrength } from '@swx/shared';
import type { FormStore } from '../form/form-store';
import { PasswordField } from './password-field';

/**
 * Choosing a password: the password with its policy hint and its strength as typed (the server refuses a
 * guessable one with 11012), then the confirmation. `userInputs` are the customer's own words (username,
 * e-mail) a password must not be built from.
 */
function NewPasswordFieldsView<F extends string>({
  store,
  password,
  confirmPassword,
  register,
  passwordLabel,
  userInputs,
}: {
  store: FormStore<F>;
  password: F;
  confirmPassword: F;
  register: (field: F) => (input: HTMLInputElement | null) => void;
  passwordLabel: string;
  userInputs: string[];
}) {
  const { t } = useTranslation('pass');
  const strength = usePasswordStrength(store.values[password], userInputs);
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
      <StrengthMeter strength={strength} />
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

// An observer so the strength follows the password as it is typed; the cast keeps the field-name generic.
export const NewPasswordFields = observer(NewPasswordFieldsView) as typeof NewPasswordFieldsView;
