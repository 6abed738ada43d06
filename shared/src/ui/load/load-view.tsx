import type { ReactNode } from 'react';
import { messageForError, type Translate } from '../../i18n/error-messages';
import { Button } from '../button';
import { EmptyState } from '../empty-state';
import { Skeleton } from '../skeleton';
import type { LoadState } from './use-load';

export interface LoadViewProps<T> {
  state: LoadState<T> & { reload: () => void };
  children: (data: T) => ReactNode;
  /**
   * The module's translator: `load.failed`, `load.retry` and `load.loading` live in each module's own
   * namespace, so the texts stay where the module's translators keep them.
   */
  t: Translate;
  /** Skeleton lines while the first answer is on its way. */
  lines?: number;
  /** A failed reload keeps what is already shown instead of replacing it with the error. */
  keepDataOnError?: boolean;
}

/** Skeleton while loading, the error with a retry button on failure, else the content. */
export function LoadView<T>({ state, children, t, lines = 4, keepDataOnError = false }: LoadViewProps<T>) {
  if (state.status === 'error' && !(keepDataOnError && state.data !== null)) {
    return (
      <div role="alert">
        <EmptyState
          title={t('load.failed')}
          description={messageForError(state.error, t)}
          action={
            <Button variant="secondary" onClick={state.reload}>
              {t('load.retry')}
            </Button>
          }
        />
      </div>
    );
  }
  if (state.data === null) {
    return (
      <div aria-busy="true" aria-label={t('load.loading')}>
        <Skeleton lines={lines} />
      </div>
    );
  }
  return <>{children(state.data)}</>;
}
