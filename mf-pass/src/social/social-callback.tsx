import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { Button, TextField } from '@swx/shared';
import type { SignInResult, SocialCallbackResult } from '@swx/shared/contract';
import { FormAlert } from '../components/fields/form-alert';
import fieldStyles from '../components/fields/fields.module.css';
import { PassLayout } from '../components/pass-layout/pass-layout';
import { safeRedirect } from '../components/redirect/redirect';
import { continueSignIn, startSession } from '../components/session';
import { socialApi, type SocialApi } from './social-api';

type Step =
  | { outcome: 'working' }
  | { outcome: 'failed'; error: unknown }
  | Extract<SocialCallbackResult, { outcome: 'chooseUsername' | 'confirmLink' }>;

/**
 * The return page of a social sign-in (`/api/loginCallback/{provider}`, no chrome). It hands the provider's
 * answer to the server once, then signs in, asks for a username (new identity) or the existing account's
 * password (verified e-mail already ours), and lands where the customer started. A failure shows the
 * translated code only: nothing from the URL is ever displayed.
 */
export function SocialCallback({ api = socialApi }: { api?: SocialApi }) {
  const { t } = useTranslation('pass');
  const { provider = '' } = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ outcome: 'working' });
  const providerLabel = useKnownProviderLabel(api, provider);
  // The answer's state is single-use: a second effect run (React strict mode) must not send it again.
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    api.finish(provider, search).then(
      (result) => {
        if (result.outcome === 'signedIn') {
          startSession(result);
          navigate(safeRedirect(result.returnTo), { replace: true });
        } else if (result.outcome === 'secondFactor') {
          continueSignIn({ secondFactor: result.secondFactor }, navigate, result.returnTo);
        } else if (result.outcome === 'linked') {
          navigate(safeRedirect(result.returnTo), { replace: true });
        } else {
          setStep(result);
        }
      },
      (error: unknown) => setStep({ outcome: 'failed', error }),
    );
  }, [api, provider, search, navigate]);

  const signedIn = (result: SignInResult, returnTo: string) => continueSignIn(result, navigate, returnTo);

  if (step.outcome === 'working')
    return (
      <PassLayout title={t('social.workingTitle')}>
        <p role="status">
          {providerLabel ? t('social.workingWith', { provider: providerLabel }) : t('social.working')}
        </p>
      </PassLayout>
    );
  if (step.outcome === 'failed')
    return (
      <PassLayout title={t('social.failedTitle')}>
        <FormAlert error={step.error} />
        <Link className={fieldStyles.link} to="/pass/login">
          {t('social.backToLogin')}
        </Link>
      </PassLayout>
    );
  if (step.outcome === 'chooseUsername')
    return (
      <SecretStep
        title={t('social.chooseTitle')}
        intro={step.email ? t('social.chooseIntroEmail', { email: step.email }) : t('social.chooseIntro')}
        label={t('fields.username')}
        hint={t('fields.usernameHint')}
        type="text"
        autoComplete="username"
        submit={t('social.createAccount')}
        onSubmit={async (username) => signedIn(await api.register(step.ticket, username), step.returnTo)}
      />
    );
  return (
    <SecretStep
      title={t('social.confirmTitle')}
      intro={t('social.confirmIntro', { email: step.email })}
      label={t('fields.password')}
      type="password"
      autoComplete="current-password"
      submit={t('social.confirmSubmit')}
      onSubmit={async (password) => signedIn(await api.confirmLink(step.ticket, password), step.returnTo)}
    />
  );
}

/**
 * The provider's name as the server lists it ("Google"), or null while unknown. The path segment itself
 * is never shown: anyone can craft a link to this page with any text in it.
 */
function useKnownProviderLabel(api: SocialApi, provider: string): string | null {
  const [label, setLabel] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    api.providers().then(
      (list) => {
        const known = list.find((entry) => entry.name.toLowerCase() === provider.toLowerCase());
        if (live) setLabel(known ? known.label : null);
      },
      () => undefined, // the generic text stays
    );
    return () => {
      live = false;
    };
  }, [api, provider]);
  return label;
}

interface SecretStepProps {
  title: string;
  intro: string;
  label: string;
  hint?: string;
  type: 'text' | 'password';
  autoComplete: string;
  submit: string;
  onSubmit: (value: string) => Promise<void>;
}

/** One field and a button: the username for a new account, or the password that confirms a link. */
function SecretStep({ title, intro, label, hint, type, autoComplete, submit, onSubmit }: SecretStepProps) {
  const { t } = useTranslation('pass');
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const send = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onSubmit(value);
    } catch (failure) {
      setError(failure);
      setBusy(false);
    }
  };
  return (
    <PassLayout title={title}>
      <p>{intro}</p>
      <form className={fieldStyles.form} noValidate onSubmit={(event) => void send(event)}>
        <TextField
          label={label}
          hint={hint}
          type={type}
          name={type === 'password' ? 'password' : 'username'}
          autoComplete={autoComplete}
          autoCapitalize="none"
          spellCheck={false}
          required
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
        <FormAlert error={error} />
        <Button className={fieldStyles.submit} type="submit" fullWidth loading={busy}>
          {submit}
        </Button>
      </form>
      <Link className={fieldStyles.link} to="/pass/login">
        {t('social.backToLogin')}
      </Link>
    </PassLayout>
  );
}
