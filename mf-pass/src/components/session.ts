import { getRootStore } from '@swx/shared';
import type { LoginResult } from '@swx/shared/contract';

/**
 * Starts the session the server just opened; the store keeps the seed's local keys (token, userInfo,
 * isLogin). The account mode stored for the customer (a new customer starts on demo) becomes the active
 * one, so every call carries the right `virtually` header and the DEMO marker shows from the first page.
 */
export function startSession({ token, userInfo }: LoginResult): void {
  const { session, settings } = getRootStore();
  // Another customer may still be signed in on this browser: their session ends first, so adopting the
  // mode below is not saved to their account (setAccountMode saves only while signed in).
  if (session.isLoggedIn) session.logout();
  void settings.setAccountMode(userInfo.accountMode);
  session.login(token, userInfo);
}
