import { useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, TextField, messageForError } from '@swx/shared';
import { useStaffStrings } from '../../i18n';
import { useStaffSession } from '../../session';
import styles from './sign-in.module.css';

/** Six digits, as authenticator apps show them (spaces typed by habit are dropped). */
export function cleanCode(text: string): string {
  return text.replace(/\s+/g, '');
}

const codePattern = /^[0-9]{6}$/;

/** A six-digit code field: numeric keyboard, one-time-code autofill. */
export function CodeField({
  value,
  onChange,
  error,
  label,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  label: string;
}) {
  return (
    <TextField
      label={label}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={7}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      required
      error={error}
    />
  );
}

const PasswordStep = observer(function PasswordStep() {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      await session.signIn(username.trim(), password);
      setPassword('');
    } catch (error) {
      setFailure(messageForError(error, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.card} onSubmit={(event) => void submit(event)} aria-labelledby="staff-sign-in">
      <h1 id="staff-sign-in" className={styles.title}>
        {t('signIn.title')}
      </h1>
      <p className={styles.lead}>{t('signIn.lead')}</p>
      <TextField
        label={t('signIn.username')}
        autoComplete="username"
        value={username}
        onChange={(event) => setUsername(event.target.value)}
        required
      />
      <TextField
        label={t('signIn.password')}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        required
      />
      {failure ? (
        <p role="alert" className={styles.alert}>
          {failure}
        </p>
      ) : null}
      <Button type="submit" loading={busy} fullWidth>
        {t('signIn.continue')}
      </Button>
    </form>
  );
});

/** A recovery code as printed (`k7qm-2xhd-9rtw-c4pn`); spaces typed by habit are dropped. */
const recoveryPattern = /^[A-Za-z0-9]{4}(-?[A-Za-z0-9]{4}){3}$/;

const CodeStep = observer(function CodeStep() {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const cleaned = cleanCode(code);
    if (!(recovery ? recoveryPattern : codePattern).test(cleaned)) {
      setFailure(t(recovery ? 'recovery.format' : 'totp.sixDigits'));
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      if (recovery) await session.confirmRecoveryCode(cleaned);
      else await session.confirmCode(cleaned);
    } catch (error) {
      setFailure(messageForError(error, t));
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  const toggle = () => {
    setRecovery((current) => !current);
    setCode('');
    setFailure(null);
  };

  return (
    <form className={styles.card} onSubmit={(event) => void submit(event)} aria-labelledby="staff-code">
      <h1 id="staff-code" className={styles.title}>
        {t(recovery ? 'recovery.signInTitle' : 'totp.title')}
      </h1>
      <p className={styles.lead}>{t(recovery ? 'recovery.signInLead' : 'totp.lead')}</p>
      {recovery ? (
        <TextField
          label={t('recovery.code')}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={24}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          required
          error={failure ?? undefined}
        />
      ) : (
        <CodeField label={t('totp.code')} value={code} onChange={setCode} error={failure ?? undefined} />
      )}
      <div className={styles.row}>
        <Button type="submit" loading={busy}>
          {t('totp.verify')}
        </Button>
        <Button variant="ghost" onClick={toggle}>
          {t(recovery ? 'recovery.useApp' : 'recovery.useCode')}
        </Button>
        <Button variant="ghost" onClick={session.restart}>
          {t('totp.startAgain')}
        </Button>
      </div>
    </form>
  );
});

/** Staff sign-in: username and password, then the authenticator's code. */
export const SignIn = observer(function SignIn() {
  const session = useStaffSession();
  return (
    <div className={styles.wrap}>{session.stage.stage === 'code' ? <CodeStep /> : <PasswordStep />}</div>
  );
});
