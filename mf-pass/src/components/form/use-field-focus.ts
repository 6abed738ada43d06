import { useCallback, useRef, type FormEvent } from 'react';
import type { SubmitOutcome } from './submission';

/**
 * Remembers each field's input so a refused submission can move the focus to the first field that needs
 * attention (keyboard and screen-reader users land where the message is).
 */
export function useFieldFocus<F extends string>() {
  const inputs = useRef(new Map<F, HTMLInputElement>());
  const register = useCallback(
    (field: F) => (input: HTMLInputElement | null) => {
      if (input) inputs.current.set(field, input);
      else inputs.current.delete(field);
    },
    [],
  );
  const focus = useCallback((field: F) => inputs.current.get(field)?.focus(), []);

  /** A form's onSubmit: sends, then focuses the field to fix or moves on. */
  const submitHandler =
    (submit: () => Promise<SubmitOutcome<F>>, onDone: () => void) => async (event: FormEvent) => {
      event.preventDefault();
      const outcome = await submit();
      if (outcome.status === 'invalid') focus(outcome.field);
      else if (outcome.status === 'done') onDone();
    };

  /** A button's onClick for an action that may answer the field to look at (sending the e-mail code). */
  const focusAfter = (action: () => Promise<F | null>) => async () => {
    const field = await action();
    if (field) focus(field);
  };

  return { register, submitHandler, focusAfter };
}
