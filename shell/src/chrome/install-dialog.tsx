import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Button, Modal } from '@swx/shared';
import { installPrompt as defaultPrompt, type InstallPrompt } from './install-prompt';
import styles from './chrome.module.css';

/** iPhone and iPad browsers have no install prompt: there the site is added from Safari's Share menu. */
function isAppleMobile(userAgent: string): boolean {
  return /iPhone|iPad|iPod/.test(userAgent);
}

/** "Download app" without a store address: install this site as an app, or how to add it by hand. */
export const InstallDialog = observer(function InstallDialog({
  open,
  onClose,
  prompt = defaultPrompt,
}: {
  open: boolean;
  onClose: () => void;
  prompt?: InstallPrompt;
}) {
  const { t } = useTranslation('shell');
  const install = async () => {
    if (await prompt.install()) onClose();
  };
  return (
    <Modal
      open={open}
      title={t('install.title')}
      onClose={onClose}
      footer={
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={onClose}>
            {t('install.close')}
          </Button>
          {prompt.available && <Button onClick={() => void install()}>{t('install.install')}</Button>}
        </div>
      }
    >
      {prompt.installed ? (
        <p role="status">{t('install.installed')}</p>
      ) : (
        <>
          <p>{t('install.intro')}</p>
          {!prompt.available && (
            <p>{isAppleMobile(navigator.userAgent) ? t('install.ios') : t('install.manual')}</p>
          )}
        </>
      )}
    </Modal>
  );
});
