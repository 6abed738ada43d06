import { useState } from 'react';
import { Button, CopyButton, TextField, toaster } from '@swx/shared';
import type { SecurityOverview, TotpEnrolment } from '@swx/shared/contract';
import { formStyles } from '../../components/form';
import { Section } from '../../components/page';
import { useAccountStrings } from '../../i18n';
import type { SecurityApi } from './security-api';
import { useAction } from './use-action';
import styles from './security.module.css';

/** Ten recovery codes, shown once: the customer copies or writes them down before going on. */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useAccountStrings();
  return (
    <div data-testid="recovery-codes">
      <p className={styles.warning}>{t('security.twoFactor.codesIntro')}</p>
      <ul className={styles.codes}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className={styles.actions}>
        <CopyButton text={codes.join('\n')}>{t('security.twoFactor.copyCodes')}</CopyButton>
        <Button onClick={onDone}>{t('security.twoFactor.codesSaved')}</Button>
      </div>
    </div>
  );
}

/**
 * Two-factor sign-in with an authenticator app: set up (QR code and secret, confirmed by a first code),
 * recovery codes (ten, shown once; new ones retire the old), turned off with a current code (withdrawals then
 * lock for a while).
 */
export function TwoFactorSection({
  api,
  overview,
  stepUp,
  onChanged,
}: {
  api: SecurityApi;
  overview: SecurityOverview;
  stepUp: <T>(action: () => Promise<T>) => Promise<T>;
  onChanged: () => void;
}) {
  const { t } = useAccountStrings();
  const { busy, run, alert } = useAction();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [turningOff, setTurningOff] = useState(false);
  const { enabled, recoveryCodesLeft } = overview.twoFactor;

  const start = () => run('enrol', async () => setEnrolment(await api.totpEnrol()));
  const confirm = () =>
    run('confirm', async () => {
      setCodes((await api.totpConfirm(code.trim())).recoveryCodes);
      setEnrolment(null);
      setCode('');
    });
  const newCodes = () =>
    run('codes', async () => setCodes((await stepUp(() => api.recoveryCodes())).recoveryCodes));
  const turnOff = () =>
    run('off', async () => {
      await api.totpDisable(code.trim());
      setCode('');
      setTurningOff(false);
      toaster.show(t('security.twoFactor.turnedOff'), { tone: 'success' });
      onChanged();
    });

  return (
    <Section title={t('security.twoFactor.title')} id="security-two-factor">
      <p className={styles.intro}>{t('security.twoFactor.intro')}</p>
      <p className={styles.status}>
        <span className={enabled ? styles.on : styles.off} data-testid="two-factor-state">
          {enabled ? t('security.twoFactor.on') : t('security.twoFactor.off')}
        </span>
        {enabled ? (
          <span className={styles.muted}>
            {t('security.twoFactor.codesLeft', { left: recoveryCodesLeft })}
          </span>
        ) : null}
      </p>
      {codes ? (
        <RecoveryCodesPanel
          codes={codes}
          onDone={() => {
            setCodes(null);
            onChanged();
          }}
        />
      ) : enrolment ? (
        <div className={formStyles.form}>
          <p className={styles.intro}>{t('security.twoFactor.scan')}</p>
          <img
            className={styles.qr}
            src={enrolment.qrCode}
            alt={t('security.twoFactor.qrAlt')}
            width={180}
            height={180}
          />
          <p className={styles.intro}>
            {t('security.twoFactor.secret')}{' '}
            <span className={styles.mono} data-testid="totp-secret">
              {enrolment.secret}
            </span>
          </p>
          <CopyButton text={enrolment.secret}>{t('security.twoFactor.copySecret')}</CopyButton>
          <TextField
            label={t('security.twoFactor.firstCode')}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            inputMode="numeric"
            autoComplete="one-time-code"
            required
          />
          {alert}
          <div className={styles.actions}>
            <Button loading={busy === 'confirm'} onClick={() => void confirm()}>
              {t('security.twoFactor.confirm')}
            </Button>
            <Button variant="ghost" onClick={() => setEnrolment(null)}>
              {t('actions.cancel')}
            </Button>
          </div>
        </div>
      ) : enabled ? (
        turningOff ? (
          <div className={formStyles.form}>
            <p className={styles.warning}>{t('security.twoFactor.offWarning')}</p>
            <TextField
              label={t('security.twoFactor.currentCode')}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              autoComplete="one-time-code"
              required
            />
            {alert}
            <div className={styles.actions}>
              <Button variant="danger" loading={busy === 'off'} onClick={() => void turnOff()}>
                {t('security.twoFactor.turnOff')}
              </Button>
              <Button variant="ghost" onClick={() => setTurningOff(false)}>
                {t('actions.cancel')}
              </Button>
            </div>
          </div>
        ) : (
          <>
            {alert}
            <div className={styles.actions}>
              <Button variant="secondary" loading={busy === 'codes'} onClick={() => void newCodes()}>
                {t('security.twoFactor.newCodes')}
              </Button>
              <Button variant="ghost" onClick={() => setTurningOff(true)}>
                {t('security.twoFactor.turnOff')}
              </Button>
            </div>
          </>
        )
      ) : (
        <>
          {alert}
          <Button loading={busy === 'enrol'} onClick={() => void start()}>
            {t('security.twoFactor.setUp')}
          </Button>
        </>
      )}
    </Section>
  );
}
