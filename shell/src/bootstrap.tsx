import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { createRootStore, languageReady, prepareNumberFormats } from '@swx/shared';
import '@swx/shared/theme.css';
import './global.css';
import { installPrompt } from './chrome/install-prompt';
import { followTheme } from './chrome/theme';
import { registerShellStrings } from './locales';
import { RemoteDirectoryStore } from './module-area/remote-directory';
import { createNavigationBridge } from './navigation-bridge';
import { registerServiceWorker } from './service-worker';
import { ShellProviders, ShellRoutes } from './shell-app';

declare global {
  interface Window {
    /** The root store, for the e2e test that proves host and modules share one instance (see below). */
    __SWX_ROOT__?: unknown;
  }
}

/** Opt-in only (`?debugRootStore`): the store holds the session, so it is not left on `window` by default. */
function exposeRootStoreRequested(): boolean {
  return new URLSearchParams(window.location.search).has('debugRootStore');
}

// The store exists before the router; the SDK's 401 handling navigates through the bridge.
const { navigate, NavigationBridge } = createNavigationBridge();
const root = createRootStore({ navigate });
registerShellStrings(root.i18n);
// The browser's install offer fires once, early: kept for the download-app entry.
installPrompt.listen();
// The chosen theme is on <html> before the first paint (no flash of the light theme).
followTheme(root);
// The one websocket of the page (prices and account events), owned by the shell.
root.socket.start();
if (exposeRootStoreRequested()) window.__SWX_ROOT__ = root;

function render() {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <ShellProviders root={root} directory={new RemoteDirectoryStore()}>
      <BrowserRouter>
        <NavigationBridge />
        <ShellRoutes />
      </BrowserRouter>
    </ShellProviders>,
  );
  // The language's number formats are built while the page waits for its module after the first paint, not
  // inside the first screen that shows a number (docs/performance/front-end.md).
  whenIdle(() => prepareNumberFormats());
}

function whenIdle(work: () => void) {
  if ('requestIdleCallback' in window) window.requestIdleCallback(work, { timeout: 2000 });
  else setTimeout(work, 200);
}

// The first render is in the customer's language: its strings (fetched since the entry chunk ran, see
// index.ts) are awaited first. English needs no wait; a failed fetch falls back to English.
const ready = languageReady(root.i18n, root.settings.language);
if (ready) void ready.then(render);
else render();
registerServiceWorker();
