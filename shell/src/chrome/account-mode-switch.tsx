import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Button, DemoBadge, Modal, RealBadge } from '@swx/shared';
import { useShell } from '../shell-context';
import styles from './chrome.module.css';

/**
 * The account mode marker in the top bar: DEMO for as long as the demo account is active (integrity rule 7),
 * REAL otherwise, so that on a phone (where the switch is a short button) the mode is never a guess.
 */
export const ModeMarker = observer(function ModeMarker() {
  const { root } = useShell();
  if (!root.session.isLoggedIn) return null;
  return root.settings.isDemo ? <DemoBadge active /> : <RealBadge active />;
});

/**
 * Demo/real switch. The customer confirms first (real money is at stake the other way round), and is told
 * which account is now active with the seed's confirmation messages.
 */
export const AccountModeSwitch = observer(function AccountModeSwitch({
  compact = false,
}: {
  compact?: boolean;
}) {
  const { root, notify } = useShell();
  const { t } = useTranslation('shell');
  const [confirming, setConfirming] = useState(false);
  const [switching, setSwitching] = useState(false);
  if (!root.session.isLoggedIn) return null;
  const target = root.settings.isDemo ? 'real' : 'demo';

  const confirm = async () => {
    setSwitching(true);
    try {
      await root.settings.setAccountMode(target);
    } catch (error) {
      // The switch itself is already in force (every call carries the mode); only remembering it as the
      // customer's default on the server failed, which the next switch or login repairs.
      console.warn('[shell] account mode not saved on the server', error);
    } finally {
      setSwitching(false);
    }
    setConfirming(false);
    notify(target === 'real' ? t('account.switchedToReal') : t('account.switchedToDemo'), 'success');
  };

  return (
    <>
      <button
        type="button"
        className={compact ? styles.iconButton : styles.textButton}
        data-testid="account-mode-switch"
        data-target={target}
        aria-haspopup="dialog"
        aria-label={
          compact ? (target === 'real' ? t('account.switchToReal') : t('account.switchToDemo')) : undefined
        }
        onClick={() => setConfirming(true)}
      >
        {compact
          ? target === 'real'
            ? t('account.switchToRealShort')
            : t('account.switchToDemoShort')
          : target === 'real'
            ? t('account.switchToReal')
            : t('account.switchToDemo')}
      </button>
      <Modal
        open={confirming}
        title={target === 'real' ? t('account.confirmToRealTitle') : t('account.confirmToDemoTitle')}
        onClose={() => setConfirming(false)}
        dismissOnBackdrop={false}
        footer={
          <div className={styles.dialogActions}>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t('account.cancel')}
            </Button>
            <Button onClick={() => void confirm()} loading={switching}>
              {t('account.confirm')}
            </Button>
          </div>
        }
      >
        <p>{target === 'real' ? t('account.confirmToRealText') : t('account.confirmToDemoText')}</p>
      </Modal>
    </>
  );
});
