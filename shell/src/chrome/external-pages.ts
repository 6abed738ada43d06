import type { ApiClient } from '@swx/shared';

/** Public parameters that hold the addresses of pages outside the app (seed §2, §7). */
export type ExternalPageKey = 'down_url' | 'live_room_url' | 'service_url';

/** Only web addresses: a parameter must never smuggle a `javascript:` URL into a click. */
export function safeWebUrl(value: string, base: string): string | null {
  try {
    const url = new URL(value.trim(), base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

async function pageUrl(api: Pick<ApiClient, 'call'>, key: ExternalPageKey): Promise<string> {
  const { paramValue } = await api.call('params.get', { params: { key } });
  const url = safeWebUrl(paramValue ?? '', window.location.origin);
  if (!url) throw new Error(`parameter ${key} is not a web address`);
  return url;
}

/**
 * Download-app: the page itself moves to the address in `down_url` — through the router when it is a page
 * of this site (no reload), as a full page load otherwise. An empty `down_url` means there is no store app:
 * the answer is `install`, and the caller offers to install this site as an app instead.
 */
export async function goToDownloadPage(
  api: Pick<ApiClient, 'call'>,
  navigate: (path: string) => void,
): Promise<'moved' | 'install'> {
  const { paramValue } = await api.call('params.get', { params: { key: 'down_url' } });
  if (!paramValue?.trim()) return 'install';
  const address = safeWebUrl(paramValue, window.location.origin);
  if (!address) throw new Error('parameter down_url is not a web address');
  const url = new URL(address);
  if (url.origin === window.location.origin) navigate(`${url.pathname}${url.search}${url.hash}`);
  else window.location.assign(url.toString());
  return 'moved';
}

/**
 * Lecturer hall and online support open in a new window. The window is opened during the click (popup
 * blockers refuse windows opened after an await) and pointed at the address once it has arrived.
 */
export async function openInNewWindow(api: Pick<ApiClient, 'call'>, key: ExternalPageKey): Promise<void> {
  const opened = window.open('about:blank', '_blank');
  if (opened) opened.opener = null;
  try {
    const url = await pageUrl(api, key);
    if (opened) opened.location.href = url;
    else window.open(url, '_blank', 'noopener');
  } catch (error) {
    opened?.close();
    throw error;
  }
}
