import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { Button, TextField, passkeyAssertion, passkeyCancelled } from '@swx/shared';
import { passApi } from '../../api';
import { FormAlert } from '../../components/fields/form-alert';
import fieldStyles from '../../components/fields/fields.module.css';
import { PassLayout } from '../../components/pass-layout/pass-layout';
import { continueSignIn, type SecondFactorState } from '../../components/session';

function isSecondFactorState(state: unknown): state is SecondFactorState {
  return typeof state === 'object' && state !== null && 'secondFactor' in state;
}

/**
 * `/pass/2fa`: the second step of a sign-in with two-factor on, whichever first step asked (password,
 * wallet, provider). A code from the authenticator app, a recovery code, or a passkey; the ticket lives in
 * the history entry's state only, so a reload without it goes back to the sign-in page.
 */
export function SecondFactorScreen({
  api = passApi,
}: {
  api?: Pick<typeof passApi, 'secondFactor' | 'secondFactorPasskey'>;
}) {
  const { t } = useTranslation('pass');
  const navigate = useNavigate();
  const { state } = useLocation();
  const challenge = isSecondFactorState(state) ? state : null;
  const methods = challenge?.secondFactor.methods ?? [];
  const [method, setMethod] = useState<'totp' | 'recovery'>(methods.includes('totp') ? 'totp' : 'recovery');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  if (!challenge) return <Navigate to="/pass/login" replace />;
  const { ticket } = challenge.secondFactor;

  const finish = async (work: () => Promise<Parameters<typeof continueSignIn>[0]>) => {
    setBusy(true);
    setError(null);
    try {
      continueSignIn(await work(), navigate, challenge.redirect);
    } catch (failure) {
      if (!passkeyCancelled(failure)) setError(failure);
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void finish(() => api.secondFactor({ ticket, method, code: code.trim() }));
  };

  const answerWithPasskey = () =>
    finish(async () => {
      const ceremony = await api.secondFactorPasskey(ticket);
      const response = await passkeyAssertion(ceremony);
      return api.secondFactor({
        ticket,
        method: 'passkey',
        passkey: { ceremonyId: ceremony.ceremonyId, response },
      });
    });

  const hasCodes = methods.includes('totp');
  return (
    <PassLayout title={t('secondFactor.title')} subtitle={t('secondFactor.subtitle')}>
      {hasCodes ? (
        <form className={fieldStyles.form} noValidate onSubmit={submit}>
          <TextField
            label={method === 'totp' ? t('secondFactor.totpLabel') : t('secondFactor.recoveryLabel')}
            hint={method === 'totp' ? t('secondFactor.totpHint') : t('secondFactor.recoveryHint')}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete="one-time-code"
            inputMode={method === 'totp' ? 'numeric' : 'text'}
            autoCapitalize="none"
            spellCheck={false}
            required
          />
          <FormAlert error={error} />
          <Button className={fieldStyles.submit} type="submit" fullWidth loading={busy}>
            {t('secondFactor.submit')}
          </Button>
          <button
            type="button"
            className={fieldStyles.linkButton}
            onClick={() => {
              setMethod(method === 'totp' ? 'recovery' : 'totp');
              setCode('');
            }}
          >
            {method === 'totp' ? t('secondFactor.useRecovery') : t('secondFactor.useTotp')}
          </button>
        </form>
      ) : (
        <FormAlert error={error} />
      )}
      {methods.includes('passkey') ? (
        <Button
          variant={hasCodes ? 'secondary' : 'primary'}
          fullWidth
          loading={busy}
          onClick={() => void answerWithPasskey()}
        >
          {t('secondFactor.usePasskey')}
        </Button>
      ) : null}
      <p className={fieldStyles.note}>{t('secondFactor.lostAll')}</p>
      <Link className={fieldStyles.link} to="/pass/login">
        {t('social.backToLogin')}
      </Link>
    </PassLayout>
  );
}
