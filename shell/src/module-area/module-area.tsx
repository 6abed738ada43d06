import {
  Component,
  lazy,
  Suspense,
  useEffect,
  useState,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { observer } from 'mobx-react-lite';
import { Button, Skeleton } from '@swx/shared';
import { loadModuleRoutes } from '../remotes/load-remote';
import type { ModuleName } from '../routes/route-table';
import { useRemoteDirectory } from './remote-directory';
import { componentFromExpose } from './module-exports';
import styles from './module-area.module.css';

type LazyModule = ComponentType;

/**
 * One lazy component per module and manifest URL, reused while navigating. React.lazy remembers what it
 * loaded (or a rejected import) forever, so a new version in /remotes.json and Retry each get a fresh lazy
 * component (a new import through the federation runtime).
 */
const lazyModules = new Map<ModuleName, { entry: string | undefined; component: LazyModule }>();

function createLazyModule(name: ModuleName, entry: string | undefined): LazyModule {
  const component = lazy(async () => ({ default: componentFromExpose(await loadModuleRoutes(name)) }));
  lazyModules.set(name, { entry, component });
  return component;
}

export function lazyModule(name: ModuleName, entry?: string): LazyModule {
  const cached = lazyModules.get(name);
  return cached && cached.entry === entry ? cached.component : createLazyModule(name, entry);
}

export function freshLazyModule(name: ModuleName, entry?: string): LazyModule {
  return createLazyModule(name, entry);
}

/** Forgets every cached lazy module (tests). */
export function resetLazyModules(): void {
  lazyModules.clear();
}

function isLoadFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || /chunk|RUNTIME-00[38]|remoteEntry|manifest/i.test(error.message);
}

interface BoundaryProps {
  moduleName: ModuleName;
  /** The current path: moving to another screen of the same module gives that screen a fresh chance. */
  resetKey: string;
  onRetry: () => void;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
}

/** Catches a module that fails to load or throws while rendering, so the rest of the page keeps working. */
export class ModuleErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error: error ?? new Error('unknown module error') };
  }

  override componentDidUpdate(previous: BoundaryProps): void {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`[shell] module ${this.props.moduleName} failed`, error, info.componentStack);
  }

  override render() {
    if (this.state.error) {
      return (
        <ModuleErrorPanel
          loadFailure={isLoadFailure(this.state.error)}
          onRetry={() => {
            this.setState({ error: null });
            this.props.onRetry();
          }}
        />
      );
    }
    return this.props.children;
  }
}

function ModuleErrorPanel({ loadFailure, onRetry }: { loadFailure: boolean; onRetry: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <section className={styles.panel} role="alert" aria-labelledby="module-error-title">
      <h1 id="module-error-title" className={styles.title}>
        {loadFailure ? t('moduleArea.chunkLoadError') : t('moduleArea.crashed')}
      </h1>
      <p className={styles.text}>
        {loadFailure ? t('moduleArea.chunkLoadErrorHint') : t('moduleArea.crashedHint')}
      </p>
      <Button onClick={onRetry}>{t('moduleArea.retry')}</Button>
    </section>
  );
}

function ModuleUnavailablePanel({ onRetry, checking }: { onRetry: () => void; checking: boolean }) {
  const { t } = useTranslation('shell');
  return (
    <section className={styles.panel} role="status" aria-labelledby="module-unavailable-title">
      <h1 id="module-unavailable-title" className={styles.title}>
        {t('moduleArea.unavailable')}
      </h1>
      <p className={styles.text}>{t('moduleArea.unavailableHint')}</p>
      <Button onClick={onRetry} disabled={checking}>
        {t('moduleArea.retry')}
      </Button>
    </section>
  );
}

function ModuleLoading() {
  const { t } = useTranslation('shell');
  return (
    <div className={styles.loading} aria-busy="true" aria-label={t('moduleArea.loading')}>
      <Skeleton />
    </div>
  );
}

/**
 * The area of the page a feature module fills. A module missing from /remotes.json (not deployed) gets an
 * honest "unavailable" panel; one that fails to load or crashes gets an error panel; both offer Retry.
 */
export const ModuleArea = observer(function ModuleArea({ moduleName }: { moduleName: ModuleName }) {
  const directory = useRemoteDirectory();
  const { pathname } = useLocation();
  const [attempt, setAttempt] = useState(0);
  // The area is keyed by module (app-shell.tsx): mounting it is a navigation into it.
  useEffect(() => directory.enterModuleArea(), [directory]);

  if (directory.status === 'loading') return <ModuleLoading />;
  if (!directory.has(moduleName)) {
    return (
      <ModuleUnavailablePanel
        checking={directory.status === 'refreshing'}
        onRetry={() => void directory.refresh()}
      />
    );
  }
  const entry = directory.entryOf(moduleName);
  const ModuleRoutes = lazyModule(moduleName, entry);
  return (
    <ModuleErrorBoundary
      key={`${moduleName}:${entry}:${attempt}`}
      moduleName={moduleName}
      resetKey={pathname}
      onRetry={() => {
        freshLazyModule(moduleName, entry);
        setAttempt((n) => n + 1);
      }}
    >
      <Suspense fallback={<ModuleLoading />}>
        <ModuleRoutes />
      </Suspense>
    </ModuleErrorBoundary>
  );
});
