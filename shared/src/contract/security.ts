import { Type, type Static } from '@sinclair/typebox';
import { Body, Id, TextLine } from './common';
import { Email, LoginResult, VerificationCode } from './auth';
import { cashierCoins, cashierNetworks } from './cashier';
import { errors } from './error-names';

/**
 * Customer account security (docs/security.md, "Customer account security"): two-factor sign-in (TOTP with
 * recovery codes, passkeys), step-up for sensitive actions, the withdrawal address book, withdrawal locks,
 * sessions and sign-in history, the anti-phishing code.
 */

/** What proves a second factor: an authenticator code, a recovery code, a passkey, an e-mailed code. */
export const SecondFactorMethod = Type.Union([
  Type.Literal('totp'),
  Type.Literal('recovery'),
  Type.Literal('passkey'),
  Type.Literal('email'),
]);
export type SecondFactorMethod = Static<typeof SecondFactorMethod>;

/** A 6-digit authenticator code, or a recovery code (`ABCD-EFGH-JK`, dashes and case ignored). */
export const FactorCode = Type.String({
  minLength: 6,
  maxLength: 24,
  pattern: '^[0-9A-Za-z -]+$',
  'x-code': errors.secondFactorWrong,
});

/** A WebAuthn answer as `@simplewebauthn/browser` returns it (JSON); checked by the server. */
export const WebAuthnResponse = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 1024 }),
    rawId: Type.String({ minLength: 1, maxLength: 1024 }),
    type: Type.Literal('public-key'),
    response: Type.Object({}, { additionalProperties: true }),
    clientExtensionResults: Type.Optional(Type.Object({}, { additionalProperties: true })),
    authenticatorAttachment: Type.Optional(Type.String({ maxLength: 32 })),
  },
  { additionalProperties: false, 'x-code': errors.passkeyRefused },
);
export type WebAuthnResponse = Static<typeof WebAuthnResponse>;

const CeremonyId = Type.String({
  pattern: '^[A-Za-z0-9_-]{16,64}$',
  'x-code': errors.passkeyCeremonyExpired,
});

/** A passkey's answer to one ceremony the server started. */
export const PasskeyAnswer = Type.Object(
  { ceremonyId: CeremonyId, response: WebAuthnResponse },
  { additionalProperties: false },
);
export type PasskeyAnswer = Static<typeof PasskeyAnswer>;

/** A WebAuthn ceremony the browser runs: `options` go to `@simplewebauthn/browser` as they are. */
export const PasskeyCeremony = Type.Object({
  ceremonyId: Type.String(),
  options: Type.Unknown(),
});
export type PasskeyCeremony = Static<typeof PasskeyCeremony>;

/**
 * Sign-in proved its first factor and the account has two-factor on: finish with `POST /login/secondFactor`
 * and the ticket (5 minutes, single use) by one of `methods`.
 */
export const SecondFactorChallenge = Type.Object({
  secondFactor: Type.Object({
    ticket: Type.String(),
    methods: Type.Array(SecondFactorMethod),
    expiresAt: Type.String({ format: 'date-time' }),
  }),
});
export type SecondFactorChallenge = Static<typeof SecondFactorChallenge>;

/** A sign-in's answer: a session, or the second factor it still needs. */
export const SignInResult = Type.Union([LoginResult, SecondFactorChallenge]);
export type SignInResult = Static<typeof SignInResult>;

export function needsSecondFactor(result: object): result is SecondFactorChallenge {
  return 'secondFactor' in result;
}

const Ticket = Type.String({ minLength: 1, maxLength: 128, 'x-code': errors.secondFactorExpired });

/** A code (`totp`, `recovery`) or a passkey's answer (`passkey`), by the method it belongs to. */
export const SecondFactorBody = Body({
  ticket: Ticket,
  method: SecondFactorMethod,
  code: Type.Optional(FactorCode),
  passkey: Type.Optional(PasskeyAnswer),
});
export type SecondFactorBody = Static<typeof SecondFactorBody>;

export const TicketBody = Body({ ticket: Ticket });
export type TicketBody = Static<typeof TicketBody>;

export const PasskeyLoginBody = Body({ passkey: PasskeyAnswer });
export type PasskeyLoginBody = Static<typeof PasskeyLoginBody>;

const NotMeToken = Type.String({ pattern: '^[A-Za-z0-9_-]{43}$', 'x-code': errors.notMeLinkInvalid });
export const NotMeBody = Body({ token: NotMeToken });
export type NotMeBody = Static<typeof NotMeBody>;

/** Every session ended and withdrawals locked until `lockedUntil`. */
export const NotMeResult = Type.Object({ lockedUntil: Type.String({ format: 'date-time' }) });
export type NotMeResult = Static<typeof NotMeResult>;

// ---- step-up ----

/**
 * Named actions that need a fresh second factor (`security/step-up.ts`). The proof is the session's and lasts
 * `windowMinutes` (param `step_up_minutes`); later work adds its own names here.
 */
export const sensitiveActions = [
  'withdraw',
  'addWithdrawalAddress',
  'whitelistOff',
  'changePassword',
  'changeEmail',
  'recoveryCodes',
  'addPasskey',
  'removePasskey',
  'linkWallet',
  'unlinkWallet',
  'linkSocial',
  'unlinkSocial',
  'antiPhishing',
  'downloadData',
  'closeAccount',
] as const;
export type SensitiveAction = (typeof sensitiveActions)[number];

export const StepUpStatus = Type.Object({
  /** The ways this customer can confirm: their factors, or `email` when they have none. */
  methods: Type.Array(SecondFactorMethod),
  /** Until when this session's last proof counts; null when there is none. */
  validUntil: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  windowMinutes: Type.Integer(),
});
export type StepUpStatus = Static<typeof StepUpStatus>;

export const StepUpStartBody = Body({
  method: Type.Union([Type.Literal('email'), Type.Literal('passkey')], {
    'x-code': errors.stepUpMethodUnavailable,
  }),
});
export type StepUpStartBody = Static<typeof StepUpStartBody>;

/** A started step-up: a passkey ceremony, or where the e-mailed code went (masked). */
export const StepUpStarted = Type.Object({
  passkey: Type.Union([PasskeyCeremony, Type.Null()]),
  sentTo: Type.Union([Type.String(), Type.Null()]),
});
export type StepUpStarted = Static<typeof StepUpStarted>;

export const StepUpBody = Body({
  method: SecondFactorMethod,
  code: Type.Optional(FactorCode),
  passkey: Type.Optional(PasskeyAnswer),
});
export type StepUpBody = Static<typeof StepUpBody>;

export const StepUpGranted = Type.Object({ validUntil: Type.String({ format: 'date-time' }) });
export type StepUpGranted = Static<typeof StepUpGranted>;

// ---- two-factor, passkeys ----

export const TotpEnrolment = Type.Object({
  secret: Type.String(),
  otpauthUri: Type.String(),
  /** An SVG data URI. */
  qrCode: Type.String(),
});
export type TotpEnrolment = Static<typeof TotpEnrolment>;

export const TotpCodeBody = Body({ code: FactorCode });
export type TotpCodeBody = Static<typeof TotpCodeBody>;

/** Ten one-time codes, shown once: only their hashes are kept. */
export const RecoveryCodes = Type.Object({ recoveryCodes: Type.Array(Type.String()) });
export type RecoveryCodes = Static<typeof RecoveryCodes>;

export const Passkey = Type.Object({
  id: Id,
  name: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  lastUsedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  backedUp: Type.Boolean(),
});
export type Passkey = Static<typeof Passkey>;

export const PasskeyList = Type.Array(Passkey);
export type PasskeyList = Static<typeof PasskeyList>;

export const PasskeyName = TextLine({ minLength: 1, maxLength: 40, 'x-code': errors.passkeyNameInvalid });

export const RegisterPasskeyBody = Body({ passkey: PasskeyAnswer, name: PasskeyName });
export type RegisterPasskeyBody = Static<typeof RegisterPasskeyBody>;

export const RenamePasskeyBody = Body({ id: Id, name: PasskeyName });
export type RenamePasskeyBody = Static<typeof RenamePasskeyBody>;

export const IdOnlyBody = Body({
  id: Type.String({ pattern: '^[1-9][0-9]{0,18}$', 'x-code': errors.notFound }),
});
export type IdOnlyBody = Static<typeof IdOnlyBody>;

// ---- withdrawal locks, address book ----

export const lockReasons = [
  'passwordReset',
  'passwordChange',
  'emailChange',
  'twoFactorOff',
  'twoFactorReset',
  'notMe',
] as const;
export type LockReason = (typeof lockReasons)[number];

export const WithdrawalLock = Type.Object({
  until: Type.String({ format: 'date-time' }),
  reason: Type.Union(lockReasons.map((reason) => Type.Literal(reason))),
});
export type WithdrawalLock = Static<typeof WithdrawalLock>;

const Coin = {
  ...Type.Union(cashierCoins.map((c) => Type.Literal(c))),
  'x-code': errors.coinOrNetworkUnsupported,
};
const Network = {
  ...Type.Union(cashierNetworks.map((n) => Type.Literal(n))),
  'x-code': errors.coinOrNetworkUnsupported,
};

export const WithdrawalAddress = Type.Object({
  id: Id,
  label: Type.String(),
  coin: Coin,
  network: Network,
  address: Type.String(),
  /** `pending`: waiting for its e-mailed code; `coolingOff`: confirmed, usable from `usableFrom`. */
  status: Type.Union([Type.Literal('pending'), Type.Literal('coolingOff'), Type.Literal('usable')]),
  usableFrom: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
});
export type WithdrawalAddress = Static<typeof WithdrawalAddress>;

/** What the withdraw page and the Security page show about where money may go, and whether it may now. */
export const AddressBook = Type.Object({
  whitelistMode: Type.Boolean(),
  coolingOffHours: Type.Number(),
  lock: Type.Union([WithdrawalLock, Type.Null()]),
  addresses: Type.Array(WithdrawalAddress),
});
export type AddressBook = Static<typeof AddressBook>;

export const AddressLabel = TextLine({ minLength: 1, maxLength: 40, 'x-code': errors.addressLabelInvalid });

export const AddAddressBody = Body({
  label: AddressLabel,
  coin: Coin,
  network: Network,
  address: Type.String({ minLength: 1, maxLength: 128, 'x-code': errors.addressIncorrect }),
});
export type AddAddressBody = Static<typeof AddAddressBody>;

export const ConfirmAddressBody = Body({ id: IdOnlyBody.properties.id, code: VerificationCode });
export type ConfirmAddressBody = Static<typeof ConfirmAddressBody>;

export const WhitelistBody = Body({ enabled: Type.Boolean() });
export type WhitelistBody = Static<typeof WhitelistBody>;

// ---- anti-phishing, e-mail ----

/** 4–20 characters, letters (any script), digits and single spaces; null removes it. */
export const AntiPhishingCode = TextLine({
  minLength: 1,
  maxLength: 40,
  'x-code': errors.antiPhishingInvalid,
});
export const AntiPhishingBody = Body({ code: Type.Union([AntiPhishingCode, Type.Null()]) });
export type AntiPhishingBody = Static<typeof AntiPhishingBody>;

export const EmailCodeBody = Body({ email: Email });
export type EmailCodeBody = Static<typeof EmailCodeBody>;

export const ChangeEmailBody = Body({ email: Email, code: VerificationCode });
export type ChangeEmailBody = Static<typeof ChangeEmailBody>;

// ---- overview, sessions, history ----

export const SecurityOverview = Type.Object({
  email: Type.String(),
  twoFactor: Type.Object({ enabled: Type.Boolean(), recoveryCodesLeft: Type.Integer() }),
  passkeys: PasskeyList,
  antiPhishingCode: Type.Union([Type.String(), Type.Null()]),
  whitelistMode: Type.Boolean(),
  lock: Type.Union([WithdrawalLock, Type.Null()]),
  stepUp: StepUpStatus,
});
export type SecurityOverview = Static<typeof SecurityOverview>;

export const CustomerDevice = Type.Object({
  /** e.g. "Chrome 126", "Firefox"; null when the browser did not say. */
  browser: Type.Union([Type.String(), Type.Null()]),
  os: Type.Union([Type.String(), Type.Null()]),
  /** The address truncated (`203.0.113.x`, `2001:db8:1::/48`). */
  address: Type.Union([Type.String(), Type.Null()]),
});
export type CustomerDevice = Static<typeof CustomerDevice>;

export const OwnSession = Type.Composite([
  Type.Object({
    id: Type.String(),
    createdAt: Type.String({ format: 'date-time' }),
    lastSeenAt: Type.String({ format: 'date-time' }),
    current: Type.Boolean(),
  }),
  CustomerDevice,
]);
export type OwnSession = Static<typeof OwnSession>;

export const OwnSessionList = Type.Array(OwnSession);
export type OwnSessionList = Static<typeof OwnSessionList>;

export const SessionIdBody = Body({
  id: Type.String({ pattern: '^[0-9a-f]{16}$', 'x-code': errors.customerSessionNotFound }),
});
export type SessionIdBody = Static<typeof SessionIdBody>;

export const signInMethods = ['password', 'passkey', 'wallet', 'provider'] as const;
export type SignInMethod = (typeof signInMethods)[number];

export const signInResults = [
  'succeeded',
  'passwordWrong',
  'secondFactorWrong',
  'secondFactorPending',
  'refused',
] as const;
export type SignInOutcome = (typeof signInResults)[number];

export const SignInEvent = Type.Composite([
  Type.Object({
    id: Type.String(),
    at: Type.String({ format: 'date-time' }),
    method: Type.Union(signInMethods.map((method) => Type.Literal(method))),
    provider: Type.Union([Type.String(), Type.Null()]),
    result: Type.Union(signInResults.map((result) => Type.Literal(result))),
    newDevice: Type.Boolean(),
  }),
  CustomerDevice,
]);
export type SignInEvent = Static<typeof SignInEvent>;

export const SignInHistory = Type.Array(SignInEvent);
export type SignInHistory = Static<typeof SignInHistory>;

export const securityChangeKinds = [
  'passwordChange',
  'passwordReset',
  'emailChange',
  'twoFactorOn',
  'twoFactorOff',
  'twoFactorReset',
  'passkeyAdded',
  'passkeyRemoved',
  'recoveryCodes',
  'whitelistOff',
  'antiPhishing',
  'lockLifted',
  'notMe',
] as const;
export type SecurityChangeKind = (typeof securityChangeKinds)[number];

/** A change to the account's security, as its notice e-mail told it. */
export const SecurityChangeEntry = Type.Object({
  id: Type.String(),
  at: Type.String({ format: 'date-time' }),
  change: Type.Union(securityChangeKinds.map((change) => Type.Literal(change))),
  detail: Type.Union([Type.String(), Type.Null()]),
});
export type SecurityChangeEntry = Static<typeof SecurityChangeEntry>;

export const SecurityChangeList = Type.Array(SecurityChangeEntry);
export type SecurityChangeList = Static<typeof SecurityChangeList>;

// ---- staff: lift a lock, reset lost factors (four eyes) ----

export const securityRequestActions = ['liftLock', 'resetFactors'] as const;
export type SecurityRequestAction = (typeof securityRequestActions)[number];

export const SecurityRequest = Type.Object({
  id: Id,
  userId: Id,
  username: Type.Union([Type.String(), Type.Null()]),
  action: Type.Union(securityRequestActions.map((action) => Type.Literal(action))),
  reason: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')]),
  requestedBy: Type.String(),
  requestedAt: Type.String({ format: 'date-time' }),
  decidedBy: Type.Union([Type.String(), Type.Null()]),
  decidedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  rejectReason: Type.Union([Type.String(), Type.Null()]),
});
export type SecurityRequest = Static<typeof SecurityRequest>;

export const SecurityRequestList = Type.Array(SecurityRequest);
export type SecurityRequestList = Static<typeof SecurityRequestList>;

export const CustomerSecurity = Type.Object({
  twoFactor: Type.Boolean(),
  passkeys: Type.Integer(),
  recoveryCodesLeft: Type.Integer(),
  whitelistMode: Type.Boolean(),
  lock: Type.Union([WithdrawalLock, Type.Null()]),
  requests: SecurityRequestList,
});
export type CustomerSecurity = Static<typeof CustomerSecurity>;

export const SecurityRequestBody = Body({
  action: Type.Union(
    securityRequestActions.map((action) => Type.Literal(action)),
    {
      'x-code': errors.invalidRequest,
    },
  ),
  reason: TextLine({ minLength: 3, maxLength: 500, 'x-code': errors.invalidRequest }),
});
export type SecurityRequestBody = Static<typeof SecurityRequestBody>;

export const SecurityRequestPath = Type.Object({ id: Id });
export type SecurityRequestPath = Static<typeof SecurityRequestPath>;

export const SecurityRequestQuery = Type.Object(
  {
    status: Type.Optional(
      Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')]),
    ),
  },
  { additionalProperties: false },
);
export type SecurityRequestQuery = Static<typeof SecurityRequestQuery>;

export const SecurityRejectBody = Body({
  reason: TextLine({ minLength: 1, maxLength: 500, 'x-code': errors.invalidRequest }),
});
export type SecurityRejectBody = Static<typeof SecurityRejectBody>;
