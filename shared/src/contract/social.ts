import { Type, type Static } from '@sinclair/typebox';
import { Body } from './common';
import { UserInfo, Username } from './auth';
import { errors } from './error-names';
import { SecondFactorChallenge } from './security';

/**
 * Social sign-in (OpenID Connect) payloads: `POST /login/loginBy{provider}` starts, the page at
 * `/api/loginCallback/{provider}` finishes through `POST /login/socialCallback/{provider}` (docs/decisions.md,
 * "Social sign-in").
 */

/** A configured provider's name: lower-case letters and digits, as in `/api/loginCallback/google`. */
export const ProviderName = Type.String({
  pattern: '^[A-Za-z][A-Za-z0-9]{0,31}$',
  'x-code': errors.socialProviderUnknown,
});

export const ProviderPath = Type.Object({ provider: ProviderName });
export type ProviderPath = Static<typeof ProviderPath>;

export const SocialProvider = Type.Object({
  name: Type.String({ examples: ['google'] }),
  /** The name shown on the button ("Google"); brand names are not translated. */
  label: Type.String({ examples: ['Google'] }),
});
export type SocialProvider = Static<typeof SocialProvider>;

export const SocialProviderList = Type.Array(SocialProvider);
export type SocialProviderList = Static<typeof SocialProviderList>;

/** A path on this site (`/trade?code=BTC`), never another origin; checked again by the server. */
export const ReturnTo = Type.String({ maxLength: 512, 'x-code': errors.invalidRequest });

export const SocialStartBody = Body({ returnTo: Type.Optional(ReturnTo) });
export type SocialStartBody = Static<typeof SocialStartBody>;

export const SocialStartResult = Type.Object({ authorizationUrl: Type.String() });
export type SocialStartResult = Static<typeof SocialStartResult>;

/** The query string the provider sent the browser back with (`code`, `state`, `iss`, or `error`). */
export const SocialCallbackBody = Body({
  callback: Type.String({ maxLength: 4096, 'x-code': errors.socialAnswerRefused }),
});
export type SocialCallbackBody = Static<typeof SocialCallbackBody>;

const Ticket = Type.String({ minLength: 1, maxLength: 128, 'x-code': errors.socialAttemptExpired });

/**
 * What the callback led to: signed in; the second factor the account still needs; a new identity that needs a username; an identity whose verified
 * e-mail belongs to an existing account, which must confirm with its password; or (from settings) linked.
 */
export const SocialCallbackResult = Type.Union([
  Type.Object({
    outcome: Type.Literal('signedIn'),
    token: Type.String(),
    userInfo: UserInfo,
    returnTo: Type.String(),
  }),
  Type.Object({
    outcome: Type.Literal('secondFactor'),
    secondFactor: SecondFactorChallenge.properties.secondFactor,
    returnTo: Type.String(),
  }),
  Type.Object({
    outcome: Type.Literal('chooseUsername'),
    ticket: Type.String(),
    /** The provider's e-mail when it says it is verified, else null. */
    email: Type.Union([Type.String(), Type.Null()]),
    returnTo: Type.String(),
  }),
  Type.Object({
    outcome: Type.Literal('confirmLink'),
    ticket: Type.String(),
    email: Type.String(),
    returnTo: Type.String(),
  }),
  Type.Object({ outcome: Type.Literal('linked'), returnTo: Type.String() }),
]);
export type SocialCallbackResult = Static<typeof SocialCallbackResult>;

export const SocialRegisterBody = Body({ ticket: Ticket, username: Username });
export type SocialRegisterBody = Static<typeof SocialRegisterBody>;

export const SocialConfirmLinkBody = Body({
  ticket: Ticket,
  password: Type.String({ minLength: 1, maxLength: 128, 'x-code': errors.passwordIncorrect }),
});
export type SocialConfirmLinkBody = Static<typeof SocialConfirmLinkBody>;

export const SocialIdentity = Type.Object({
  provider: Type.String(),
  label: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
  linkedAt: Type.String({ format: 'date-time' }),
});
export type SocialIdentity = Static<typeof SocialIdentity>;

export const SocialIdentities = Type.Object({
  /** A password counts as a sign-in method: the last method cannot be removed. */
  hasPassword: Type.Boolean(),
  identities: Type.Array(SocialIdentity),
  /** Configured providers not linked yet, offered by settings. */
  available: SocialProviderList,
});
export type SocialIdentities = Static<typeof SocialIdentities>;
