import { useState } from 'react';
import { isStepUpCancelled, messageForError, passkeyCancelled } from '@swx/shared';
import { formStyles } from '../../components/form';
import { useAccountStrings } from '../../i18n';

/**
 * One change at a time in a section of the Security page: which one is running (`busy`), and the refusal
 * of the last one, shown where the section puts `alert`. A closed step-up dialog or passkey prompt changed
 * nothing and says nothing.
 */
export function useAction() {
  const { t } = useAccountStrings();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (key: string, work: () => Promise<void>): Promise<boolean> => {
    setBusy(key);
    setError(null);
    try {
      await work();
      return true;
    } catch (failure) {
      if (!isStepUpCancelled(failure) && !passkeyCancelled(failure)) setError(messageForError(failure, t));
      return false;
    } finally {
      setBusy(null);
    }
  };
  const alert = error ? (
    <p className={formStyles.alert} role="alert">
      {error}
    </p>
  ) : null;
  return { busy, run, alert };
}
