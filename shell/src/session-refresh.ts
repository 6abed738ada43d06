import type { RootStore } from './shell-context';

/**
 * On start-up a stored session is checked with the server: the customer record is refreshed, and an
 * expired token answers 401, which the SDK turns into "session cleared, go to login". Without a network the
 * stored record stays as it is.
 */
export async function refreshSession(root: RootStore): Promise<void> {
  if (!root.session.isLoggedIn) return;
  try {
    root.session.setUserInfo(await root.api.call('auth.userInfo'));
  } catch {
    // 401 is already handled by the API client; any other failure keeps the stored record.
  }
}
