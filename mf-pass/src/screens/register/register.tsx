import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordUserInputs } from '@swx/shared/contract';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { passApi } from '../../api';
import { EmailField } from '../../components/fields/email-field';
import { FormField } from '../../components/fields/form-field';
import { NewPasswordFields } from '../../components/fields/new-password-fields';
import { SignUpFinish } from '../../components/fields/sign-up-finish';
import fieldStyles from '../../components/fields/fields.module.css';
import { useFieldFocus } from '../../components/form/use-field-focus';
import { PassLayout } from '../../components/pass-layout/pass-layout';
import { SocialButtons } from '../../social';
import { safeRedirect } from '../../components/redirect/redirect';
import { startSession } from '../../components/session';
import { AvailabilityHint } from './availability-hint';
import { RegisterStore, type RegisterField } from './register-store';
import { WalletSignIn } from '../../wallet';

export const RegisterScreen = observer(function RegisterScreen() {
  const { t } = useTranslation('pass');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // An invite link (`/pass/register?invite=K7M2QX9D`) fills the code in; the customer may still change it.
  const [store] = useState(() => new RegisterStore(passApi, startSession, searchParams.get('invite') ?? ''));
  const { register, submitHandler, focusAfter } = useFieldFocus<RegisterField>();
  useEffect(() => () => store.dispose(), [store]);
  const redirect = searchParams.get('redirect');
  const loginLink = redirect ? `/pass/login?redirect=${encodeURIComponent(redirect)}` : '/pass/login';

  const onSubmit = submitHandler(
    () => store.submit(),
    () => navigate(safeRedirect(redirect), { replace: true }),
  );

  const setter = (field: RegisterField) => (value: string) => store.setValue(field, value);

  return (
    <PassLayout
      title={t('register.title')}
      subtitle={t('register.subtitle')}
      footer={
        <span className={fieldStyles.links}>
          {t('register.haveAccount')}
          <Link className={fieldStyles.link} to={loginLink}>
            {t('register.toLogin')}
          </Link>
        </span>
      }
    >
      <form className={fieldStyles.form} noValidate onSubmit={onSubmit}>
        <FormField
          store={store.form}
          field="username"
          inputRef={register('username')}
          onValue={setter('username')}
          label={t('fields.username')}
          hint={
            <AvailabilityHint
              check={store.usernameCheck}
              availableText={t('availability.usernameAvailable')}
              fallback={t('fields.usernameHint')}
            />
          }
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={64}
          required
        />
        <EmailField
          store={store.form}
          field="email"
          inputRef={register('email')}
          onValue={setter('email')}
          hint={
            <AvailabilityHint check={store.emailCheck} availableText={t('availability.emailAvailable')} />
          }
        />
        <NewPasswordFields
          store={store.form}
          password="password"
          confirmPassword="confirmPassword"
          register={register}
          passwordLabel={t('fields.password')}
          userInputs={passwordUserInputs({
            username: store.form.values.username,
            email: store.form.values.email,
          })}
        />
        <SignUpFinish
          store={store}
          register={register}
          onSendCode={focusAfter(() => store.sendCode())}
          submitText={t('register.submit')}
          submittingText={t('register.submitting')}
        />
      </form>
      <WalletSignIn />
      <SocialButtons returnTo={redirect} />
    </PassLayout>
  );
});
