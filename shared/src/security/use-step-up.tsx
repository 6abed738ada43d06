import { useCallback, useRef, useState, type ReactNode } from 'react';
import { errors } from '../contract/error-names';
import { isApiError } from '../api/api-error';
import { StepUpDialog } from './step-up-dialog';

/** The customer closed the step-up dialog: the action did not run. */
export class StepUpCancelled extends Error {
  override readonly name = 'StepUpCancelled';
  constructor() {
    super('Step-up cancelled');
  }
}

export function isStepUpCancelled(error: unknown): error is StepUpCancelled {
  return error instanceof StepUpCancelled;
}

/**
 * Runs a sensitive action; when the server answers 11200 (no fresh second factor), asks for one in place
 * (`StepUpDialog`) and runs the action again once it is given. Render `dialog` once in the screen. A
 * cancelled dialog rejects with `StepUpCancelled`, which screens ignore (nothing happened).
 *
 *   const stepUp = useStepUp();
 *   await stepUp.run(() => api.call('cashier.withdraw', { body }));
 *   return <>{form}{stepUp.dialog}</>;
 */
export function useStepUp(): { run: <T>(action: () => Promise<T>) => Promise<T>; dialog: ReactNode } {
  const [open, setOpen] = useState(false);
  const waiting = useRef<{ resolve: () => void; reject: (error: unknown) => void } | null>(null);

  const ask = useCallback(
    () =>
      new Promise<void>((resolve, reject) => {
        waiting.current = { resolve, reject };
        setOpen(true);
      }),
    [],
  );

  const run = useCallback(
    async <T,>(action: () => Promise<T>): Promise<T> => {
      try {
        return await action();
      } catch (error) {
        if (!isApiError(error) || error.code !== errors.stepUpRequired) throw error;
        await ask();
        return action();
      }
    },
    [ask],
  );

  const settle = (confirmed: boolean) => {
    setOpen(false);
    const pending = waiting.current;
    waiting.current = null;
    if (confirmed) pending?.resolve();
    else pending?.reject(new StepUpCancelled());
  };

  const dialog = <StepUpDialog open={open} onConfirmed={() => settle(true)} onCancel={() => settle(false)} />;
  return { run, dialog };
}
