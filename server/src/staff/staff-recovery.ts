import crypto from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { staffRecoveryCodes } from './tables';

/** How many recovery codes a member holds after enrolment (or after asking for new ones). */
export const RECOVERY_CODE_COUNT = 10;
/** Crockford's base32 alphabet in lower case: no i, l, o or u to misread. 16 characters = 80 random bits. */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** One code as shown: `k7qm-2xhd-9rtw-c4pn`. */
function newCode(): string {
  const bytes = crypto.randomBytes(16);
  const chars = [...bytes].map((byte) => ALPHABET[byte & 31]);
  return [0, 4, 8, 12].map((start) => chars.slice(start, start + 4).join('')).join('-');
}

/** A typed code as stored: lower case, no dashes or spaces, the letters people confuse read as digits. */
export function normaliseRecoveryCode(typed: string): string {
  return typed.toLowerCase().replace(/[\s-]/g, '').replace(/o/g, '0').replace(/[il]/g, '1');
}

/**
 * SHA-256 of the normalised code, bound to the member: 80 random bits need no slow hash, and the same code
 * text would not open another member's row.
 */
export function recoveryCodeHash(staffId: string, typed: string): string {
  return crypto
    .createHash('sha256')
    .update(`swx-staff-recovery|${staffId}|${normaliseRecoveryCode(typed)}`)
    .digest('hex');
}

/** Replaces the member's codes with ten new ones inside `tx`; the plain codes are returned once. */
export async function replaceRecoveryCodes(tx: Tx, staffId: string, now: Date): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, BigInt(staffId)));
  await tx.insert(staffRecoveryCodes).values(
    codes.map((code) => ({
      codeHash: recoveryCodeHash(staffId, code),
      staffId: BigInt(staffId),
      createdAt: now,
    })),
  );
  return codes;
}

/** Spends one unused code of the member in `tx`: true when it was theirs and unused (it is used now). */
export async function spendRecoveryCode(tx: Tx, staffId: string, typed: string, now: Date): Promise<boolean> {
  const spent = await tx
    .update(staffRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(staffRecoveryCodes.codeHash, recoveryCodeHash(staffId, typed)),
        eq(staffRecoveryCodes.staffId, BigInt(staffId)),
        isNull(staffRecoveryCodes.usedAt),
      ),
    )
    .returning({ codeHash: staffRecoveryCodes.codeHash });
  return spent.length === 1;
}

export async function recoveryCodesLeft(db: Db | Tx, staffId: string): Promise<number> {
  const [row] = await db
    .select({ left: count() })
    .from(staffRecoveryCodes)
    .where(and(eq(staffRecoveryCodes.staffId, BigInt(staffId)), isNull(staffRecoveryCodes.usedAt)));
  return Number(row?.left ?? 0);
}
