import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@swx/shared';
import type { SocialProviderList } from '@swx/shared/contract';
import { FormAlert } from '../components/fields/form-alert';
import { safeRedirect } from '../components/redirect/redirect';
import { socialApi, type SocialApi } from './social-api';
import styles from './social-buttons.module.css';

/**
 * "Continue with …" for every provider the server has configured; nothing at all when there is none (no dead
 * buttons). `returnTo` is where the customer lands after the provider.
 */
export function SocialButtons({
  returnTo,
  api = socialApi,
  go = (url) => window.location.assign(url),
}: {
  returnTo?: string | null;
  api?: SocialApi;
  /** Leaves for the provider's page (replaced in tests: jsdom cannot navigate). */
  go?: (url: string) => void;
}) {
  const { t } = useTranslation('pass');
  const [providers, setProviders] = useState<SocialProviderList>([]);
  const [starting, setStarting] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    let live = true;
    // Without the list the page still works with a password: a failure here shows no buttons.
    api.providers().then(
      (list) => live && setProviders(list),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api]);

  if (providers.length === 0) return null;

  const start = async (name: string) => {
    setStarting(name);
    setError(null);
    try {
      const { authorizationUrl } = await api.start(name, safeRedirect(returnTo));
      go(authorizationUrl);
    } catch (failure) {
      setError(failure);
      setStarting(null);
    }
  };

  return (
    <div className={styles.social}>
      <p className={styles.divider}>{t('social.or')}</p>
      <FormAlert error={error} />
      {providers.map((provider) => (
        <Button
          key={provider.name}
          type="button"
          variant="secondary"
          fullWidth
          loading={starting === provider.name}
          disabled={starting !== null}
          onClick={() => void start(provider.name)}
        >
          {t('social.continueWith', { provider: provider.label })}
        </Button>
      ))}
    </div>
  );
}
