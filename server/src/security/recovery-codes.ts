import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** How many recovery codes a set holds. */
export const RECOVERY_CODE_COUNT = 10;

/** 10 characters from an alphabet without look-alikes (0/O, 1/I/L): about 49 bits each. */
const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A recovery code as shown once: `ABCD-EFGH-JK`. */
export function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += alphabet[crypto.randomInt(alphabet.length)];
  return `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`;
}

/** A typed recovery code in its stored form (dashes, spaces and case ignored), or null if it cannot be one. */
export function normaliseRecoveryCode(typed: string): string | null {
  const code = typed.replace(/[\s-]/g, '').toUpperCase();
  return code.length === 10 && [...code].every((c) => alphabet.includes(c)) ? code : null;
}

/** argon2id with the library's defaults, as passwords: a leaked table does not give the codes. */
export function hashRecoveryCode(code: string): Promise<string> {
  return hash(normaliseRecoveryCode(code) ?? code);
}

/** The id of the stored hash `typed` matches, if any (every hash is checked, so the time says nothing). */
export async function matchRecoveryCode(
  typed: string,
  stored: readonly { id: bigint; codeHash: string }[],
): Promise<bigint | undefined> {
  const code = normaliseRecoveryCode(typed);
  if (!code) return undefined;
  const results = await Promise.all(
    stored.map(async (row) => ((await verify(row.codeHash, code).catch(() => false)) ? row.id : undefined)),
  );
  return results.find((id) => id !== undefined);
}
