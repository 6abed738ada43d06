import { StrictMode, useEffect, useMemo, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Route, Routes } from 'react-router-dom';
import { toaster } from '@swx/shared';
import { AppShell } from './app-shell';
import { FooterContentStore } from './chrome/footer-content';
import { followTheme } from './chrome/theme';
import { followLanguage } from './language';
import { RemoteDirectoryContext, type RemoteDirectoryStore } from './module-area/remote-directory';
import { refreshSession } from './session-refresh';
import { ShellContext, type RootStore, type ShellServices } from './shell-context';

/**
 * One catch-all route: the shell matches modules itself (route-table.ts), and below a `*` route a module's
 * own <Routes> resolve absolute paths from `/`.
 */
export function ShellRoutes() {
  return (
    <Routes>
      <Route path="*" element={<AppShell />} />
    </Routes>
  );
}

export interface ShellProvidersProps {
  root: RootStore;
  directory: RemoteDirectoryStore;
  /** The router (BrowserRouter in the page, MemoryRouter in tests) with <ShellRoutes /> inside. */
  children: ReactNode;
}

/** Everything the page needs around the router, wired together; bootstrap.tsx renders it, tests too. */
export function ShellProviders({ root, directory, children }: ShellProvidersProps) {
  const footer = useMemo(() => new FooterContentStore(root.api), [root]);
  const services = useMemo<ShellServices>(
    () => ({ root, footer, notify: (message, tone = 'info') => void toaster.show(message, { tone }) }),
    [root, footer],
  );
  useEffect(() => followLanguage({ root, footer }), [root, footer]);
  useEffect(() => followTheme(root), [root]);
  useEffect(() => directory.start(), [directory]);
  useEffect(() => void refreshSession(root), [root]);
  // Which feed the server runs, asked once per page for every module (they read `market.isSimulated`).
  useEffect(() => void root.loadFeedStatus(), [root]);
  return (
    <StrictMode>
      <I18nextProvider i18n={root.i18n}>
        <ShellContext.Provider value={services}>
          <RemoteDirectoryContext.Provider value={directory}>{children}</RemoteDirectoryContext.Provider>
        </ShellContext.Provider>
      </I18nextProvider>
    </StrictMode>
  );
}
