import { and, eq, gt, inArray, lte, or } from 'drizzle-orm';
import { errors, type ReviewClaim } from '@swx/shared/contract';
import type { Db, Tx } from '../db/client';
import { AppError } from '../http/errors';
import type { StaffIdentity } from './staff';
import { reviewClaims, staff } from './tables';

/**
 * Claims on review records, so two staff members do not work on one case at once. A claim lasts
 * `claimMinutes()`; its holder may renew it, anyone may take it over once it has expired. Taking a claim is
 * one upsert whose update only applies when the row is free or already the caller's: of two members claiming
 * at once, exactly one gets the row back.
 */
export class ReviewClaims {
  constructor(
    private readonly db: Db,
    private readonly claimMinutes: () => number,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Takes (or renews) the claim for `holder`, inside `tx` when given; another member's live claim refuses. */
  async claim(kind: string, id: string, holder: StaffIdentity, tx?: Tx): Promise<ReviewClaim> {
    const now = new Date(this.now());
    const expiresAt = new Date(now.getTime() + this.claimMinutes() * 60_000);
    const staffId = BigInt(holder.staffId);
    const [row] = await (tx ?? this.db)
      .insert(reviewClaims)
      .values({ kind, recordId: id, staffId, claimedAt: now, expiresAt })
      .onConflictDoUpdate({
        target: [reviewClaims.kind, reviewClaims.recordId],
        set: { staffId, claimedAt: now, expiresAt },
        setWhere: or(lte(reviewClaims.expiresAt, now), eq(reviewClaims.staffId, staffId)),
      })
      .returning();
    if (!row) throw new AppError(errors.reviewClaimedByOther);
    return {
      staffId: holder.staffId,
      username: holder.username,
      claimedAt: row.claimedAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
    };
  }

  /** Gives up the caller's own live claim; refused when they do not hold one. */
  async release(kind: string, id: string, holder: StaffIdentity, tx?: Tx): Promise<void> {
    const released = await (tx ?? this.db)
      .delete(reviewClaims)
      .where(
        and(
          eq(reviewClaims.kind, kind),
          eq(reviewClaims.recordId, id),
          eq(reviewClaims.staffId, BigInt(holder.staffId)),
          gt(reviewClaims.expiresAt, new Date(this.now())),
        ),
      )
      .returning({ kind: reviewClaims.kind });
    if (released.length === 0) throw new AppError(errors.reviewClaimNotHeld);
  }

  /** Ends any claim on the record (it was decided, or handed on), inside the deciding transaction. */
  async clear(tx: Tx, kind: string, id: string): Promise<void> {
    await tx.delete(reviewClaims).where(and(eq(reviewClaims.kind, kind), eq(reviewClaims.recordId, id)));
  }

  /** The live claims on the given records of one kind. */
  async live(kind: string, ids: readonly string[]): Promise<Map<string, ReviewClaim>> {
    const found = new Map<string, ReviewClaim>();
    if (ids.length === 0) return found;
    const rows = await this.db
      .select({
        recordId: reviewClaims.recordId,
        staffId: reviewClaims.staffId,
        username: staff.username,
        claimedAt: reviewClaims.claimedAt,
        expiresAt: reviewClaims.expiresAt,
      })
      .from(reviewClaims)
      .innerJoin(staff, eq(staff.id, reviewClaims.staffId))
      .where(
        and(
          eq(reviewClaims.kind, kind),
          inArray(reviewClaims.recordId, [...ids]),
          gt(reviewClaims.expiresAt, new Date(this.now())),
        ),
      );
    for (const row of rows)
      found.set(row.recordId, {
        staffId: row.staffId.toString(),
        username: row.username,
        claimedAt: row.claimedAt.toISOString(),
        expiresAt: row.expiresAt.toISOString(),
      });
    return found;
  }
}
