import { useCallback, useEffect, useRef, useState } from 'react';

export type LoadState<T> =
  | { status: 'loading'; data: T | null; error: null }
  | { status: 'ready'; data: T; error: null }
  | { status: 'error'; data: T | null; error: unknown };

interface Outcome<T> {
  /** Which request (deps and attempt) this answers. */
  request: string;
  deps: string;
  data: T | null;
  error: unknown;
  ok: boolean;
}

/**
 * Loads a screen's data, again when `deps` change or on `reload()`. An answer only counts for the request
 * that asked for it: switching language or account mode quickly must not show the older answer.
 */
export function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[]) {
  const depsKey = JSON.stringify(deps);
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<Outcome<T> | null>(null);
  const request = `${depsKey}#${attempt}`;

  useEffect(() => {
    let current = true;
    loadRef.current().then(
      (data) => {
        if (current) setOutcome({ request, deps: depsKey, data, error: null, ok: true });
      },
      (error: unknown) => {
        if (current)
          setOutcome((previous) => ({
            request,
            deps: depsKey,
            data: previous?.deps === depsKey ? previous.data : null,
            error,
            ok: false,
          }));
      },
    );
    return () => {
      current = false;
    };
  }, [request, depsKey]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  // While a new request runs, the previous answer for the same deps stays on screen (no flash of skeleton).
  const data = outcome && outcome.deps === depsKey ? outcome.data : null;
  let state: LoadState<T>;
  if (outcome?.request !== request) state = { status: 'loading', data, error: null };
  else if (outcome.ok) state = { status: 'ready', data: outcome.data as T, error: null };
  else state = { status: 'error', data, error: outcome.error };
  return { ...state, reload };
}
