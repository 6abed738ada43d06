import { and, asc, eq, inArray, isNull, lt } from 'drizzle-orm';
import { errors } from '@swx/shared/contract';
import type { Db, Tx } from '../db/client';
import { AppError } from '../http/errors';
import { oidcIdentities, sessions, users, walletLinks } from './tables';

/** What another domain forgets of a customer whose sign-in identifiers go (passkeys: the security domain). */
export type ForgetSignIn = (tx: Tx, userIds: bigint[]) => Promise<void>;

/**
 * The auth side of closing an account (docs/decisions.md, "Account closure"):
 *
 * - `close` marks the account closed and ends its sessions in the caller's transaction; from then on every
 *   sign-in method answers 11520 and no session of it is live (sessions.ts looks at `closed_at`);
 * - the sign-in identifiers (username, e-mail, password hash, wallet and social links, passkeys) are kept
 *   while identity data is kept, so a returning customer hears "closed" rather than "unknown" and nobody
 *   else takes the name or address meanwhile; `pseudonymise` replaces them when the retention period has
 *   run: username `closed-<id>`, no e-mail, no password, links and passkeys deleted.
 */
export class AccountClosures {
  constructor(
    private readonly db: Db,
    private readonly forgetSignIn: ForgetSignIn,
  ) {}

  /**
   * Closes the account under a row lock, in `tx`, and ends its sessions there (the caller has checked the
   * customer's confirmation against `usernameOf`). An account already closed answers 11520.
   */
  async close(tx: Tx, userId: string, now: Date): Promise<void> {
    const id = BigInt(userId);
    const [user] = await tx
      .select({ closedAt: users.closedAt })
      .from(users)
      .where(eq(users.id, id))
      .for('update');
    if (!user) throw new AppError(errors.userNotFound);
    if (user.closedAt) throw new AppError(errors.accountClosed);
    await tx.update(users).set({ closedAt: now }).where(eq(users.id, id));
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, id), isNull(sessions.revokedAt)));
  }

  async usernameOf(userId: string): Promise<string | undefined> {
    const [user] = await this.db
      .select({ username: users.username })
      .from(users)
      .where(eq(users.id, BigInt(userId)));
    return user?.username;
  }

  /**
   * Replaces the sign-in identifiers of accounts closed before `cutoff` and not yet done, `limit` at a time,
   * in one transaction per batch with its audit entry (`audit`, counts only); answers how many it did.
   */
  async pseudonymise(
    cutoff: Date,
    now: Date,
    limit: number,
    audit: (tx: Tx, count: number) => Promise<void>,
  ): Promise<number> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(lt(users.closedAt, cutoff), isNull(users.pseudonymisedAt)))
        .orderBy(asc(users.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      if (rows.length === 0) return 0;
      const ids = rows.map((row) => row.id);
      for (const id of ids)
        await tx
          .update(users)
          .set({ username: `closed-${id}`, email: null, passwordHash: null, pseudonymisedAt: now })
          .where(eq(users.id, id));
      await tx.delete(walletLinks).where(inArray(walletLinks.userId, ids));
      await tx.delete(oidcIdentities).where(inArray(oidcIdentities.userId, ids));
      await this.forgetSignIn(tx, ids);
      await audit(tx, ids.length);
      return ids.length;
    });
  }
}
