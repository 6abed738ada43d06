import type * as Viem from 'viem';
import type { Hex } from 'viem';
import type * as Siwe from 'viem/siwe';
import type { SiweMessage } from 'viem/siwe';
import { onFirstUse } from '../../platform/on-first-use';
import { errors } from '@swx/shared/contract';
import { AppError } from '../../http/errors';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (platform/on-first-use.ts)
const viem = onFirstUse(() => require('viem') as typeof Viem);
// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (platform/on-first-use.ts)
const siwe = onFirstUse(() => require('viem/siwe') as typeof Siwe);

/**
 * The rules a Sign-In with Ethereum (EIP-4361) message must meet before its nonce is spent. Pure functions
 * over viem's SIWE utilities; the service adds the nonce's own life and single use.
 */

/** What this site expects in every message: taken from the configured public URL, never from the request. */
export interface SiweExpectations {
  /** RFC 3986 authority, e.g. `swx.example.com` or `localhost:8080`. */
  domain: string;
  /** Origin the message's `URI` must belong to, e.g. `https://swx.example.com`. */
  origin: string;
  chainId: number;
}

/** Clock skew allowed between a wallet's device and the server for `Issued At`. */
const ISSUED_AT_SKEW_MS = 60_000;

export function expectationsFrom(publicUrl: string, chainId: number): SiweExpectations {
  const url = new URL(publicUrl);
  return { domain: url.host, origin: url.origin, chainId };
}

/**
 * Parses a message and checks it is well formed. viem's parser is lenient (it finds the fields anywhere in
 * the text), so the message is rebuilt from what was parsed and must come out byte for byte the same: a
 * message with extra lines, missing fields or a malformed value is refused whole (11120).
 */
export function parseStrictly(text: string): SiweMessage {
  const fields = siwe().parseSiweMessage(text);
  if (
    fields.domain === undefined ||
    fields.address === undefined ||
    fields.uri === undefined ||
    fields.version !== '1' ||
    fields.chainId === undefined ||
    fields.nonce === undefined ||
    fields.issuedAt === undefined
  ) {
    throw new AppError(errors.walletMessageInvalid);
  }
  const message = { ...fields } as SiweMessage;
  let rebuilt: string;
  try {
    rebuilt = siwe().createSiweMessage(message);
  } catch {
    throw new AppError(errors.walletMessageInvalid);
  }
  if (rebuilt !== text) throw new AppError(errors.walletMessageInvalid);
  return message;
}

/**
 * Domain, URI, scheme and chain must be this site's (11121); the times must hold at `now` (11122): issued
 * no later than `now` (with a little skew), not expired, not before its `Not Before`.
 */
export function checkFields(message: SiweMessage, expected: SiweExpectations, now: Date): void {
  let uriOrigin: string | null;
  try {
    uriOrigin = new URL(message.uri).origin;
  } catch {
    uriOrigin = null;
  }
  const scheme = new URL(expected.origin).protocol.slice(0, -1);
  if (
    message.domain !== expected.domain ||
    uriOrigin !== expected.origin ||
    (message.scheme !== undefined && message.scheme !== scheme) ||
    message.chainId !== expected.chainId
  ) {
    throw new AppError(errors.walletMessageMismatch);
  }
  const issuedAt = message.issuedAt?.getTime() ?? Number.NaN;
  if (Number.isNaN(issuedAt) || issuedAt > now.getTime() + ISSUED_AT_SKEW_MS) {
    throw new AppError(errors.walletNonceInvalid);
  }
  if (!siwe().validateSiweMessage({ message, domain: expected.domain, time: now })) {
    throw new AppError(errors.walletNonceInvalid);
  }
}

/** Whether `signature` is the address's `personal_sign` of the exact text (EOA wallets; 11123 otherwise). */
export async function checkSignature(message: SiweMessage, text: string, signature: string): Promise<void> {
  let valid = false;
  try {
    valid = await viem().verifyMessage({
      address: message.address,
      message: text,
      signature: signature as Hex,
    });
  } catch {
    valid = false;
  }
  if (!valid) throw new AppError(errors.walletSignatureInvalid);
}

/** The stored form of an address (lower-case), and the form shown to people (EIP-55 checksum). */
export function storedAddress(address: string): string {
  return viem().getAddress(address).toLowerCase();
}

export function shownAddress(address: string): string {
  return viem().getAddress(address);
}
