import { useState, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { NavLink } from 'react-router-dom';
import { Button, getRootStore } from '@swx/shared';
import { useStaffStrings, staffLanguages } from '../../i18n';
import { useStaffSession, type StaffSession } from '../../session';
import { navGroups, type NavItem } from './nav-items';
import styles from './staff-layout.module.css';

/** Whether the signed-in member sees a section. */
export function mayOpen(session: StaffSession, item: NavItem): boolean {
  if (!session.canCallAny(item.needs)) return false;
  return item.role === undefined || session.roles.includes(item.role);
}

const languageNames: Record<(typeof staffLanguages)[number], string> = { en: 'English', 'zh-CN': '简体中文' };

const LanguageSwitch = observer(function LanguageSwitch() {
  const { t } = useStaffStrings();
  const settings = getRootStore().settings;
  return (
    <div className={styles.languages} role="group" aria-label={t('layout.language')}>
      {staffLanguages.map((lang) => (
        <Button
          key={lang}
          size="small"
          variant={settings.language === lang ? 'primary' : 'ghost'}
          aria-pressed={settings.language === lang}
          lang={lang}
          onClick={() => settings.setLanguage(lang)}
        >
          {languageNames[lang]}
        </Button>
      ))}
    </div>
  );
});

/**
 * The back office frame: who is signed in, the sections their roles open, and the page. On a phone the
 * sections fold under a button above the page (a column beside it would leave the page too narrow to read);
 * choosing one folds them again.
 */
export const StaffLayout = observer(function StaffLayout({ children }: { children: ReactNode }) {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const [sectionsOpen, setSectionsOpen] = useState(false);
  const me = session.me;
  return (
    <div className={styles.layout} data-testid="staff-layout">
      <header className={styles.header}>
        <p className={styles.brand}>{t('layout.brand')}</p>
        <Button
          size="small"
          variant="secondary"
          className={styles.sectionsButton}
          aria-expanded={sectionsOpen}
          aria-controls="staff-sections"
          onClick={() => setSectionsOpen((open) => !open)}
        >
          {t('layout.menu')}
        </Button>
        <div className={styles.who}>
          <span data-testid="staff-who">{me?.username}</span>
          <span className={styles.roles}>
            {session.roles.map((role) => t(`roles.names.${role}`)).join(' · ')}
          </span>
          <LanguageSwitch />
          <Button size="small" variant="secondary" onClick={() => void session.signOut()}>
            {t('layout.signOut')}
          </Button>
        </div>
      </header>
      <nav
        id="staff-sections"
        className={[styles.nav, sectionsOpen ? styles.navOpen : ''].filter(Boolean).join(' ')}
        aria-label={t('layout.sections')}
      >
        {navGroups.map((group) => {
          const items = group.items.filter((item) => mayOpen(session, item));
          if (items.length === 0) return null;
          return (
            <div key={group.label}>
              <p className={styles.groupLabel}>{t(group.label)}</p>
              <ul className={styles.group}>
                {items.map((item) => (
                  <li key={item.path}>
                    <NavLink
                      to={item.path}
                      end={item.path === '/staff'}
                      onClick={() => setSectionsOpen(false)}
                      className={({ isActive }) =>
                        [styles.link, isActive ? styles.active : ''].filter(Boolean).join(' ')
                      }
                    >
                      {t(item.label)}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      </nav>
      <div className={styles.main} id="staff-main">
        {children}
      </div>
    </div>
  );
});
