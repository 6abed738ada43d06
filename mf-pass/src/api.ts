import { getRootStore } from '@swx/shared';
import {
  successes,
  type CodeScene,
  type LoginBody,
  type LoginResult,
  type NotMeResult,
  type PasskeyAnswer,
  type PasskeyCeremony,
  type SecondFactorBody,
  type SignInResult,
  type RegisterBody,
  type RepasswordBody,
  type SuccessCode,
} from '@swx/shared/contract';

const api = () => getRootStore().api;

/** The sign-in module's calls (docs/product.md (the API), pinned payloads). */
export const passApi = {
  /** A session, or the second factor the account still needs. */
  login(body: LoginBody): Promise<SignInResult> {
    return api().call('auth.login', { body });
  },

  /** The second step: a code or a passkey's answer for the ticket. */
  secondFactor(body: SecondFactorBody): Promise<LoginResult> {
    return api().call('auth.secondFactor', { body });
  },

  secondFactorPasskey(ticket: string): Promise<PasskeyCeremony> {
    return api().call('auth.secondFactorPasskey', { body: { ticket } });
  },

  passkeyOptions(): Promise<PasskeyCeremony> {
    return api().call('auth.passkeyOptions');
  },

  passkeyLogin(passkey: PasskeyAnswer): Promise<LoginResult> {
    return api().call('auth.passkeyLogin', { body: { passkey } });
  },

  /** The new-device e-mail's link: every session ends and withdrawals lock. */
  notMe(token: string): Promise<NotMeResult> {
    return api().call('auth.notMe', { body: { token } });
  },

  register(body: RegisterBody): Promise<LoginResult> {
    return api().call('auth.register', { body });
  },

  /** E-mails a 6-digit code, valid 10 minutes. */
  async sendCode(email: string, scene: CodeScene): Promise<void> {
    await api().call('auth.sendCode', { body: { email, scene } });
  },

  /** Whether a username or an e-mail is still free (exactly one of the two per call). */
  async isAvailable(query: { username: string } | { email: string }): Promise<boolean> {
    const result = await api().call('auth.checkName', { query });
    return result.available;
  },

  /**
   * Forgotten password: the e-mailed code proves the address; the server signs out every session.
   * Answers the success code the server confirmed with (20005, "modified successfully").
   */
  async resetPassword(
    body: Required<Pick<RepasswordBody, 'email' | 'code' | 'password' | 'confirmPassword'>>,
  ): Promise<SuccessCode> {
    const answer = await api().submit('auth.repassword', { body });
    return answer.successCode ?? successes.modified;
  },
};

export type PassApi = typeof passApi;
