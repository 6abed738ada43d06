import type { ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';
import { languageNames, type Lang } from '@swx/shared';
import { useShell } from '../shell-context';
import { AccountModeSwitch, ModeMarker } from './account-mode-switch';
import { useExternalPages } from './external-links';
import { DownloadIcon, GlobeIcon, LecturerIcon, SupportIcon } from './icons';
import { InstallDialog } from './install-dialog';
import { NotificationBell } from './notification-bell';
import { ThemeToggle } from './theme-toggle';
import styles from './chrome.module.css';

const navClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? `${styles.navLink} ${styles.active}` : styles.navLink;

/** A service link of the desktop bar: its icon, named by its label, which also shows as a tooltip. */
function ServiceLink({ label, icon, onClick }: { label: string; icon: ReactNode; onClick: () => void }) {
  return (
    <button type="button" className={styles.iconButton} aria-label={label} title={label} onClick={onClick}>
      {icon}
    </button>
  );
}

/**
 * Desktop top bar (seed §2): sections, download-app, lecturer hall, language, support, account entries. The
 * three service links are icons named by their labels (and a tooltip): with their words the bar did not fit
 * one row of 1,248 px in French or Spanish, nor in English on the real account (issue 32); the sections,
 * the language and the account switch keep their words.
 */
export const DesktopTopBar = observer(function DesktopTopBar({
  onOpenLanguages,
}: {
  onOpenLanguages: () => void;
}) {
  const { root } = useShell();
  const { t } = useTranslation('shell');
  const pages = useExternalPages();
  const loggedIn = root.session.isLoggedIn;
  return (
    <div className={styles.desktopBar} data-testid="desktop-top-bar">
      <Link to="/" className={styles.brand} aria-label={t('nav.brandHome')}>
        SWX
      </Link>
      <nav aria-label={t('nav.primary')} className={styles.primaryNav}>
        <ul className={styles.navList}>
          <li>
            <NavLink to="/" end className={navClass}>
              {t('nav.home')}
            </NavLink>
          </li>
          <li>
            <NavLink to="/market" className={navClass}>
              {t('nav.market')}
            </NavLink>
          </li>
          <li>
            <NavLink to="/trading" className={navClass}>
              {t('nav.trading')}
            </NavLink>
          </li>
          <li>
            <NavLink to="/profile" className={navClass}>
              {t('nav.profile')}
            </NavLink>
          </li>
        </ul>
      </nav>
      <div className={styles.actions}>
        <ServiceLink label={t('nav.downloadApp')} onClick={pages.download} icon={<DownloadIcon />} />
        <ServiceLink
          label={t('nav.lecturerHall')}
          onClick={() => pages.open('live_room_url')}
          icon={<LecturerIcon />}
        />
        <button
          type="button"
          className={styles.textButton}
          aria-haspopup="dialog"
          // The name starts with what is shown (axe: label-content-name-mismatch), then says what it does.
          aria-label={`${languageNames[root.settings.language as Lang]}, ${t('nav.chooseLanguage')}`}
          onClick={onOpenLanguages}
        >
          <GlobeIcon />
          <span>{languageNames[root.settings.language as Lang]}</span>
        </button>
        <ThemeToggle />
        <ServiceLink
          label={t('nav.support')}
          onClick={() => pages.open('service_url')}
          icon={<SupportIcon />}
        />
        {loggedIn ? (
          <>
            <ModeMarker />
            <AccountModeSwitch />
            <NotificationBell />
          </>
        ) : (
          <>
            <Link to="/pass/login" className={styles.textButton}>
              {t('nav.login')}
            </Link>
            <Link to="/pass/register" className={styles.primaryButton}>
              {t('nav.signUp')}
            </Link>
          </>
        )}
      </div>
      <InstallDialog open={pages.installing} onClose={pages.closeInstall} />
    </div>
  );
});

/** Mobile top bar (seed §2): language, the bell when signed in, support, login when signed out. */
export const MobileTopBar = observer(function MobileTopBar({
  onOpenLanguages,
}: {
  onOpenLanguages: () => void;
}) {
  const { root } = useShell();
  const { t } = useTranslation('shell');
  const pages = useExternalPages();
  const loggedIn = root.session.isLoggedIn;
  return (
    <div className={styles.mobileBar} data-testid="mobile-top-bar">
      <Link to="/" className={styles.brand} aria-label={t('nav.brandHome')}>
        SWX
      </Link>
      <ModeMarker />
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.iconButton}
          aria-haspopup="dialog"
          aria-label={t('nav.chooseLanguage')}
          onClick={onOpenLanguages}
        >
          <GlobeIcon />
        </button>
        <ThemeToggle />
        {loggedIn && <AccountModeSwitch compact />}
        {loggedIn && <NotificationBell />}
        <button
          type="button"
          className={styles.iconButton}
          aria-label={t('nav.support')}
          onClick={() => pages.open('service_url')}
        >
          <SupportIcon />
        </button>
        {!loggedIn && (
          <Link to="/pass/login" className={styles.primaryButton}>
            {t('nav.login')}
          </Link>
        )}
      </div>
    </div>
  );
});
