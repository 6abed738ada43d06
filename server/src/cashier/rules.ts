import crypto from 'node:crypto';
import { isCleanLine, type CashierCoin, type CashierNetwork } from '@swx/shared/contract';

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

/** Decimal places each coin is counted in on its chains (USDT: 6 on TRON and Ethereum, BTC: satoshis). */
export const coinDecimals: Record<CashierCoin, number> = { USDT: 6, BTC: 8, ETH: 18 };

export function decimalsOf(amount: string): number {
  const dot = amount.indexOf('.');
  return dot < 0 ? 0 : amount.length - dot - 1;
}

/** TRON and Bitcoin hashes are 64 hex digits; Ethereum's carry the `0x` prefix. Returns the stored form. */
export function normaliseTxHash(network: CashierNetwork, raw: string): string | undefined {
  const hash = raw.trim().toLowerCase();
  const pattern = chainOf(network) === 'ethereum' ? /^0x[0-9a-f]{64}$/ : /^[0-9a-f]{64}$/;
  return pattern.test(hash) ? hash : undefined;
}

const base58Alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function base58Decode(text: string): Buffer | undefined {
  let value = 0n;
  for (const char of text) {
    const digit = base58Alphabet.indexOf(char);
    if (digit < 0) return undefined;
    value = value * 58n + BigInt(digit);
  }
  let hex = value.toString(16);
  if (hex.length % 2) hex = `0${hex}`;
  const body = value === 0n ? Buffer.alloc(0) : Buffer.from(hex, 'hex');
  let zeros = 0;
  while (zeros < text.length && text[zeros] === '1') zeros += 1;
  return Buffer.concat([Buffer.alloc(zeros), body]);
}

const sha256 = (data: Buffer) => crypto.createHash('sha256').update(data).digest();

/** A base58check payload (version byte + 20-byte hash) when the checksum holds. */
function base58Check(text: string): Buffer | undefined {
  const bytes = base58Decode(text);
  if (!bytes || bytes.length !== 25) return undefined;
  const payload = bytes.subarray(0, 21);
  const checksum = sha256(sha256(payload)).subarray(0, 4);
  return checksum.equals(bytes.subarray(21)) ? payload : undefined;
}

const bech32Charset = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

function bech32Polymod(values: number[]): number {
  const generator = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let chk = 1;
  for (const value of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ value;
    for (let i = 0; i < 5; i += 1) if ((top >>> i) & 1) chk ^= generator[i]!;
  }
  return chk >>> 0;
}

/** A mainnet segwit address (`bc1...`): bech32 for version 0, bech32m for later versions (BIP 173/350). */
function isSegwitAddress(address: string): boolean {
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return false;
  const text = address.toLowerCase();
  if (!text.startsWith('bc1') || text.length < 14 || text.length > 74) return false;
  const data: number[] = [];
  for (const char of text.slice(3)) {
    const v = bech32Charset.indexOf(char);
    if (v < 0) return false;
    data.push(v);
  }
  const hrp = [...'bc'].map((c) => c.charCodeAt(0));
  const expanded = [...hrp.map((c) => c >> 5), 0, ...hrp.map((c) => c & 31)];
  const check = bech32Polymod([...expanded, ...data]);
  const version = data[0]!;
  if (version > 16) return false;
  const wanted = version === 0 ? 1 : 0x2bc830a3;
  if (check !== wanted) return false;
  // The witness program: 5-bit groups (without version and checksum) to bytes.
  const program = data.slice(1, -6);
  const bytes = (program.length * 5) >> 3;
  if (bytes < 2 || bytes > 40) return false;
  if (version === 0 && bytes !== 20 && bytes !== 32) return false;
  return true;
}

/** Whether `address` is a well-formed receiving address on `network` (checksums verified where cheap). */
export function isValidAddress(network: CashierNetwork, address: string): boolean {
  switch (network) {
    case 'TRC20': {
      if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) return false;
      return base58Check(address)?.[0] === 0x41;
    }
    case 'ERC20':
    case 'ETH':
      // EIP-55 mixed-case checksums need keccak-256, which Node's crypto lacks; any case is accepted.
      return /^0x[0-9a-fA-F]{40}$/.test(address);
    case 'BTC': {
      if (/^(bc1|BC1)/.test(address)) return isSegwitAddress(address);
      if (!/^[13][1-9A-HJ-NP-Za-km-z]{25,34}$/.test(address)) return false;
      const version = base58Check(address)?.[0];
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
