import { SocialCallback } from '../../social';

/** The return page of a social sign-in: the work is the social module's (`src/social`). */
export function LoginCallbackScreen() {
  return <SocialCallback />;
}
