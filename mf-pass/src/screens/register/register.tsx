import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordUserInputs } from '@swx/shared/contract';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '@swx/shared';
import { passApi } from '../../api';
import { CodeField } from '../../components/fields/code-field';
import { EmailField } from '../../components/fields/email-field';
import { FormAlert } from '../../components/fields/form-alert';
import { FormField } from '../../components/fields/form-field';
import { NewPasswordFields } from '../../components/fields/new-password-fields';
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
        <CodeField
          store={store.form}
          field="code"
          inputRef={register('code')}
          sender={store.codeSender}
          onSend={focusAfter(() => store.sendCode())}
          required
        />
        <FormField
          store={store.form}
          field="inviteCode"
          inputRef={register('inviteCode')}
          label={t('fields.inviteCode')}
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={32}
        />
        <FormAlert error={store.submission.formError} />
        <Button className={fieldStyles.submit} type="submit" fullWidth loading={store.submission.submitting}>
          {store.submission.submitting ? t('register.submitting') : t('register.submit')}
        </Button>
      </form>
      <WalletSignIn />
      <SocialButtons returnTo={redirect} />
    </PassLayout>
  );
});
