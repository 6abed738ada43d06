import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SecondFactorMethod, StepUpStatus } from '../contract/security';
import { getRootStore } from '../store/root-store';
import { messageForError } from '../i18n/error-messages';
import { Button } from '../ui/button';
import { Modal } from '../ui/modal';
import { TextField } from '../ui/text-field';
import { passkeyAssertion, passkeyCancelled } from './passkey';
import styles from './step-up-dialog.module.css';

export interface StepUpDialogProps {
  open: boolean;
  /** The proof was accepted: the action it guards can run now. */
  onConfirmed: () => void;
  onCancel: () => void;
}

/** Which code field a method has; a passkey has none. */
type CodeMethod = Exclude<SecondFactorMethod, 'passkey'>;

/**
 * Asks for a fresh second factor in place (the step-up of a sensitive action): a code from the
 * authenticator app, a recovery code, a passkey, or — for a customer with none of those — a code e-mailed
 * to them. Strings in the SDK's `common` namespace (`stepUp.*`), in every language.
 */
export function StepUpDialog(props: StepUpDialogProps) {
  // Mounted fresh at each opening: nothing typed for an earlier action is left in it.
  return props.open ? <StepUpForm {...props} /> : null;
}

function StepUpForm({ open, onConfirmed, onCancel }: StepUpDialogProps) {
  const { t } = useTranslation('common');
  const [status, setStatus] = useState<StepUpStatus | null>(null);
  const [method, setMethod] = useState<CodeMethod>('totp');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const api = getRootStore().api;

  useEffect(() => {
    let live = true;
    api.call('security.stepUpStatus').then(
      (found) => {
        if (!live) return;
        setStatus(found);
        setMethod(found.methods.includes('totp') ? 'totp' : 'email');
      },
      (failure: unknown) => live && setError(messageForError(failure, t)),
    );
    return () => {
      live = false;
    };
  }, [api, t]);

  const methods = status?.methods ?? [];
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      if (!passkeyCancelled(failure)) setError(messageForError(failure, t));
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The dialog is a portal: React would bubble its submit to a form the screen placed it in.
    event.stopPropagation();
    void run(async () => {
      await api.call('security.stepUp', { body: { method, code: code.trim() } });
      onConfirmed();
    });
  };

  const answerWithPasskey = () =>
    run(async () => {
      const started = await api.call('security.stepUpStart', { body: { method: 'passkey' } });
      if (!started.passkey) return;
      const response = await passkeyAssertion(started.passkey);
      await api.call('security.stepUp', {
        body: { method: 'passkey', passkey: { ceremonyId: started.passkey.ceremonyId, response } },
      });
      onConfirmed();
    });

  const sendEmail = () =>
    run(async () => {
      const started = await api.call('security.stepUpStart', { body: { method: 'email' } });
      setSentTo(started.sentTo);
    });

  const codeField =
    method === 'email' && !sentTo ? null : (
      <TextField
        label={t(`stepUp.codeLabel.${method}`)}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        autoComplete="one-time-code"
        inputMode={method === 'recovery' ? 'text' : 'numeric'}
        spellCheck={false}
        required
      />
    );

  return (
    <Modal open={open} onClose={onCancel} title={t('stepUp.title')} dismissOnBackdrop={false}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <p className={styles.intro}>
          {status ? t('stepUp.intro', { minutes: status.windowMinutes }) : t('stepUp.loading')}
        </p>
        {status && methods.length === 0 ? <p className={styles.alert}>{t('stepUp.noMethod')}</p> : null}
        {methods.length > 1 ? (
          <div className={styles.methods} role="group" aria-label={t('stepUp.methods')}>
            {methods.includes('totp') && method !== 'totp' ? (
              <Button variant="ghost" size="small" onClick={() => setMethod('totp')}>
                {t('stepUp.useTotp')}
              </Button>
            ) : null}
            {methods.includes('recovery') && method !== 'recovery' ? (
              <Button variant="ghost" size="small" onClick={() => setMethod('recovery')}>
                {t('stepUp.useRecovery')}
              </Button>
            ) : null}
          </div>
        ) : null}
        {method === 'email' && methods.includes('email') ? (
          sentTo ? (
            <p className={styles.sent} role="status">
              {t('stepUp.sent', { email: sentTo })}
            </p>
          ) : (
            <Button variant="secondary" onClick={() => void sendEmail()} loading={busy}>
              {t('stepUp.sendEmail')}
            </Button>
          )
        ) : null}
        {methods.length > 0 ? codeField : null}
        {error ? (
          <p className={styles.alert} role="alert">
            {error}
          </p>
        ) : null}
        {methods.length > 0 && (method !== 'email' || sentTo) ? (
          <Button type="submit" loading={busy}>
            {t('stepUp.confirm')}
          </Button>
        ) : null}
        {methods.includes('passkey') ? (
          <Button variant="secondary" onClick={() => void answerWithPasskey()} loading={busy}>
            {t('stepUp.usePasskey')}
          </Button>
        ) : null}
      </form>
    </Modal>
  );
}
