import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button, passkeyAssertion, passkeyCancelled, passkeysSupported } from '@swx/shared';
import { passApi } from '../../api';
import { FormAlert } from '../../components/fields/form-alert';
import { continueSignIn } from '../../components/session';

/**
 * Sign-in with a passkey alone (a discoverable credential, user verification required): the browser
 * offers the passkeys it holds for this site, and the one chosen names the account.
 */
export function PasskeySignIn({
  api = passApi,
}: {
  api?: Pick<typeof passApi, 'passkeyOptions' | 'passkeyLogin'>;
}) {
  const { t } = useTranslation('pass');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  if (!passkeysSupported()) return null;

  const signIn = async () => {
    setBusy(true);
    setError(null);
    try {
      const ceremony = await api.passkeyOptions();
      const response = await passkeyAssertion(ceremony);
      const result = await api.passkeyLogin({ ceremonyId: ceremony.ceremonyId, response });
      continueSignIn(result, navigate, searchParams.get('redirect'));
    } catch (failure) {
      if (!passkeyCancelled(failure)) setError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      <Button variant="secondary" fullWidth loading={busy} onClick={() => void signIn()}>
        {t('passkey.signIn')}
      </Button>
      <FormAlert error={error} />
    </div>
  );
}
