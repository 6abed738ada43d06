import { useCallback, useState } from 'react';
import { messageForError } from '@swx/shared';
import { useStaffStrings } from '../../i18n';
import { pageStyles } from '../page';
import { fieldErrorsOf } from './field-errors';

/**
 * One staff action at a time from a form or a row of buttons: which one runs (`running`, for its button's
 * spinner), and the refusal in the member's language when it fails (the form stays as it was, to correct
 * and retry). A form that names its `fields` gets a refusal about them on the fields themselves
 * (`fieldError('amount')`: "Enter an amount greater than 0"), from the server's validation details.
 */
export function useAction({ fields = [] }: { fields?: readonly string[] } = {}) {
  const { t } = useStaffStrings();
  const [running, setRunning] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  // The field names arrive as a fresh array each render: compare their text, not their identity.
  const fieldList = fields.join(',');
  const run = useCallback(
    async (action: () => Promise<void>, name = 'action') => {
      setRunning(name);
      setFailure(null);
      setFieldErrors({});
      try {
        await action();
      } catch (error) {
        const onFields = fieldErrorsOf(error, fieldList ? fieldList.split(',') : [], t);
        if (onFields) setFieldErrors(onFields);
        else setFailure(messageForError(error, t));
      } finally {
        setRunning(null);
      }
    },
    [t, fieldList],
  );
  const fieldError = useCallback((name: string) => fieldErrors[name], [fieldErrors]);
  return { busy: running !== null, running, failure, setFailure, fieldError, run };
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
