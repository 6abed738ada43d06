import { useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, CopyButton, LoadView, useLoad } from '@swx/shared';
import { useAction } from '../../components/action';
import { useStaffStrings } from '../../i18n';
import { useStaffSession } from '../../session';
import { CodeField, cleanCode } from './sign-in';
import styles from './sign-in.module.css';

/**
 * First sign-in: the member adds the back office to an authenticator app (the QR code, or the secret typed
 * by hand) and proves it with a code. Until then their session reaches nothing else.
 */
export const Enrolment = observer(function Enrolment() {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const enrolment = useLoad(() => session.api.call('admin.totpEnrol'), [session]);
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
    <div className={styles.wrap}>
      <form className={styles.card} onSubmit={(event) => void submit(event)} aria-labelledby="staff-enrol">
        <h1 id="staff-enrol" className={styles.title}>
          {t('enrol.title')}
        </h1>
        <p className={styles.lead}>{t('enrol.lead')}</p>
        <LoadView state={enrolment} t={t} lines={6}>
          {(answer) => (
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
          )}
        </LoadView>
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
    </div>
  );
});
