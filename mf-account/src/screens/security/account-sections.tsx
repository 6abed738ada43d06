import { useState } from 'react';
import { Button, TextField, toaster, useRootStore } from '@swx/shared';
import type { SecurityOverview } from '@swx/shared/contract';
import { formStyles } from '../../components/form';
import { Section } from '../../components/page';
import { useAccountStrings } from '../../i18n';
import type { SecurityApi } from './security-api';
import { useAction } from './use-action';
import styles from './security.module.css';

type StepUp = <T>(action: () => Promise<T>) => Promise<T>;

/**
 * The anti-phishing code: a phrase only the customer knows, at the top of every e-mail SWX sends them. A
 * mail without it, or with another, did not come from SWX.
 */
export function AntiPhishingSection({
  api,
  overview,
  stepUp,
  onChanged,
}: {
  api: SecurityApi;
  overview: SecurityOverview;
  stepUp: StepUp;
  onChanged: (overview: SecurityOverview) => void;
}) {
  const { t } = useAccountStrings();
  const { busy, run, alert } = useAction();
  const [code, setCode] = useState('');
  const save = (value: string | null) =>
    run(value === null ? 'remove' : 'save', async () => {
      onChanged(await stepUp(() => api.antiPhishing(value)));
      setCode('');
      toaster.show(t('security.antiPhishing.saved'), { tone: 'success' });
    });
  return (
    <Section title={t('security.antiPhishing.title')} id="security-anti-phishing">
      <p className={styles.intro}>{t('security.antiPhishing.intro')}</p>
      <p className={styles.status}>
        {overview.antiPhishingCode ? (
          <>
            {t('security.antiPhishing.current')}{' '}
            <strong className={styles.mono} data-testid="anti-phishing-code">
              {overview.antiPhishingCode}
            </strong>
          </>
        ) : (
          <span className={styles.off}>{t('security.antiPhishing.none')}</span>
        )}
      </p>
      <div className={formStyles.form}>
        <TextField
          label={t('security.antiPhishing.label')}
          hint={t('security.antiPhishing.hint')}
          value={code}
          maxLength={20}
          onChange={(event) => setCode(event.target.value)}
        />
        {alert}
        <div className={styles.actions}>
          <Button loading={busy === 'save'} disabled={code.trim() === ''} onClick={() => void save(code)}>
            {t('security.antiPhishing.save')}
          </Button>
          {overview.antiPhishingCode ? (
            <Button variant="ghost" loading={busy === 'remove'} onClick={() => void save(null)}>
              {t('security.antiPhishing.remove')}
            </Button>
          ) : null}
        </div>
      </div>
    </Section>
  );
}

/** The e-mail address: a new one is proven by a code sent to it; the old one is told; withdrawals lock. */
export function EmailSection({ api, email, stepUp }: { api: SecurityApi; email: string; stepUp: StepUp }) {
  const { t } = useAccountStrings();
  const { session } = useRootStore();
  const { busy, run, alert } = useAction();
  const [next, setNext] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState(false);
  const send = () =>
    run('send', async () => {
      await stepUp(() => api.emailCode(next.trim()));
      setSent(true);
    });
  const change = () =>
    run('change', async () => {
      const userInfo = await stepUp(() => api.changeEmail(next.trim(), code.trim()));
      if (session.token) session.login(session.token, userInfo);
      setSent(false);
      setNext('');
      setCode('');
      toaster.show(t('security.email.changed'), { tone: 'success' });
    });
  return (
    <Section title={t('security.email.title')} id="security-email">
      <p className={styles.intro}>
        {email ? t('security.email.current', { email }) : t('security.email.noEmail')}
      </p>
      <p className={styles.muted}>{t('security.email.intro')}</p>
      <div className={formStyles.form}>
        <TextField
          type="email"
          label={t('security.email.newEmail')}
          value={next}
          autoComplete="email"
          onChange={(event) => {
            setNext(event.target.value);
            setSent(false);
          }}
        />
        {sent ? (
          <TextField
            label={t('security.email.code')}
            value={code}
            inputMode="numeric"
            autoComplete="one-time-code"
            onChange={(event) => setCode(event.target.value)}
          />
        ) : null}
        {alert}
        {sent ? (
          <Button loading={busy === 'change'} onClick={() => void change()}>
            {t('security.email.change')}
          </Button>
        ) : (
          <Button
            variant="secondary"
            loading={busy === 'send'}
            disabled={!next.trim()}
            onClick={() => void send()}
          >
            {t('security.email.sendCode')}
          </Button>
        )}
      </div>
    </Section>
  );
}
