import { useState } from 'react';
import { messageForError, type Translate } from '../../i18n/error-messages';
import { useRootStore } from '../../store/use-root-store';
import { toaster } from '../toast';

/**
 * Switches the account mode to real and says how it went; `busy` is true while the switch is under way.
 * Shared by the demo notice and pages that offer the switch inside their own layout.
 */
export function useSwitchToReal(t: Translate) {
  const { settings } = useRootStore();
  const [busy, setBusy] = useState(false);
  const switchToReal = async () => {
    setBusy(true);
    try {
      await settings.setAccountMode('real');
      toaster.show(t('account.switchedToReal', { ns: 'common' }), { tone: 'success' });
    } catch (error) {
      toaster.show(messageForError(error, t), { tone: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return { busy, switchToReal };
}
