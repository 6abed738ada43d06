import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { languageNames, languages, Modal, type Lang } from '@swx/shared';
import { useShell } from '../shell-context';
import styles from './chrome.module.css';

/**
 * The ten languages, each named in itself. Choosing one stores it (`language`), which re-renders every
 * string, sets `<html lang dir>` and reloads the footer content list (see bootstrap's language reaction).
 */
export const LanguagePicker = observer(function LanguagePicker({
  open,
  onClose,
}: {
  open: boolean;
  onClose: () => void;
}) {
  const { root } = useShell();
  const { t } = useTranslation('shell');
  const current = root.settings.language as Lang;
  const choose = (lang: Lang) => {
    root.settings.setLanguage(lang);
    onClose();
  };
  return (
    <Modal open={open} title={t('language.title')} onClose={onClose}>
      <ul className={styles.languageList} aria-label={t('language.title')}>
        {languages.map((lang) => (
          <li key={lang}>
            <button
              type="button"
              lang={lang}
              className={
                lang === current ? `${styles.languageOption} ${styles.active}` : styles.languageOption
              }
              aria-pressed={lang === current}
              onClick={() => choose(lang)}
            >
              {languageNames[lang]}
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
});
