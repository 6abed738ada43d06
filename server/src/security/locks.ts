import type Decimal from 'decimal.js';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { LockReason, WithdrawalLock } from '@swx/shared/contract';
import type { Db, Tx } from '../db/client';
import { withdrawalLocks } from './tables';

/**
 * Withdrawal locks after a security change (a password reset or change, an e-mail change, two-factor off
 * or reset, a reported sign-in): withdrawals wait `security_lock_hours` so that someone who took over the
 * account cannot empty it at once. Only staff lift a lock early, with four eyes (staff-requests.ts).
 */
export class WithdrawalLocks {
  constructor(
    private readonly db: Db,
    private readonly lockHours: () => Decimal,
    private readonly now: () => Date,
  ) {}

  /** The lock in force now (the one that ends last), or null. */
  async current(
    userId: string,
    reader: Db | Tx = this.db,
    at: Date = this.now(),
  ): Promise<WithdrawalLock | null> {
    const [row] = await reader
      .select({ until: withdrawalLocks.until, reason: withdrawalLocks.reason })
      .from(withdrawalLocks)
      .where(
        and(
          eq(withdrawalLocks.userId, BigInt(userId)),
          isNull(withdrawalLocks.liftedAt),
          gt(withdrawalLocks.until, at),
        ),
      )
      .orderBy(desc(withdrawalLocks.until))
      .limit(1);
    return row ? { until: row.until.toISOString(), reason: row.reason as LockReason } : null;
  }

  /** Starts a lock in `tx`; answers when it ends (null when the lock period is zero). */
  async lock(tx: Db | Tx, userId: string, reason: LockReason): Promise<Date | null> {
    const now = this.now();
    const ms = this.lockHours().times(3_600_000).toDecimalPlaces(0).toNumber();
    if (ms <= 0) return null;
    const until = new Date(now.getTime() + ms);
    await tx.insert(withdrawalLocks).values({ userId: BigInt(userId), reason, createdAt: now, until });
    return until;
  }

  /** Lifts every lock in force (a staff request approved with four eyes); answers how many. */
  async liftAll(tx: Tx, userId: string, requestId: bigint): Promise<number> {
    const lifted = await tx
      .update(withdrawalLocks)
      .set({ liftedAt: this.now(), liftedBy: requestId })
      .where(
        and(
          eq(withdrawalLocks.userId, BigInt(userId)),
          isNull(withdrawalLocks.liftedAt),
          gt(withdrawalLocks.until, this.now()),
        ),
      )
      .returning({ id: withdrawalLocks.id });
    return lifted.length;
  }
}
