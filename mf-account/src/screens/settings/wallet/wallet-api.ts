import { getRootStore } from '@swx/shared';
import type { DappNonce, DappSignedMessage, WalletList } from '@swx/shared/contract';

const api = () => getRootStore().api;

/** The settings' wallet calls (docs/api.md, wallet sign-in). */
export const walletSettingsApi = {
  list(): Promise<WalletList> {
    return api().call('wallet.list', {});
  },
  nonce(): Promise<DappNonce> {
    return api().call('wallet.nonce', {});
  },
  link(body: DappSignedMessage): Promise<WalletList> {
    return api().call('wallet.link', { body });
  },
  unlink(address: string): Promise<WalletList> {
    return api().call('wallet.unlink', { body: { address } });
  },
};

export type WalletSettingsApi = typeof walletSettingsApi;
