import { observer } from 'mobx-react-lite';
import {
  diagnosticsResources,
  FederationFactsView,
  Modal,
  readFederationFacts,
  useNamespace,
} from '@swx/shared';
import { useShell } from '../shell-context';
import styles from './chrome.module.css';

/** The shell's federation name (webpack.config.cjs): the host whose runtime registered every module. */
const SHELL_FEDERATION_NAME = 'swx_shell';

/** `?diagnostics=1` opens the panel on arrival: support staff can send a customer that link. */
export function diagnosticsRequested(search: string): boolean {
  return new URLSearchParams(search).get('diagnostics') === '1';
}

/**
 * For support staff: every module the page registered (version, the manifest it came from, loaded or not),
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
  if (!open) return null;
  return (
    <Modal open onClose={onClose} title={t('title')}>
      <FederationFactsView
        facts={readFederationFacts(SHELL_FEDERATION_NAME)}
        socketState={root.socket.state}
      />
    </Modal>
  );
});

/** The discreet control that opens the panel (in the footer). */
export function DiagnosticsButton({ onOpen }: { onOpen: () => void }) {
  const { t } = useNamespace('diagnostics', diagnosticsResources);
  return (
    <button type="button" className={styles.diagnosticsButton} onClick={onOpen}>
      {t('open')}
    </button>
  );
}
