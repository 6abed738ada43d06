import { useState } from 'react';
import {
  Button,
  TextField,
  formatDateTime,
  passkeyRegistration,
  passkeysSupported,
  toaster,
} from '@swx/shared';
import type { Passkey } from '@swx/shared/contract';
import { formStyles } from '../../components/form';
import { Section } from '../../components/page';
import { useAccountStrings } from '../../i18n';
import type { SecurityApi } from './security-api';
import { useAction } from './use-action';
import styles from './security.module.css';

/**
 * Passkeys: sign in with the phone's or computer's screen lock instead of a password (or as the second
 * factor). Adding and removing one needs a fresh second factor; each is named by the customer.
 */
export function PasskeysSection({
  api,
  passkeys,
  stepUp,
  onChanged,
}: {
  api: SecurityApi;
  passkeys: Passkey[];
  stepUp: <T>(action: () => Promise<T>) => Promise<T>;
  onChanged: (list: Passkey[]) => void;
}) {
  const { t } = useAccountStrings();
  const { busy, run, alert } = useAction();
  const [name, setName] = useState('');
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const supported = passkeysSupported();

  const add = () =>
    run('add', async () => {
      const ceremony = await stepUp(() => api.passkeyOptions());
      const response = await passkeyRegistration(ceremony);
      onChanged(
        await stepUp(() => api.addPasskey({ ceremonyId: ceremony.ceremonyId, response }, name.trim())),
      );
      setName('');
      toaster.show(t('security.passkeys.added'), { tone: 'success' });
    });
  const rename = () =>
    renaming &&
    run(`rename-${renaming.id}`, async () => {
      onChanged(await api.renamePasskey(renaming.id, renaming.name.trim()));
      setRenaming(null);
    });
  const remove = (id: string) =>
    run(`remove-${id}`, async () => onChanged(await stepUp(() => api.removePasskey(id))));

  return (
    <Section title={t('security.passkeys.title')} id="security-passkeys">
      <p className={styles.intro}>{t('security.passkeys.intro')}</p>
      {passkeys.length === 0 ? <p className={styles.muted}>{t('security.passkeys.none')}</p> : null}
      <ul className={styles.list}>
        {passkeys.map((passkey) => (
          <li key={passkey.id} className={styles.item} data-testid="passkey">
            {renaming?.id === passkey.id ? (
              <div className={formStyles.form}>
                <TextField
                  label={t('security.passkeys.name')}
                  value={renaming.name}
                  maxLength={40}
                  onChange={(event) => setRenaming({ id: passkey.id, name: event.target.value })}
                />
                <div className={styles.actions}>
                  <Button
                    size="small"
                    loading={busy === `rename-${passkey.id}`}
                    onClick={() => void rename()}
                  >
                    {t('security.passkeys.save')}
                  </Button>
                  <Button size="small" variant="ghost" onClick={() => setRenaming(null)}>
                    {t('actions.cancel')}
                  </Button>
                </div>
              </div>
            ) : (
              <>
                <span className={styles.detail}>
                  <strong>{passkey.name}</strong>
                  <span className={styles.muted}>
                    {t('security.passkeys.created', { date: formatDateTime(passkey.createdAt) })}
                    {' · '}
                    {passkey.lastUsedAt
                      ? t('security.passkeys.lastUsed', { date: formatDateTime(passkey.lastUsedAt) })
                      : t('security.passkeys.neverUsed')}
                  </span>
                </span>
                <span className={styles.actions}>
                  <Button
                    size="small"
                    variant="ghost"
                    onClick={() => setRenaming({ id: passkey.id, name: passkey.name })}
                  >
                    {t('security.passkeys.rename')}
                  </Button>
                  <Button
                    size="small"
                    variant="ghost"
                    loading={busy === `remove-${passkey.id}`}
                    aria-label={t('security.passkeys.removeNamed', { name: passkey.name })}
                    onClick={() => void remove(passkey.id)}
                  >
                    {t('security.passkeys.remove')}
                  </Button>
                </span>
              </>
            )}
          </li>
        ))}
      </ul>
      {supported ? (
        <div className={formStyles.form}>
          <TextField
            label={t('security.passkeys.newName')}
            hint={t('security.passkeys.newNameHint')}
            value={name}
            maxLength={40}
            onChange={(event) => setName(event.target.value)}
          />
          {alert}
          <Button loading={busy === 'add'} disabled={name.trim() === ''} onClick={() => void add()}>
            {t('security.passkeys.add')}
          </Button>
        </div>
      ) : (
        <p className={styles.muted}>{t('security.passkeys.unsupported')}</p>
      )}
    </Section>
  );
}
