import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * The rules for what customers type: usernames, e-mail addresses, passwords, codes and tokens. Pure
 * functions, shared by the service and its tests; each returns null (or false) for input it refuses.
 */

/**
 * Control, format (zero-width joiners and spaces, bidi overrides and isolates, BOM), line and paragraph
 * separators and unassigned code points: invisible or reorderable characters that let one name pose as
 * another, so they are refused before and after normalisation.
 */
const invisible = /[\p{Cc}\p{Cf}\p{Cn}\p{Co}\p{Cs}\p{Zl}\p{Zp}]/u;

/**
 * A username is 3–20 ASCII letters, digits or underscores after NFKC normalisation, so full-width and other
 * compatibility look-alikes ("ａｌｉｃｅ") become the plain name they imitate and collide with it; other
 * scripts' look-alikes (Cyrillic "а") are refused by the ASCII rule.
 */
export function normaliseUsername(raw: string): string | null {
  if (invisible.test(raw)) return null;
  const name = raw.normalize('NFKC');
  return /^[A-Za-z0-9_]{3,20}$/.test(name) ? name : null;
}

/** The HTML living-standard e-mail shape, ASCII only, at most 254 characters; stored lower-cased. */
const emailShape =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export function normaliseEmail(raw: string): string | null {
  if (raw.length > 254 || !emailShape.test(raw)) return null;
  return raw.toLowerCase();
}

/** An account typed at sign-in: an e-mail address when it has an `@`, otherwise a username. */
export function accountLookup(raw: string): { email: string } | { username: string } | null {
  if (raw.includes('@')) {
    const email = normaliseEmail(raw.trim());
    return email ? { email } : null;
  }
  const username = normaliseUsername(raw.trim());
  return username ? { username } : null;
}

/**
 * 8–64 characters with at least one letter and one digit, no invisible characters. Passwords are NFKC
 * normalised before hashing so the same password typed on another keyboard or input method still matches.
 */
export function acceptablePassword(password: string): boolean {
  const length = [...password].length;
  return (
    length >= 8 &&
    length <= 64 &&
    !invisible.test(password) &&
    /\p{L}/u.test(password) &&
    /[0-9]/.test(password)
  );
}

/** argon2id with the library's defaults (19 MiB, 2 passes), the OWASP baseline. */
export function hashPassword(password: string): Promise<string> {
  return hash(password.normalize('NFKC'));
}

/**
 * Stored instead of a hash by an account created without a password (wallet sign-up): not an argon2 string,
 * so no password verifies against it. The forgotten-password reset replaces it with a real hash.
 */
export const NO_PASSWORD = '!';

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  if (passwordHash === NO_PASSWORD) return false;
  try {
    return await verify(passwordHash, password.normalize('NFKC'));
  } catch {
    return false;
  }
}

/** An opaque session token: 32 random bytes, base64url (43 characters). Only its hash is stored. */
export function newSessionToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function looksLikeSessionToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}

export function sha256Hex(text: string): string {
  return crypto.createHash('sha256').update(text).digest('hex');
}

/** A 6-digit code from a cryptographic generator; leading zeros kept. */
export function newVerificationCode(): string {
  return String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
}

/** The stored form of a code, bound to its address and purpose so a row cannot be replayed elsewhere. */
export function verificationCodeHash(email: string, scene: string, code: string): string {
  return sha256Hex(`${scene}\n${email}\n${code}`);
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/** Invite codes avoid characters that read alike (0/O, 1/I/L), so a code copied by hand still works. */
const inviteAlphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function newInviteCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += inviteAlphabet[crypto.randomInt(inviteAlphabet.length)];
  return code;
}

/** An invite code as typed (any case, stray spaces); null when it cannot be one of ours. */
export function normaliseInviteCode(raw: string): string | null {
  const code = raw.trim().toUpperCase();
  return code.length === 8 && [...code].every((c) => inviteAlphabet.includes(c)) ? code : null;
}
