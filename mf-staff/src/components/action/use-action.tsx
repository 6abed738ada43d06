import { useCallback, useState } from 'react';
import { messageForError } from '@swx/shared';
import { useStaffStrings } from '../../i18n';
import { pageStyles } from '../page';

/**
 * One staff action at a time from a form or a row of buttons: which one runs (`running`, for its button's
 * spinner), and the refusal in the member's language when it fails (the form stays as it was, to correct
 * and retry).
 */
export function useAction() {
  const { t } = useStaffStrings();
  const [running, setRunning] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const run = useCallback(
    async (action: () => Promise<void>, name = 'action') => {
      setRunning(name);
      setFailure(null);
      try {
        await action();
      } catch (error) {
        setFailure(messageForError(error, t));
      } finally {
        setRunning(null);
      }
    },
    [t],
  );
  return { busy: running !== null, running, failure, setFailure, run };
}

/** A form's refusal, announced to screen readers. */
export function FormAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className={pageStyles.alert}>
      {message}
    </p>
  );
}
