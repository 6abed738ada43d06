import crypto from 'node:crypto';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { errors } from '@swx/shared/contract';
import type { Db, Tx } from '../db/client';
import { AppError } from '../http/errors';
import { securityCodes } from './tables';

/** An e-mailed security code is good for this long, and for this many wrong tries. */
export const SECURITY_CODE_MINUTES = 10;
export const SECURITY_CODE_TRIES = 5;

type Purpose = (typeof securityCodes.$inferSelect)['purpose'];

const codeHash = (userId: string, purpose: Purpose, target: string, code: string) =>
  crypto.createHash('sha256').update(`${purpose}\n${userId}\n${target}\n${code}`).digest('hex');

/**
 * E-mailed 6-digit codes of the security domain (a step-up without a second factor, a withdrawal address, a
 * new e-mail address). Stored hashed, bound to customer, purpose and target; a new code replaces the last;
 * the fifth wrong try spends it. The same answers as the sign-up code: 10091, 11001, 11002.
 */
export class SecurityCodes {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  /** A fresh code for `purpose` and `target`; the caller mails it. */
  async issue(userId: string, purpose: Purpose, target: string): Promise<string> {
    const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
    const now = this.now();
    await this.db.transaction(async (tx) => {
      await tx
        .update(securityCodes)
        .set({ consumedAt: now })
        .where(this.live(userId, purpose, target));
      await tx.insert(securityCodes).values({
        userId: BigInt(userId),
        purpose,
        target,
        codeHash: codeHash(userId, purpose, target, code),
        expiresAt: new Date(now.getTime() + SECURITY_CODE_MINUTES * 60_000),
        createdAt: now,
      });
    });
    return code;
  }

  /**
   * Checks a code without spending it: answers its row id for `spend`. A wrong code counts a try at once,
   * whatever happens next.
   */
  async check(userId: string, purpose: Purpose, target: string, code: string): Promise<bigint> {
    const [row] = await this.db
      .select()
      .from(securityCodes)
      .where(this.live(userId, purpose, target))
      .orderBy(desc(securityCodes.id))
      .limit(1);
    if (!row) throw new AppError(errors.verificationCodeWrong);
    if (row.attempts >= SECURITY_CODE_TRIES) throw new AppError(errors.verificationCodeLocked);
    if (row.expiresAt.getTime() <= this.now().getTime()) throw new AppError(errors.verificationCodeExpired);
    const expected = Buffer.from(row.codeHash);
    const given = Buffer.from(codeHash(userId, purpose, target, code));
    if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) {
      const [counted] = await this.db
        .update(securityCodes)
        .set({ attempts: sql`${securityCodes.attempts} + 1` })
        .where(eq(securityCodes.id, row.id))
        .returning({ attempts: securityCodes.attempts });
      throw new AppError(
        (counted?.attempts ?? SECURITY_CODE_TRIES) >= SECURITY_CODE_TRIES
          ? errors.verificationCodeLocked
          : errors.verificationCodeWrong,
      );
    }
    return row.id;
  }

  /** Spends a checked code in the caller's transaction; of two uses of one code, the second loses here. */
  async spend(tx: Tx | Db, id: bigint): Promise<void> {
    const spent = await tx
      .update(securityCodes)
      .set({ consumedAt: this.now() })
      .where(
        and(
          eq(securityCodes.id, id),
          isNull(securityCodes.consumedAt),
          lt(securityCodes.attempts, SECURITY_CODE_TRIES),
        ),
      )
      .returning({ id: securityCodes.id });
    if (spent.length === 0) throw new AppError(errors.verificationCodeWrong);
  }

  async purge(): Promise<void> {
    await this.db
      .delete(securityCodes)
      .where(lt(securityCodes.expiresAt, new Date(this.now().getTime() - 24 * 3_600_000)));
  }

  private live(userId: string, purpose: Purpose, target: string) {
    return and(
      eq(securityCodes.userId, BigInt(userId)),
      eq(securityCodes.purpose, purpose),
      eq(securityCodes.target, target),
      isNull(securityCodes.consumedAt),
    );
  }
}
