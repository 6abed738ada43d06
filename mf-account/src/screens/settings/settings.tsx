import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import {
  Button,
  Modal,
  languageNames,
  languages,
  messageForError,
  toaster,
  useRootStore,
  type Lang,
} from '@swx/shared';
import { ChoiceGroup, formStyles } from '../../components/form';
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
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const target = settings.isDemo ? 'real' : 'demo';

  const confirm = async () => {
    setBusy(true);
    try {
      await settings.setAccountMode(target);
      toaster.show(
        t(target === 'real' ? 'account.switchedToReal' : 'account.switchedToDemo', { ns: 'common' }),
        {
          tone: 'success',
        },
      );
      setConfirming(false);
    } catch (error) {
      toaster.show(messageForError(error, t), { tone: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <p style={{ margin: 0 }}>
        {settings.isDemo ? t('settings.currentlyDemo') : t('settings.currentlyReal')}
      </p>
      <Button variant="secondary" onClick={() => setConfirming(true)}>
        {target === 'real' ? t('settings.switchToReal') : t('settings.switchToDemo')}
      </Button>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={target === 'real' ? t('settings.switchToReal') : t('settings.switchToDemo')}
        footer={
          <>
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              {t('actions.cancel')}
            </Button>
            <Button onClick={confirm} loading={busy}>
              {t('actions.confirm')}
            </Button>
          </>
        }
      >
        <p>{target === 'real' ? t('settings.confirmReal') : t('settings.confirmDemo')}</p>
      </Modal>
    </>
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

/** `/profile/settings`: change password, sign-in methods, language, demo/real, one-click trading, logout. */
export function SettingsScreen() {
  const { t } = useAccountStrings();
  const { logout, busy } = useLogout();
  return (
    <AccountPage title={t('nav.settings')} back="/profile">
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
