import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { Button, Modal, messageForError, toaster, useRootStore } from '@swx/shared';
import { accountApi } from '../../api';
import { formStyles } from '../../components/form';
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
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const save = async (value: boolean) => {
    setBusy(true);
    try {
      session.setUserInfo(await accountApi.setOneClickTrading(value));
      toaster.show(t(value ? 'settings.oneClick.turnedOn' : 'settings.oneClick.turnedOff'), {
        tone: 'success',
      });
      setConfirming(false);
    } catch (error) {
      toaster.show(messageForError(error, t), { tone: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={formStyles.form}>
      <p style={{ margin: 0 }} data-testid="one-click-state">
        {t(enabled ? 'settings.oneClick.isOn' : 'settings.oneClick.isOff')}
      </p>
      <Button
        variant="secondary"
        loading={busy && !confirming}
        onClick={() => (enabled ? void save(false) : setConfirming(true))}
      >
        {t(enabled ? 'settings.oneClick.turnOff' : 'settings.oneClick.turnOn')}
      </Button>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('settings.oneClick.title')}
        footer={
          <>
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              {t('actions.cancel')}
            </Button>
            <Button variant="danger" onClick={() => void save(true)} loading={busy}>
              {t('settings.oneClick.turnOn')}
            </Button>
          </>
        }
      >
        <p>{t('settings.oneClick.risk')}</p>
      </Modal>
    </div>
  );
});
