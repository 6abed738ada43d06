import { getRootStore } from '@swx/shared';
import type {
  DappLoginResult,
  DappNonce,
  DappRegisterBody,
  DappSignedMessage,
  LoginResult,
} from '@swx/shared/contract';

const api = () => getRootStore().api;

/** The wallet sign-in calls (docs/api.md, wallet sign-in). */
export const walletApi = {
  nonce(): Promise<DappNonce> {
    return api().call('wallet.nonce', {});
  },

  /** Signed in, or a sign-up ticket for an address no account has linked. */
  login(body: DappSignedMessage): Promise<DappLoginResult> {
    return api().call('wallet.login', { body });
  },

  register(body: DappRegisterBody): Promise<LoginResult> {
    return api().call('wallet.register', { body });
  },
};

export type WalletApi = typeof walletApi;
