import { useCallback, useEffect, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { DiagnosticsPanel, diagnosticsRequested } from './chrome/diagnostics-panel';
import { Footer } from './chrome/footer';
import { LanguagePicker } from './chrome/language-picker';
import { OnboardingBoard } from './chrome/onboarding-board';
import { TabBar } from './chrome/tab-bar';
import { DesktopTopBar, MobileTopBar } from './chrome/top-bars';
import { ModuleArea } from './module-area/module-area';
import { NotFoundPage } from './not-found/not-found-page';
import { pageTitleKey } from './routes/page-title';
import { chromeFor, moduleForPath } from './routes/route-table';
import { ToastRegion } from '@swx/shared';
import styles from './app-shell.module.css';

/**
 * The page: chrome around one module area. The shell matches the route itself and renders the owning
 * module outside any matched <Route>, so a module's own <Routes> use absolute paths (`/profile/balance`).
 */
export const AppShell = observer(function AppShell() {
  const { t, i18n } = useTranslation('shell');
  const { pathname, search } = useLocation();
  const titleKey = pageTitleKey(pathname);
  // An address no page answers (no module, or a module's path it has no screen for) shows the not-found page.
  const moduleName = titleKey === 'notFound' ? null : moduleForPath(pathname);
  const chrome = chromeFor(pathname);
  const [languagesOpen, setLanguagesOpen] = useState(false);
  const openLanguages = useCallback(() => setLanguagesOpen(true), []);
  const [diagnosticsOpen, setDiagnosticsOpen] = useState(() => diagnosticsRequested(search));
  const main = useRef<HTMLElement>(null);

  // Moving to another page puts keyboard and screen-reader users at the start of the new content.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    main.current?.focus({ preventScroll: true });
  }, [pathname]);

  // Each tab names its page ("Trading · SWX"), in the page's language.
  useEffect(() => {
    document.title = t('title.format', { page: t(`title.${titleKey}`) });
  }, [t, titleKey, i18n.language]);

  return (
    <div className={styles.page}>
      <a className={styles.skipLink} href="#main-content">
        {t('skipToContent')}
      </a>
      {(chrome.desktopTopBar || chrome.mobileTopBar) && (
        <header className={styles.header}>
          {chrome.desktopTopBar && <DesktopTopBar onOpenLanguages={openLanguages} />}
          {chrome.mobileTopBar && <MobileTopBar onOpenLanguages={openLanguages} />}
        </header>
      )}
      <main
        id="main-content"
        ref={main}
        tabIndex={-1}
        className={[
          styles.main,
          chrome.tabBar ? styles.withTabBar : '',
          // The back office is a wide desk tool: its tables and review panes use the whole window.
          moduleName === 'mf_staff' ? styles.fullWidth : '',
        ]
          .filter(Boolean)
          .join(' ')}
      >
        {moduleName ? <ModuleArea key={moduleName} moduleName={moduleName} /> : <NotFoundPage />}
      </main>
      {chrome.footer && <Footer onOpenDiagnostics={() => setDiagnosticsOpen(true)} />}
      {chrome.tabBar && <TabBar />}
      <OnboardingBoard />
      <LanguagePicker open={languagesOpen} onClose={() => setLanguagesOpen(false)} />
      <DiagnosticsPanel open={diagnosticsOpen} onClose={() => setDiagnosticsOpen(false)} />
      <ToastRegion />
    </div>
  );
});
