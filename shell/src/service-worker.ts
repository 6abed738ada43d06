/** Set by shell/webpack.config.cjs: true in a production build, which has sw.js. */
declare const __SWX_SERVICE_WORKER__: boolean | undefined;

/**
 * Registers the service worker Workbox builds into the production shell (sw.js: the shell's versioned files
 * and the offline page). Nothing in development, where files are not versioned, nor where unsupported.
 */
export function registerServiceWorker(
  nav: Navigator = navigator,
  production = typeof __SWX_SERVICE_WORKER__ !== 'undefined' && __SWX_SERVICE_WORKER__,
): void {
  if (!production || !('serviceWorker' in nav)) return;
  const register = () =>
    nav.serviceWorker.register('/sw.js').catch((error: unknown) => {
      // The site works without it, only not offline.
      console.warn('[shell] service worker not registered', error);
    });
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
