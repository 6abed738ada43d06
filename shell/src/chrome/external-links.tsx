import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useShell } from '../shell-context';
import { goToDownloadPage, openInNewWindow, type ExternalPageKey } from './external-pages';

/**
 * Click handlers for the download-app, lecturer-hall and online-support entries of the top bars. Without a
 * download address, download-app opens the install dialog (`installing`, closed with `closeInstall`).
 */
export function useExternalPages() {
  const { root, notify } = useShell();
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const [installing, setInstalling] = useState(false);
  const fail = () => notify(t('nav.linkFailed'), 'error');
  return {
    download: () =>
      void goToDownloadPage(root.api, (path) => void navigate(path)).then(
        (outcome) => outcome === 'install' && setInstalling(true),
        fail,
      ),
    open: (key: Exclude<ExternalPageKey, 'down_url'>) => void openInNewWindow(root.api, key).catch(fail),
    installing,
    closeInstall: () => setInstalling(false),
  };
}
