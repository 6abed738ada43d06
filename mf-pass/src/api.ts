import { getRootStore } from '@swx/shared';
import type {
  CheckNameResult,
  CodeScene,
  LoginBody,
  LoginResult,
  RegisterBody,
  RepasswordBody,
  SuccessCode,
} from '@swx/shared/contract';

const api = () => getRootStore().api;

/** The sign-in module's calls (PRODUCT.md §3, pinned payloads). */
export const passApi = {
  login(body: LoginBody): Promise<LoginResult> {
    return api().post<LoginResult>('/login/login', body);
  },

  register(body: RegisterBody): Promise<LoginResult> {
    return api().post<LoginResult>('/login/register', body);
  },

  /** E-mails a 6-digit code, valid 10 minutes. */
  async sendCode(email: string, scene: CodeScene): Promise<void> {
    await api().post<null>('/login/sendCode', { email, scene });
  },

  /** Whether a username or an e-mail is still free (exactly one of the two per call). */
  async isAvailable(query: { username: string } | { email: string }): Promise<boolean> {
    const result = await api().get<CheckNameResult>('/login/checkUserNameOrPhone', query);
    return result.available;
  },

  /**
   * Forgotten password: the e-mailed code proves the address; the server signs out every session.
   * Answers the success code the server confirmed with (20005, "modified successfully").
   */
  async resetPassword(
    body: Required<Pick<RepasswordBody, 'email' | 'code' | 'password' | 'confirmPassword'>>,
  ): Promise<SuccessCode> {
    const answer = await api().submit<null>('/user/repassword', body);
    return answer.successCode ?? '20005';
  },
};

export type PassApi = typeof passApi;
