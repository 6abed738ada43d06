import { observer } from 'mobx-react-lite';
import { Button, languageNames, languages, useRootStore, type Lang } from '@swx/shared';
import { Link } from 'react-router-dom';
import { ChoiceGroup, formStyles } from '../../components/form';
import { SettingSwitch } from '../../components/setting-switch';
import { useLogout } from '../../components/logout';
import { AccountPage, Section } from '../../components/page';
import { useAccountStrings } from '../../i18n';
import { PasswordForm } from './password-form';
import { WalletSettings } from './wallet';
import { SocialSignIn } from './social';
import { OneClickTradingSetting } from './one-click';

/** Demo/real switch behind a confirmation: switching changes which balances every page shows. */
const AccountModeSwitch = observer(function AccountModeSwitch() {
  const { t } = useAccountStrings();
  const { settings } = useRootStore();
  const toReal = settings.isDemo;
  const action = toReal ? t('settings.switchToReal') : t('settings.switchToDemo');
  return (
    <SettingSwitch
      state={toReal ? t('settings.currentlyDemo') : t('settings.currentlyReal')}
      actionLabel={action}
      confirmation={{ title: action, text: toReal ? t('settings.confirmReal') : t('settings.confirmDemo') }}
      onSwitch={async () => {
        await settings.setAccountMode(toReal ? 'real' : 'demo');
        return t(toReal ? 'account.switchedToReal' : 'account.switchedToDemo', { ns: 'common' });
      }}
    />
  );
});

const LanguageChoice = observer(function LanguageChoice() {
  const { t } = useAccountStrings();
  const { settings } = useRootStore();
  return (
    <ChoiceGroup<Lang>
      legend={t('settings.language')}
      hideLegend
      name="language"
      value={settings.language}
      options={languages.map((lang) => ({ value: lang, label: languageNames[lang], lang }))}
      onChange={settings.setLanguage}
    />
  );
});

/** `/profile/settings`: the way to the Security page, change password, sign-in methods, language, demo/real, one-click trading, logout. */
export function SettingsScreen() {
  const { t } = useAccountStrings();
  const { logout, busy } = useLogout();
  return (
    <AccountPage title={t('nav.settings')} back="/profile">
      <Section title={t('security.title')} id="settings-security">
        <p className={formStyles.hint}>{t('settings.securityIntro')}</p>
        <Link className={formStyles.link} to="/profile/security">
          {t('settings.securityLink')}
        </Link>
      </Section>
      <Section title={t('settings.changePassword')} id="settings-password">
        <PasswordForm />
      </Section>
      <WalletSettings />
      <SocialSignIn />
      <Section title={t('settings.language')} id="settings-language">
        <LanguageChoice />
      </Section>
      <Section title={t('settings.accountMode')} id="settings-mode">
        <div className={formStyles.form}>
          <AccountModeSwitch />
        </div>
      </Section>
      <Section title={t('settings.oneClick.title')} id="settings-one-click">
        <OneClickTradingSetting />
      </Section>
      <Button variant="danger" onClick={logout} loading={busy}>
        {t('settings.logout')}
      </Button>
    </AccountPage>
  );
}
