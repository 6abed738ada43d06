import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import {
  diagnosticsResources,
  FederationFactsView,
  fetchManifestVersion,
  Modal,
  readFederationFacts,
  useNamespace,
} from '@swx/shared';
import { moduleProblems } from '../remotes/load-remote';
import { useShell } from '../shell-context';
import styles from './chrome.module.css';

/** The shell's federation name (webpack.config.cjs): the host whose runtime registered every module. */
const SHELL_FEDERATION_NAME = 'swx_shell';

/** The shell's own manifest: its build version is the shell's version. */
const SHELL_MANIFEST = '/mf-manifest.json';

/** `?diagnostics=1` opens the panel on arrival: support staff can send a customer that link. */
export function diagnosticsRequested(search: string): boolean {
  return new URLSearchParams(search).get('diagnostics') === '1';
}

/**
 * For support staff: every module the page registered (version, the manifest it came from, loaded, not yet, or
 * refused and why),
 * the shared library copies the federation runtime chose and the live socket's state. Read when opened.
 */
export const DiagnosticsPanel = observer(function DiagnosticsPanel({
  open,
  onClose,
}: {
  open: boolean;
  onClose: () => void;
}) {
  const { root } = useShell();
  const { t } = useNamespace('diagnostics', diagnosticsResources);
  const [shellVersion, setShellVersion] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    let current = true;
    void fetchManifestVersion(SHELL_MANIFEST).then((version) => {
      if (current) setShellVersion(version);
    });
    return () => {
      current = false;
    };
  }, [open]);
  if (!open) return null;
  const facts = readFederationFacts(SHELL_FEDERATION_NAME);
  // A module the runtime refused (a shared version outside its range) or that failed says why.
  const problems = moduleProblems();
  const modules = facts.modules.map((module) => ({ ...module, problem: problems.get(module.name) ?? null }));
  const shell = {
    name: SHELL_FEDERATION_NAME,
    manifestUrl: new URL(SHELL_MANIFEST, window.location.origin).toString(),
    version: shellVersion,
    loaded: true,
  };
  return (
    <Modal open onClose={onClose} title={t('title')}>
      <FederationFactsView
        facts={{ ...facts, modules: [shell, ...modules] }}
        socketState={root.socket.state}
      />
    </Modal>
  );
});

/** The discreet control that opens the panel (in the footer). */
export function DiagnosticsButton({ onOpen }: { onOpen: () => void }) {
  const { t } = useNamespace('diagnostics', diagnosticsResources);
  return (
    <p className={styles.footerNote}>
      <button type="button" className={styles.diagnosticsButton} onClick={onOpen}>
        {t('open')}
      </button>
    </p>
  );
}
