import type { NavigateFunction } from 'react-router-dom';
import { getRootStore } from '@swx/shared';
import { needsSecondFactor, type LoginResult, type SignInResult } from '@swx/shared/contract';
import { safeRedirect } from './redirect/redirect';

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

/** What the second-factor page receives from whichever sign-in asked for it. */
export interface SecondFactorState {
  secondFactor: { ticket: string; methods: string[]; expiresAt: string };
  redirect: string | null;
}

/**
 * Goes on after a sign-in's first step: into the session, or — two-factor on — to the second-factor page
 * with the ticket (kept in the history entry's state, never in the URL).
 */
export function continueSignIn(
  result: SignInResult,
  navigate: NavigateFunction,
  redirect: string | null,
): void {
  if (needsSecondFactor(result)) {
    const state: SecondFactorState = { secondFactor: result.secondFactor, redirect };
    navigate('/pass/2fa', { state });
    return;
  }
  startSession(result);
  navigate(safeRedirect(redirect), { replace: true });
}
