import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '@swx/shared';
import type { SuccessCode } from '@swx/shared/contract';
import { passApi } from '../../api';
import { FormAlert } from '../../components/fields/form-alert';
import { FormField } from '../../components/fields/form-field';
import { PasswordField } from '../../components/fields/password-field';
import fieldStyles from '../../components/fields/fields.module.css';
import { useFieldFocus } from '../../components/form/use-field-focus';
import { PassLayout } from '../../components/pass-layout/pass-layout';
import { SocialButtons } from '../../social';
import { continueSignIn } from '../../components/session';
import { PasskeySignIn } from './passkey-sign-in';
import { LoginStore, type LoginField } from './login-store';
import { WalletSignIn } from '../../wallet';

/** What the reset page hands over after a new password was saved. */
export interface LoginNotice {
  successCode: SuccessCode;
  account: string;
}

function isLoginNotice(state: unknown): state is LoginNotice {
  return typeof state === 'object' && state !== null && 'successCode' in state && 'account' in state;
}

export const LoginScreen = observer(function LoginScreen() {
  const { t } = useTranslation('pass');
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const notice = isLoginNotice(location.state) ? location.state : null;
  const [store] = useState(
    () =>
      new LoginStore(
        passApi,
        (result) => continueSignIn(result, navigate, searchParams.get('redirect')),
        notice?.account ?? '',
      ),
  );
  const { register, submitHandler } = useFieldFocus<LoginField>();
  // Signing up instead keeps the way back (and an invite code) of this visit.
  const query = searchParams.toString() ? `?${searchParams.toString()}` : '';

  // The sign-in itself moves on (into the session, or to the second-factor page).
  const onSubmit = submitHandler(
    () => store.submit(),
    () => undefined,
  );

  return (
    <PassLayout
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      footer={
        <>
          <span className={fieldStyles.links}>
            {t('login.noAccount')}
            <Link className={fieldStyles.link} to={`/pass/register${query}`}>
              {t('login.toRegister')}
            </Link>
          </span>
          <Link className={fieldStyles.link} to="/pass/reset">
            {t('login.forgot')}
          </Link>
        </>
      }
    >
      {notice ? (
        <p className={fieldStyles.notice} role="status">
          <strong>{t(`codes.${notice.successCode}`)}</strong> {t('login.passwordChanged')}
        </p>
      ) : null}
      <form className={fieldStyles.form} noValidate onSubmit={onSubmit}>
        <FormField
          store={store.form}
          field="account"
          inputRef={register('account')}
          label={t('fields.account')}
          placeholder={t('fields.accountPlaceholder')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
        />
        <PasswordField
          store={store.form}
          field="password"
          inputRef={register('password')}
          label={t('fields.password')}
          autoComplete="current-password"
          required
        />
        <FormAlert error={store.submission.formError} />
        <Button className={fieldStyles.submit} type="submit" fullWidth loading={store.submission.submitting}>
          {store.submission.submitting ? t('login.submitting') : t('login.submit')}
        </Button>
      </form>
      <PasskeySignIn />
      <WalletSignIn />
      <SocialButtons returnTo={searchParams.get('redirect')} />
    </PassLayout>
  );
});
