import type { ReactNode } from 'react';
import { Button, EmptyState, Skeleton, messageForError } from '@swx/shared';
import { useNftT } from '../../i18n';
import type { LoadState } from './use-load';

interface LoadViewProps<T> {
  state: LoadState<T> & { reload: () => void };
  children: (data: T) => ReactNode;
  /** Skeleton lines while the first answer is on its way. */
  lines?: number;
}

/** Skeleton while loading, the error with a retry button on failure, else the content. */
export function LoadView<T>({ state, children, lines = 4 }: LoadViewProps<T>) {
  const { t } = useNftT();
  if (state.status === 'error' && state.data === null) {
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
