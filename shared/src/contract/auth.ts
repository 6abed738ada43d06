import { Type, type Static } from '@sinclair/typebox';
import { AccountMode, Body, Id } from './common';
import { errors } from './error-names';

/**
 * Sign-up, sign-in, session and password payloads (docs/product.md (the API), login and user groups).
 *
 * The schemas bound sizes and types and carry the catalogue code a failure answers with; the finer rules
 * (username characters after Unicode normalisation, password policy, matching confirmation) are the auth
 * service's, so the client and the server report the same code for the same mistake.
 */

/** 3–20 letters, digits or underscores after NFKC normalisation (checked by the service). */
export const Username = Type.String({
  minLength: 1,
  maxLength: 64,
  'x-code': errors.usernameIncorrect,
  examples: ['alice_01'],
});

/** Stored lower-cased; compared case-insensitively. */
export const Email = Type.String({
  minLength: 3,
  maxLength: 254,
  format: 'email',
  'x-code': errors.emailIncorrect,
  examples: ['alice@example.com'],
});

/** 8–64 characters with at least one letter and one digit (checked by the service). */
export const NewPassword = Type.String({ minLength: 1, maxLength: 128, 'x-code': errors.passwordWeak });

/**
 * The lowest zxcvbn score (0–4) a new password needs; below it the server answers 11012. 3 means "safely
 * unguessable" for an online attacker and keeps out every common or breached-list password (`password1`,
 * `qwerty123` score 0). Client and server use this one number, so the strength shown is the one enforced.
 */
export const MIN_PASSWORD_SCORE = 3;

/**
 * The customer's own words a password must not be built from: the username, the address and its parts
 * ("alice" and "example" of alice@example.com), passed to zxcvbn as user inputs.
 */
export function passwordUserInputs(user: {
  username?: string | undefined;
  email?: string | undefined;
}): string[] {
  const inputs = new Set<string>();
  const username = user.username?.trim().toLowerCase();
  if (username) inputs.add(username);
  const email = user.email?.trim().toLowerCase();
  if (email) {
    inputs.add(email);
    const [local, domain] = email.split('@');
    if (local) inputs.add(local);
    const name = domain?.split('.')[0];
    if (name) inputs.add(name);
  }
  return [...inputs];
}
export const ConfirmPassword = Type.String({ maxLength: 128, 'x-code': errors.passwordsDiffer });
/** A password typed to prove who you are: any wrong value answers 10004. */
export const CurrentPassword = Type.String({
  minLength: 1,
  maxLength: 128,
  'x-code': errors.passwordIncorrect,
});

/** The 6-digit code from the verification mail. */
export const VerificationCode = Type.String({
  pattern: '^[0-9]{6}$',
  'x-code': errors.verificationCodeWrong,
  examples: ['042917'],
});

export const CodeScene = Type.Union([Type.Literal('register'), Type.Literal('reset')], {
  description: 'register: before sign-up; reset: before a forgotten-password reset',
});
export type CodeScene = Static<typeof CodeScene>;

/** 8 characters from an alphabet without look-alikes (no 0/O, 1/I/L); an empty string means none. */
export const InviteCode = Type.String({
  maxLength: 32,
  'x-code': errors.inviteCodeUnknown,
  examples: ['K7M2QX9D'],
});

export const KycStatus = Type.Union([
  Type.Literal('unverified'),
  Type.Literal('pending'),
  Type.Literal('verified'),
  Type.Literal('failed'),
]);
export type KycStatus = Static<typeof KycStatus>;

export const SendCodeBody = Body({ email: Email, scene: CodeScene });
export type SendCodeBody = Static<typeof SendCodeBody>;

export const RegisterBody = Body({
  username: Username,
  email: Email,
  password: NewPassword,
  confirmPassword: ConfirmPassword,
  code: VerificationCode,
  inviteCode: Type.Optional(InviteCode),
});
export type RegisterBody = Static<typeof RegisterBody>;

export const LoginBody = Body({
  account: Type.String({
    minLength: 1,
    maxLength: 254,
    'x-code': errors.accountRequired,
    description: 'username or e-mail',
  }),
  password: CurrentPassword,
});
export type LoginBody = Static<typeof LoginBody>;

export const CheckNameQuery = Type.Object(
  {
    username: Type.Optional(Type.String({ maxLength: 64, 'x-code': errors.usernameIncorrect })),
    email: Type.Optional(Type.String({ maxLength: 254, 'x-code': errors.emailIncorrect })),
  },
  { additionalProperties: false, description: 'exactly one of username or email' },
);
export type CheckNameQuery = Static<typeof CheckNameQuery>;

export const CheckNameResult = Type.Object({ available: Type.Boolean() });
export type CheckNameResult = Static<typeof CheckNameResult>;

/**
 * `POST /user/repassword` has two forms on one path (docs/product.md, the API):
 * reset `{email, code, password, confirmPassword}` (forgotten password, signs out everywhere) and
 * change `{oldPassword, password, confirmPassword}` (signed in; signs out every other session).
 */
export const RepasswordBody = Body({
  email: Type.Optional(Email),
  code: Type.Optional(VerificationCode),
  oldPassword: Type.Optional(CurrentPassword),
  password: NewPassword,
  confirmPassword: ConfirmPassword,
});
export type RepasswordBody = Static<typeof RepasswordBody>;

export const AccountModeBody = Body({ mode: AccountMode });
export type AccountModeBody = Static<typeof AccountModeBody>;

/**
 * `POST /user/preferences`: trading preferences stored with the customer, so they follow them to every
 * device. `oneClickTrading` (off by default) skips the review before spot market orders and closing a
 * position; the settings page explains the risk before it is switched on.
 */
export const PreferencesBody = Body({ oneClickTrading: Type.Boolean() });
export type PreferencesBody = Static<typeof PreferencesBody>;

export const UserInfo = Type.Object({
  id: Id,
  username: Type.String(),
  email: Type.String(),
  kycStatus: KycStatus,
  inviteCode: Type.String(),
  /** The seed's local key: '1' demo, '0' real; mirrors `accountMode`. */
  virtualStatus: Type.Union([Type.Literal('1'), Type.Literal('0')]),
  accountMode: AccountMode,
  /** Orders that execute at once skip their review (set with `POST /user/preferences`); off by default. */
  oneClickTrading: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type UserInfo = Static<typeof UserInfo>;

export const LoginResult = Type.Object({
  token: Type.String({ description: 'send as the Authorization header (a "Bearer " prefix is accepted)' }),
  userInfo: UserInfo,
});
export type LoginResult = Static<typeof LoginResult>;
