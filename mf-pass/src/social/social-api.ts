import { getRootStore } from '@swx/shared';
import type {
  LoginResult,
  SignInResult,
  SocialCallbackResult,
  SocialProviderList,
  SocialStartResult,
} from '@swx/shared/contract';

const api = () => getRootStore().api;

/** `google` → the path segment of `/login/loginByGoogle` (the seed's name for the start). */
const startSegment = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/** Social sign-in calls (OpenID Connect; docs/decisions.md, "Social sign-in"). */
export const socialApi = {
  providers(): Promise<SocialProviderList> {
    return api().call('social.providers', {});
  },

  /** The provider's page to send the browser to; `returnTo` is where to land afterwards. */
  start(provider: string, returnTo: string): Promise<SocialStartResult> {
    return api().call('social.start', { params: { provider: startSegment(provider) }, body: { returnTo } });
  },

  /** Hands the provider's answer (the callback page's query string) to the server. */
  finish(provider: string, callback: string): Promise<SocialCallbackResult> {
    return api().call('social.finish', { params: { provider }, body: { callback } });
  },

  register(ticket: string, username: string): Promise<LoginResult> {
    return api().call('social.register', { body: { ticket, username } });
  },

  confirmLink(ticket: string, password: string): Promise<SignInResult> {
    return api().call('social.confirmLink', { body: { ticket, password } });
  },
};

export type SocialApi = typeof socialApi;
