import { Type, type Static } from '@sinclair/typebox';
import { Body } from './common';
import { Email, InviteCode, LoginResult, Username, VerificationCode } from './auth';
import { errors } from './error-names';
import { SecondFactorChallenge } from './security';

/**
 * Wallet sign-in, Sign-In with Ethereum (EIP-4361): `GET /login/dappNonce` (our addition) issues a
 * single-use nonce, the client builds the message and the wallet signs it, `POST /login/loginByDapp
 * {message, signature}` (the seed's path) signs in. An address nobody has linked yet gets a short-lived
 * sign-up ticket instead; `POST /login/registerByDapp` turns it into an account (docs/decisions.md).
 */

/** The chain every sign-in message names (Ethereum mainnet). The signature itself is chain-independent. */
export const WALLET_CHAIN_ID = 1;

/** What the wallet shows above the message's fields; the server accepts any statement. */
export const WALLET_STATEMENT = 'Sign in to SWX. This request costs nothing and sends no transaction.';

/** How long a message may stay valid after it was issued; the client writes it as `Expiration Time`. */
export const WALLET_MESSAGE_MINUTES = 5;

/** An EIP-55 (or lower-case) Ethereum address. */
export const WalletAddress = Type.String({
  pattern: '^0x[0-9a-fA-F]{40}$',
  'x-code': errors.walletMessageInvalid,
  examples: ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'],
});

export const DappNonce = Type.Object({
  /** Alphanumeric, single use, to be written as the message's `Nonce`. */
  nonce: Type.String(),
  expiresAt: Type.String({ format: 'date-time' }),
  /** The `Chain ID` the message must carry. */
  chainId: Type.Integer(),
});
export type DappNonce = Static<typeof DappNonce>;

/** A signed EIP-4361 message: for sign-in, and again for linking a wallet from the settings. */
export const DappSignedMessage = Body({
  message: Type.String({ minLength: 1, maxLength: 4096, 'x-code': errors.walletMessageInvalid }),
  /** `personal_sign` output: 65 bytes (or the 64-byte EIP-2098 form), hex. */
  signature: Type.String({
    pattern: '^0x([0-9a-fA-F]{128}|[0-9a-fA-F]{130})$',
    'x-code': errors.walletSignatureInvalid,
  }),
});
export type DappSignedMessage = Static<typeof DappSignedMessage>;

/** The proof that the customer controls `address`, good for one sign-up until `expiresAt`. */
export const WalletSignUpTicket = Type.Object({
  ticket: Type.String(),
  address: Type.String(),
  expiresAt: Type.String({ format: 'date-time' }),
});
export type WalletSignUpTicket = Static<typeof WalletSignUpTicket>;

/** Signed in (a linked address), the second factor it still needs, or the ticket to create an account for a new one. */
export const DappLoginResult = Type.Union([
  LoginResult,
  SecondFactorChallenge,
  Type.Object({ signUp: WalletSignUpTicket }),
]);
export type DappLoginResult = Static<typeof DappLoginResult>;

/** A new account for a new wallet: a username, and an e-mail confirmed by its code (no password). */
export const DappRegisterBody = Body({
  ticket: Type.String({ minLength: 1, maxLength: 128, 'x-code': errors.walletSignUpExpired }),
  username: Username,
  email: Email,
  code: VerificationCode,
  inviteCode: Type.Optional(InviteCode),
});
export type DappRegisterBody = Static<typeof DappRegisterBody>;

export const LinkedWallet = Type.Object({
  /** EIP-55 checksummed. */
  address: Type.String(),
  linkedAt: Type.String({ format: 'date-time' }),
});
export type LinkedWallet = Static<typeof LinkedWallet>;

export const WalletList = Type.Object({
  wallets: Type.Array(LinkedWallet),
  /** Whether the account has a password; without one its last wallet cannot be unlinked. */
  hasPassword: Type.Boolean(),
});
export type WalletList = Static<typeof WalletList>;

export const UnlinkWalletBody = Body({ address: WalletAddress });
export type UnlinkWalletBody = Static<typeof UnlinkWalletBody>;

export function isWalletSignUp(result: DappLoginResult): result is { signUp: WalletSignUpTicket } {
  return 'signUp' in result;
}
