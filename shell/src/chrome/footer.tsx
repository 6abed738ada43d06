import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useShell } from '../shell-context';
import { detailHref } from './footer-content';
import { DiagnosticsButton } from './diagnostics-panel';
import styles from './chrome.module.css';
import { visuallyHiddenClass } from '@swx/shared';

/** Links to the footer content pages (legal information, disclaimer, risk warning, ...), from the API. */
export const Footer = observer(function Footer({ onOpenDiagnostics }: { onOpenDiagnostics: () => void }) {
  const { footer } = useShell();
  const { t } = useTranslation('shell');
  return (
    <footer className={styles.footer} data-testid="footer">
      <h2 className={visuallyHiddenClass}>{t('footer.heading')}</h2>
      {footer.items.length > 0 ? (
        <ul className={styles.footerLinks}>
          {footer.items.map((item) => (
            <li key={item.id}>
              <Link to={detailHref(item)}>{item.title}</Link>
            </li>
          ))}
        </ul>
      ) : (
        footer.status !== 'loading' && <p className={styles.footerEmpty}>{t('footer.empty')}</p>
      )}
      <p className={styles.footerNote}>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
      <DiagnosticsButton onOpen={onOpenDiagnostics} />
    </footer>
  );
});
