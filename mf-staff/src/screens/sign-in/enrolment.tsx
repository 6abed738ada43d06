import { useState, type FormEvent, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, CopyButton, LoadView, TextField, toaster, useLoad } from '@swx/shared';
import type { StaffTotpEnrolBody, StaffTotpEnrolment } from '@swx/shared/contract';
import { FormAlert, useAction } from '../../components/action';
import { useStaffStrings } from '../../i18n';
import { useStaffSession } from '../../session';
import { CodeField, cleanCode } from './sign-in';
import styles from './sign-in.module.css';

/**
 * After an admin reset two-factor, the session alone does not enrol a new authenticator: the member gives
 * their password and a code the server e-mails them, so whoever learned the password cannot do it alone.
 */
const ReenrolmentProof = observer(function ReenrolmentProof({
  onEnrolment,
}: {
  onEnrolment: (enrolment: StaffTotpEnrolment) => void;
}) {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const [password, setPassword] = useState('');
  const [emailCode, setEmailCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { running, failure, setFailure, run } = useAction();

  const send = () =>
    run(async () => {
      const sent = await session.api.call('admin.totpEnrolCode');
      setSentTo(sent.sentTo);
      toaster.show(t('enrol.codeSent', { to: sent.sentTo }), { tone: 'success' });
    }, 'send');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const code = cleanCode(emailCode);
    if (!/^[0-9]{6}$/.test(code)) {
      setFailure(t('enrol.emailCodeFormat'));
      return;
    }
    await run(async () => {
      onEnrolment(await session.api.call('admin.totpEnrol', { body: { password, emailCode: code } }));
    }, 'prove');
  };

  return (
    <form className={styles.card} onSubmit={(event) => void submit(event)} aria-labelledby="staff-reenrol">
      <h1 id="staff-reenrol" className={styles.title}>
        {t('enrol.againTitle')}
      </h1>
      <p className={styles.lead}>{t('enrol.againLead')}</p>
      <TextField
        label={t('signIn.password')}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        required
      />
      <div className={styles.row}>
        <Button variant="secondary" loading={running === 'send'} onClick={() => void send()}>
          {t(sentTo ? 'enrol.sendAgain' : 'enrol.sendCode')}
        </Button>
      </div>
      {sentTo ? <p className={styles.lead}>{t('enrol.codeSent', { to: sentTo })}</p> : null}
      <CodeField label={t('enrol.emailCode')} value={emailCode} onChange={setEmailCode} />
      <FormAlert message={failure} />
      <div className={styles.row}>
        <Button type="submit" loading={running === 'prove'}>
          {t('enrol.continue')}
        </Button>
        <Button variant="ghost" onClick={() => void session.signOut()}>
          {t('layout.signOut')}
        </Button>
      </div>
    </form>
  );
});

/** The secret as a QR code and as text, and the first code from the app that turns two-factor on. */
const ConfirmEnrolment = observer(function ConfirmEnrolment({ enrolment }: { enrolment: ReactNode }) {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const [code, setCode] = useState('');
  const { busy, failure, setFailure, run } = useAction();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const cleaned = cleanCode(code);
    if (!/^[0-9]{6}$/.test(cleaned)) {
      setFailure(t('totp.sixDigits'));
      return;
    }
    await run(async () => {
      session.enrolled(await session.api.call('admin.totpConfirm', { body: { code: cleaned } }));
    });
  };

  return (
    <form className={styles.card} onSubmit={(event) => void submit(event)} aria-labelledby="staff-enrol">
      <h1 id="staff-enrol" className={styles.title}>
        {t('enrol.title')}
      </h1>
      <p className={styles.lead}>{t('enrol.lead')}</p>
      {enrolment}
      <CodeField label={t('totp.code')} value={code} onChange={setCode} error={failure ?? undefined} />
      <div className={styles.row}>
        <Button type="submit" loading={busy}>
          {t('enrol.confirm')}
        </Button>
        <Button variant="ghost" onClick={() => void session.signOut()}>
          {t('layout.signOut')}
        </Button>
      </div>
    </form>
  );
});

function EnrolmentSecret({ answer }: { answer: StaffTotpEnrolment }) {
  const { t } = useStaffStrings();
  return (
    <>
      <img className={styles.qr} src={answer.qrCode} alt={t('enrol.qrAlt')} />
      <p>
        {t('enrol.secret')}{' '}
        <span className={styles.secret} data-testid="totp-secret">
          {answer.secret}
        </span>{' '}
        <CopyButton text={answer.secret} />
      </p>
    </>
  );
}

/** A first enrolment: the secret is asked for at once (the session is proof enough, the password being new). */
function FirstEnrolment() {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const body: StaffTotpEnrolBody = {};
  const enrolment = useLoad(() => session.api.call('admin.totpEnrol', { body }), [session]);
  return (
    <ConfirmEnrolment
      enrolment={
        <LoadView state={enrolment} t={t} lines={6}>
          {(answer) => <EnrolmentSecret answer={answer} />}
        </LoadView>
      }
    />
  );
}

/**
 * Two-factor enrolment: the member adds the back office to an authenticator app (the QR code, or the secret
 * typed by hand) and proves it with a code. Until then their session reaches nothing else. After an admin
 * reset, the password and an e-mailed code come first.
 */
export const Enrolment = observer(function Enrolment() {
  const session = useStaffSession();
  const [proven, setProven] = useState<StaffTotpEnrolment | null>(null);
  return (
    <div className={styles.wrap}>
      {session.me?.totpReenrolment && !proven ? (
        <ReenrolmentProof onEnrolment={setProven} />
      ) : proven ? (
        <ConfirmEnrolment enrolment={<EnrolmentSecret answer={proven} />} />
      ) : (
        <FirstEnrolment />
      )}
    </div>
  );
});
