import { useEffect, useState } from 'react';
import { Button, isStepUpCancelled, messageForError, toaster, useStepUp } from '@swx/shared';
import type { SocialIdentities } from '@swx/shared/contract';
import { Section } from '../../../components/page';
import { useAccountStrings } from '../../../i18n';
import { socialSettingsApi, type SocialSettingsApi } from './social-api';
import styles from './social-sign-in.module.css';

/**
 * Settings: the providers linked for signing in, a way to link the others and to remove one. The last
 * sign-in method cannot be removed (a password counts as one); the server enforces it, the page says so.
 * Nothing shows when no provider is configured and none is linked.
 */
export function SocialSignIn({ api = socialSettingsApi }: { api?: SocialSettingsApi }) {
  const { t } = useAccountStrings();
  const [state, setState] = useState<SocialIdentities | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Linking and unlinking a provider are sensitive: a fresh second factor first, asked in place.
  const stepUp = useStepUp();

  useEffect(() => {
    let live = true;
    // Without the list the rest of settings still works: the section just stays away.
    api.identities().then(
      (identities) => live && setState(identities),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api]);

  if (!state || (state.identities.length === 0 && state.available.length === 0)) return null;
  const lastMethod = state.identities.length === 1 && !state.hasPassword;

  const run = async (key: string, action: () => Promise<void>) => {
    setBusy(key);
    setError(null);
    try {
      await action();
    } catch (failure) {
      if (!isStepUpCancelled(failure)) setError(messageForError(failure, t));
    } finally {
      setBusy(null);
    }
  };
  const unlink = (provider: string, label: string) =>
    run(provider, async () => {
      setState(await stepUp.run(() => api.unlink(provider)));
      toaster.show(t('social.removed', { provider: label }), { tone: 'success' });
    });
  const link = (provider: string) =>
    run(provider, async () => window.location.assign(await stepUp.run(() => api.link(provider))));

  return (
    <Section title={t('social.title')} id="settings-social">
      {state.identities.length === 0 ? <p className={styles.note}>{t('social.none')}</p> : null}
      <ul className={styles.list}>
        {state.identities.map((identity) => (
          <li key={identity.provider} className={styles.item}>
            <span className={styles.detail}>
              <strong>{identity.label}</strong>
              {identity.email ? <span className={styles.email}>{identity.email}</span> : null}
            </span>
            <Button
              variant="ghost"
              size="small"
              disabled={lastMethod || busy !== null}
              loading={busy === identity.provider}
              aria-label={t('social.removeProvider', { provider: identity.label })}
              onClick={() => void unlink(identity.provider, identity.label)}
            >
              {t('social.remove')}
            </Button>
          </li>
        ))}
      </ul>
      {lastMethod ? <p className={styles.note}>{t('social.lastMethod')}</p> : null}
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      {state.available.length > 0 ? (
        <div className={styles.actions}>
          {state.available.map((provider) => (
            <Button
              key={provider.name}
              variant="secondary"
              size="small"
              disabled={busy !== null}
              loading={busy === provider.name}
              onClick={() => void link(provider.name)}
            >
              {t('social.link', { provider: provider.label })}
            </Button>
          ))}
        </div>
      ) : null}
      {stepUp.dialog}
    </Section>
  );
}
