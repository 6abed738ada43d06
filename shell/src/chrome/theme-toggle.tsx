import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useShell } from '../shell-context';
import { MoonIcon } from './icons';
import { DARK_QUERY } from './theme';
import { useMediaQuery } from './use-media-query';
import styles from './chrome.module.css';

/** A switch between light and dark; the first press turns the system's current look into a choice. */
export const ThemeToggle = observer(function ThemeToggle() {
  const { root } = useShell();
  const { t } = useTranslation('shell');
  const systemDark = useMediaQuery(DARK_QUERY);
  const { theme } = root.settings;
  const dark = theme === 'dark' || (theme === 'system' && systemDark);
  return (
    <button
      type="button"
      className={styles.iconButton}
      aria-pressed={dark}
      aria-label={t('theme.dark')}
      title={t('theme.dark')}
      onClick={() => root.settings.setTheme(dark ? 'light' : 'dark')}
    >
      <MoonIcon />
    </button>
  );
});
