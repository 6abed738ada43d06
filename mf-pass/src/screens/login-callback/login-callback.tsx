import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import fieldStyles from '../../components/fields/fields.module.css';
import { PassLayout } from '../../components/pass-layout/pass-layout';

/** Readable names of the social sign-in providers the seed's return route may name. */
const providerNames: Record<string, string> = {
  google: 'Google',
  apple: 'Apple',
  facebook: 'Facebook',
  twitter: 'X (Twitter)',
  x: 'X',
  github: 'GitHub',
  telegram: 'Telegram',
  line: 'LINE',
  kakao: 'Kakao',
  wechat: 'WeChat',
};

/**
 * The return page of a social sign-in. No provider is connected yet, so whatever a provider sends here
 * is not used: the page says so plainly and offers the normal login.
 */
export function LoginCallbackScreen() {
  const { t } = useTranslation('pass');
  const { provider = '' } = useParams();
  const key = provider.toLowerCase();
  const name =
    providerNames[key] ?? (/^[a-z0-9_-]{1,32}$/.test(key) ? provider : t('callback.unknownProvider'));
  return (
    <PassLayout title={t('callback.title')}>
      <p role="status">{t('callback.message', { provider: name })}</p>
      <Link className={fieldStyles.link} to="/pass/login">
        {t('callback.toLogin')}
      </Link>
    </PassLayout>
  );
}
