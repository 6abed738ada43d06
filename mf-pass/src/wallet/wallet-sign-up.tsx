import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { passApi } from '../api';
import { EmailField } from '../components/fields/email-field';
import { FormField } from '../components/fields/form-field';
import { SignUpFinish } from '../components/fields/sign-up-finish';
import fieldStyles from '../components/fields/fields.module.css';
import { useFieldFocus } from '../components/form/use-field-focus';
import { PassLayout } from '../components/pass-layout/pass-layout';
import { safeRedirect } from '../components/redirect/redirect';
import { startSession } from '../components/session';
import { walletApi } from './wallet-api';
import type { WalletSignUpState } from './wallet-sign-in';
import { WalletSignUpStore, type WalletSignUpField } from './wallet-sign-up-store';
import styles from './wallet.module.css';

function signUpOf(state: unknown): WalletSignUpState['signUp'] | null {
  const signUp = (state as Partial<WalletSignUpState> | null)?.signUp;
  return signUp && typeof signUp.ticket === 'string' && typeof signUp.address === 'string' ? signUp : null;
}

const SignUpForm = observer(function SignUpForm({ signUp }: { signUp: WalletSignUpState['signUp'] }) {
  const { t } = useTranslation('pass');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [store] = useState(
    () =>
      new WalletSignUpStore(
        signUp.ticket,
        walletApi,
        (email) => passApi.sendCode(email, 'register'),
        startSession,
        searchParams.get('invite') ?? '',
      ),
  );
  useEffect(() => () => store.dispose(), [store]);
  const { register, submitHandler, focusAfter } = useFieldFocus<WalletSignUpField>();
  const onSubmit = submitHandler(
    () => store.submit(),
    () => navigate(safeRedirect(searchParams.get('redirect')), { replace: true }),
  );

  return (
    <form className={fieldStyles.form} noValidate onSubmit={onSubmit}>
      <p className={fieldStyles.notice}>
        {t('wallet.signUpWallet')} <span className={styles.address}>{signUp.address}</span>
      </p>
      <FormField
        store={store.form}
        field="username"
        inputRef={register('username')}
        label={t('fields.username')}
        hint={t('fields.usernameHint')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={64}
        required
      />
      <EmailField store={store.form} field="email" inputRef={register('email')} />
      <SignUpFinish
        store={store}
        register={register}
        onSendCode={focusAfter(() => store.sendCode())}
        submitText={t('wallet.signUpSubmit')}
        submittingText={t('wallet.signUpSubmitting')}
      />
    </form>
  );
});

/**
 * `/pass/wallet`: the account for a wallet that signed in for the first time. The sign-up ticket comes
 * from the sign-in pages in the history state; without one (opened directly) the page says to sign in again.
 */
export function WalletSignUpScreen() {
  const { t } = useTranslation('pass');
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const signUp = signUpOf(location.state);
  const query = searchParams.toString() ? `?${searchParams.toString()}` : '';
  return (
    <PassLayout
      title={t('wallet.signUpTitle')}
      subtitle={t('wallet.signUpSubtitle')}
      footer={
        <span className={fieldStyles.links}>
          {t('wallet.haveAccount')}
          <Link className={fieldStyles.link} to={`/pass/login${query}`}>
            {t('wallet.toLogin')}
          </Link>
        </span>
      }
    >
      {signUp ? (
        <SignUpForm signUp={signUp} />
      ) : (
        <p className={fieldStyles.alert} role="alert">
          {t('wallet.signUpMissing')}
        </p>
      )}
    </PassLayout>
  );
}
