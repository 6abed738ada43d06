import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '@swx/shared';
import { passApi } from '../api';
import { CodeField } from '../components/fields/code-field';
import { EmailField } from '../components/fields/email-field';
import { FormAlert } from '../components/fields/form-alert';
import { FormField } from '../components/fields/form-field';
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
        {store.submission.submitting ? t('wallet.signUpSubmitting') : t('wallet.signUpSubmit')}
      </Button>
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
