import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, formatDateTime, useRootStore } from '@swx/shared';
import type { NotMeResult } from '@swx/shared/contract';
import { passApi } from '../../api';
import { FormAlert } from '../../components/fields/form-alert';
import fieldStyles from '../../components/fields/fields.module.css';
import { PassLayout } from '../../components/pass-layout/pass-layout';

/**
 * `/pass/not-me?token=…`: the new-device e-mail's "this was not me" link. Nothing happens on opening it (a
 * mail scanner may open links): one button signs out every session and locks withdrawals, then the page
 * sends the customer to reset the password.
 */
export function NotMeScreen({ api = passApi }: { api?: Pick<typeof passApi, 'notMe'> }) {
  const { t } = useTranslation('pass');
  const [searchParams] = useSearchParams();
  const { session, settings } = useRootStore();
  const token = searchParams.get('token') ?? '';
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<NotMeResult | null>(null);

  const secure = async () => {
    setBusy(true);
    setError(null);
    try {
      setDone(await api.notMe(token));
      // This browser's session ended with every other one.
      if (session.isLoggedIn) session.logout();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  if (done)
    return (
      <PassLayout title={t('notMe.doneTitle')}>
        <p role="status">
          {t('notMe.done', { until: formatDateTime(done.lockedUntil, { lang: settings.language }) })}
        </p>
        <Link className={fieldStyles.link} to="/pass/reset">
          {t('notMe.resetPassword')}
        </Link>
      </PassLayout>
    );
  return (
    <PassLayout title={t('notMe.title')}>
      <p>{t('notMe.intro')}</p>
      <FormAlert error={error} />
      <Button variant="danger" fullWidth loading={busy} disabled={!token} onClick={() => void secure()}>
        {t('notMe.submit')}
      </Button>
      <Link className={fieldStyles.link} to="/pass/login">
        {t('social.backToLogin')}
      </Link>
    </PassLayout>
  );
}
