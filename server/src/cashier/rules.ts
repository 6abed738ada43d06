import { sha256 } from '@noble/hashes/sha2';
import { bech32, bech32m, createBase58check } from '@scure/base';
import { isCleanLine, type CashierNetwork } from '@swx/shared/contract';
import type * as Viem from 'viem';
import { onFirstUse } from '../platform/on-first-use';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (platform/on-first-use.ts)
const viem = onFirstUse(() => require('viem') as typeof Viem);

/**
 * Format rules for what customers type into the cashier forms: transaction hashes, addresses, card numbers.
 * They catch typos before a person reviews the request; they cannot prove a transaction exists.
 */

/** The chain a network's transactions live on: a hash is credited once per chain, whatever the token. */
export function chainOf(network: CashierNetwork): 'tron' | 'ethereum' | 'bitcoin' {
  if (network === 'TRC20') return 'tron';
  if (network === 'BTC') return 'bitcoin';
  return 'ethereum';
}

/** TRON and Bitcoin hashes are 64 hex digits; Ethereum's carry the `0x` prefix. Returns the stored form. */
export function normaliseTxHash(network: CashierNetwork, raw: string): string | undefined {
  const hash = raw.trim().toLowerCase();
  const pattern = chainOf(network) === 'ethereum' ? /^0x[0-9a-f]{64}$/ : /^[0-9a-f]{64}$/;
  return pattern.test(hash) ? hash : undefined;
}

const base58check = createBase58check(sha256);

/** A base58check payload (version byte + 20-byte hash) when the checksum holds. */
function base58Payload(text: string): Uint8Array | undefined {
  try {
    const payload = base58check.decode(text);
    return payload.length === 21 ? payload : undefined;
  } catch {
    return undefined;
  }
}

/** The witness version and program of a mainnet (`bc`) address in one checksum variant, if it decodes. */
function witness(
  coder: typeof bech32,
  address: string,
): { version: number; program: Uint8Array } | undefined {
  try {
    const { prefix, words } = coder.decode(address as `${string}1${string}`, 90);
    const [version, ...program] = words;
    if (prefix !== 'bc' || version === undefined) return undefined;
    return { version, program: coder.fromWords(program) };
  } catch {
    return undefined;
  }
}

/** A mainnet segwit address (`bc1...`): bech32 for version 0, bech32m for versions 1–16 (BIP 173/350). */
function isSegwitAddress(address: string): boolean {
  const v0 = witness(bech32, address);
  if (v0) return v0.version === 0 && (v0.program.length === 20 || v0.program.length === 32);
  const later = witness(bech32m, address);
  return (
    later !== undefined &&
    later.version >= 1 &&
    later.version <= 16 &&
    later.program.length >= 2 &&
    later.program.length <= 40
  );
}

/** Whether `address` is a well-formed receiving address on `network` (checksums verified where cheap). */
export function isValidAddress(network: CashierNetwork, address: string): boolean {
  switch (network) {
    case 'TRC20': {
      if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) return false;
      return base58Payload(address)?.[0] === 0x41;
    }
    case 'ERC20':
    case 'ETH':
      // An all-lower-case address carries no checksum; any capital letter must match EIP-55's checksum.
      return viem().isAddress(address, { strict: true });
    case 'BTC': {
      if (/^(bc1|BC1)/.test(address)) return isSegwitAddress(address);
      if (!/^[13][1-9A-HJ-NP-Za-km-z]{25,34}$/.test(address)) return false;
      const version = base58Payload(address)?.[0];
      return version === 0x00 || version === 0x05;
    }
    default:
      return false;
  }
}

/** Card numbers: 12 to 19 digits (spaces and dashes allowed in input) passing the Luhn check. */
export function normaliseCardNumber(raw: string): string | undefined {
  const digits = raw.replace(/[\s-]/g, '');
  if (!/^[0-9]{12,19}$/.test(digits)) return undefined;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0 ? digits : undefined;
}

/** For the customer's own lists: only the last four digits. */
export function maskCardNumber(card: string): string {
  return `**** ${card.slice(-4)}`;
}

/** The longest payee or bank name stored (the contract's bound). */
export const maxNameLength = 100;

/**
 * Payee and bank names as a reviewer will read them in the staff queue: Unicode NFC, runs of any white space
 * (no-break and ideographic spaces included) as one space, no leading or trailing space. A name holding a
 * control, bidi-override or zero-width character, or empty once cleaned, is refused (undefined → 11086):
 * those characters make a name read differently from what it is.
 */
export function normaliseName(raw: string): string | undefined {
  if (!isCleanLine(raw)) return undefined;
  const name = raw.normalize('NFC').replace(/\s+/gu, ' ').trim();
  return name.length > 0 && name.length <= maxNameLength ? name : undefined;
}
