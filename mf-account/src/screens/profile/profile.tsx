import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { Button, formatMoney, useRootStore } from '@swx/shared';
import { accountApi } from '../../api';
import { LoadView, useLoad } from '../../components/load';
import { useLogout } from '../../components/logout';
import { AccountPage, Section } from '../../components/page';
import { StatusBadge, type StatusTone } from '../../components/status';
import { useAccountStrings } from '../../i18n';
import styles from './profile.module.css';

const kycTone: Record<string, StatusTone> = { verified: 'good', pending: 'pending', failed: 'bad' };

/** `/profile`: who is signed in, the active account's balances, and the way to everything else. */
export const ProfileScreen = observer(function ProfileScreen() {
  const { t } = useAccountStrings();
  const { session, settings } = useRootStore();
  const mode = settings.accountMode;
  const assets = useLoad(() => accountApi.assets('all'), [mode]);
  const user = useLoad(async () => {
    const info = await accountApi.userInfo();
    session.setUserInfo(info);
    return info;
  }, []);
  const { logout, busy } = useLogout();
  // The shell's bell only hears pushes while the site is open: the overview brings its count up to date.
  const { notifications } = useRootStore();
  useEffect(() => {
    accountApi.unreadCount().then(notifications.setUnreadCount, () => undefined);
  }, [notifications]);
  const shortcuts = [
    { to: '/profile/balance', label: t('nav.balance') },
    { to: '/trading', label: t('nav.orders') },
    { to: '/profile/records', label: t('nav.records') },
    { to: '/profile/deposit', label: t('nav.deposit') },
    { to: '/profile/withdraw', label: t('nav.withdraw') },
    { to: '/profile/invite', label: t('nav.invite') },
    { to: '/profile/notification', label: t('nav.notifications') },
    { to: '/profile/settings', label: t('nav.settings') },
    { to: '/help', label: t('nav.help') },
  ];
  const info = user.data ?? session.userInfo;
  return (
    <AccountPage title={t('profile.title')}>
      <Section>
        <div className={styles.identity}>
          <div>
            <p className={styles.name} translate="no">
              {info?.username}
            </p>
            <p className={styles.muted}>{info?.email}</p>
          </div>
          <div className={styles.badges}>
            <StatusBadge tone={settings.isDemo ? 'warning' : 'neutral'}>
              {settings.isDemo ? t('profile.demoAccount') : t('profile.realAccount')}
            </StatusBadge>
            {info ? (
              <StatusBadge tone={kycTone[info.kycStatus] ?? 'neutral'}>
                {t(`kyc.${info.kycStatus}`)}
              </StatusBadge>
            ) : null}
          </div>
        </div>
        <div aria-live="polite">
          <LoadView state={assets} lines={2}>
            {(data) => (
              <div className={styles.total}>
                <span className={styles.muted}>{t('profile.totalUsdt')}</span>
                <strong className={styles.totalValue}>{formatMoney(data.totalUsdt, 'USDT')}</strong>
              </div>
            )}
          </LoadView>
        </div>
        <div className={styles.actions}>
          <Link className={styles.primaryLink} to="/profile/deposit">
            {t('nav.deposit')}
          </Link>
          <Link className={styles.secondaryLink} to="/profile/withdraw">
            {t('nav.withdraw')}
          </Link>
        </div>
      </Section>
      <nav aria-label={t('profile.shortcuts')}>
        <ul className={styles.grid}>
          {shortcuts.map((item) => (
            <li key={item.to}>
              <Link className={styles.tile} to={item.to}>
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Button variant="secondary" onClick={logout} loading={busy}>
        {t('settings.logout')}
      </Button>
    </AccountPage>
  );
});
