import { observer } from 'mobx-react-lite';
import { useRootStore } from '@swx/shared';
import { accountApi } from '../../api';
import { formStyles } from '../../components/form';
import { SettingSwitch } from '../../components/setting-switch';
import { useAccountStrings } from '../../i18n';

/**
 * One-click trading (off by default): spot orders and position closes execute on the first click instead of
 * after a review. Turning it on explains the risk and asks for a confirmation; turning it off is immediate.
 * Stored on the server, so it follows the customer to every device.
 */
export const OneClickTradingSetting = observer(function OneClickTradingSetting() {
  const { t } = useAccountStrings();
  const { session } = useRootStore();
  const enabled = session.userInfo?.oneClickTrading === true;
  return (
    <div className={formStyles.form}>
      <SettingSwitch
        state={t(enabled ? 'settings.oneClick.isOn' : 'settings.oneClick.isOff')}
        stateTestId="one-click-state"
        actionLabel={t(enabled ? 'settings.oneClick.turnOff' : 'settings.oneClick.turnOn')}
        confirmation={
          enabled
            ? null
            : {
                title: t('settings.oneClick.title'),
                text: t('settings.oneClick.risk'),
                label: t('settings.oneClick.turnOn'),
                danger: true,
              }
        }
        onSwitch={async () => {
          session.setUserInfo(await accountApi.setOneClickTrading(!enabled));
          return t(enabled ? 'settings.oneClick.turnedOff' : 'settings.oneClick.turnedOn');
        }}
      />
    </div>
  );
});
