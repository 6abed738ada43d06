import { getRootStore } from '@swx/shared';
import type { SocialIdentities } from '@swx/shared/contract';

const api = () => getRootStore().api;

/** Linked sign-in providers of the signed-in customer (docs/decisions.md, "Social sign-in"). */
export const socialSettingsApi = {
  identities(): Promise<SocialIdentities> {
    return api().call('social.identities', {});
  },
  /** The provider's page; the provider sends the browser back to the callback page, then here. */
  async link(provider: string): Promise<string> {
    const { authorizationUrl } = await api().call('social.link', {
      params: { provider },
      body: { returnTo: '/profile/settings' },
    });
    return authorizationUrl;
  },
  unlink(provider: string): Promise<SocialIdentities> {
    return api().call('social.unlink', { params: { provider } });
  },
};

export type SocialSettingsApi = typeof socialSettingsApi;
