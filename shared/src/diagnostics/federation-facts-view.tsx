import { useId } from 'react';
import { useNamespace } from '../i18n/create-i18n';
import type { SocketState } from '../socket/socket-client';
import { diagnosticsResources } from './diagnostics-strings';
import type { FederationFacts, ModuleFacts } from './federation-facts';
import styles from './federation-facts-view.module.css';

/** Loaded, not yet, or why not: the library and range a refusal names, so support can tell what to rebuild. */
function moduleStatus(module: ModuleFacts, t: (key: string, options?: Record<string, unknown>) => string) {
  const { problem } = module;
  if (problem?.kind === 'sharedVersion') return t('refused', { ...problem });
  if (problem?.kind === 'failed') return t('failed', { message: problem.message });
  return module.loaded ? t('loaded') : t('notLoaded');
}

/**
 * The federation facts as support staff read them: each module with its version and manifest, the shared
 * library copies the runtime chose, and the live socket's state. The shell's diagnostics panel and a
 * module's standalone page show the same view.
 */
export function FederationFactsView({
  facts,
  socketState,
}: {
  facts: FederationFacts;
  socketState: SocketState;
}) {
  const { t } = useNamespace('diagnostics', diagnosticsResources);
  const modulesId = useId();
  const sharedId = useId();
  return (
    <div className={styles.facts} data-testid="federation-facts">
      <p className={styles.socket}>
        <span className={styles.label}>{t('socket')}: </span>
        <span data-testid="diagnostics-socket">{t(`socketStates.${socketState}`)}</span>
      </p>
      <div className={styles.scroll} role="region" aria-labelledby={modulesId} tabIndex={0}>
        <table className={styles.table}>
          <caption id={modulesId}>{t('modules')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('module')}</th>
              <th scope="col">{t('version')}</th>
              <th scope="col">{t('manifest')}</th>
              <th scope="col">{t('status')}</th>
            </tr>
          </thead>
          <tbody>
            {facts.modules.map((module) => (
              <tr key={module.name} data-module={module.name}>
                <th scope="row">{module.name}</th>
                <td data-testid={`version-${module.name}`}>{module.version ?? t('unknown')}</td>
                <td className={styles.url}>{module.manifestUrl ?? t('unknown')}</td>
                <td data-testid={`status-${module.name}`}>{moduleStatus(module, t)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className={styles.scroll} role="region" aria-labelledby={sharedId} tabIndex={0}>
        <table className={styles.table}>
          <caption id={sharedId}>{t('sharedLibraries')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('library')}</th>
              <th scope="col">{t('version')}</th>
              <th scope="col">{t('copyOf')}</th>
              <th scope="col">{t('usedBy')}</th>
            </tr>
          </thead>
          <tbody>
            {facts.shared.length === 0 ? (
              <tr>
                <td colSpan={4}>{t('noneLoaded')}</td>
              </tr>
            ) : (
              facts.shared.map((library) => (
                <tr key={`${library.name}@${library.version}:${library.from}`} data-library={library.name}>
                  <th scope="row">{library.name}</th>
                  <td>{library.version}</td>
                  <td>{library.from}</td>
                  <td>{library.usedBy.join(', ')}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
