import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { errors, type ReviewApproval, type StaffRole } from '@swx/shared/contract';
import type { Db, Tx } from '../db/client';
import { AppError } from '../http/errors';
import type { AuditService } from './audit';
import type { StaffIdentity } from './staff';
import { fourEyesApprovals, staff } from './tables';

/** What needs several approvals: a review record (`withdrawal:42`), a correction, ... */
export interface FourEyesSubject {
  /** A short word naming the sort of subject (`withdrawal`, `correction`). */
  kind: string;
  id: string;
  /** The staff member who asked for it, if a staff member did: they may not approve it. */
  requestedBy?: string | null;
}

export interface FourEyesOptions {
  /** How many different staff must approve (2 for four eyes). */
  required: number;
  /** The role every approver must hold (checked here too, not only by the route). */
  role?: StaffRole;
}

export interface FourEyesOutcome {
  /** Every approval so far, this one included, oldest first. */
  approvals: ReviewApproval[];
  required: number;
  /** True when this approval was the last one needed: the caller executes the subject now. */
  complete: boolean;
}

/**
 * Approvals by several staff members ("four eyes"). `approve` runs inside the caller's transaction, the one
 * that executes the subject when the approvals are complete, so the approval that completes the set and the
 * execution commit together. Approvals of one subject are serialised (a transaction-scoped advisory lock):
 * two members approving at once are counted one after the other, and exactly one of them completes the set.
 * The same member never counts twice (and a unique key holds that even without the lock), and nobody
 * approves what they asked for themselves. Each approval is audited as `four_eyes.approve`.
 */
export class FourEyes {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
    private readonly now: () => number = () => Date.now(),
  ) {}

  async approve(
    tx: Tx,
    subject: FourEyesSubject,
    approver: StaffIdentity,
    options: FourEyesOptions,
  ): Promise<FourEyesOutcome> {
    if (options.role && !approver.roles.includes(options.role)) throw new AppError(errors.staffRoleMissing);
    if (subject.requestedBy && subject.requestedBy === approver.staffId)
      throw new AppError(errors.fourEyesOwnRequest);
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`four-eyes:${subject.kind}:${subject.id}`}))`,
    );
    const earlier = await this.approvalsOf(subject.kind, [subject.id], tx);
    const before = earlier.get(subject.id) ?? [];
    if (before.some((approval) => approval.staffId === approver.staffId))
      throw new AppError(errors.fourEyesSameStaff);
    const approvedAt = new Date(this.now());
    await tx.insert(fourEyesApprovals).values({
      subjectKind: subject.kind,
      subjectId: subject.id,
      staffId: BigInt(approver.staffId),
      approvedAt,
    });
    const approvals = [
      ...before,
      { staffId: approver.staffId, username: approver.username, approvedAt: approvedAt.toISOString() },
    ];
    const complete = approvals.length >= options.required;
    await this.audit.record(tx, {
      staffId: approver.staffId,
      action: 'four_eyes.approve',
      target: `${subject.kind}:${subject.id}`,
      details: { approval: approvals.length, required: options.required, complete },
    });
    return { approvals, required: options.required, complete };
  }

  /** The approvals recorded for each subject id of one kind, oldest first (ids without any are absent). */
  async approvalsOf(
    kind: string,
    ids: readonly string[],
    db: Db | Tx = this.db,
  ): Promise<Map<string, ReviewApproval[]>> {
    const found = new Map<string, ReviewApproval[]>();
    if (ids.length === 0) return found;
    const rows = await db
      .select({
        subjectId: fourEyesApprovals.subjectId,
        staffId: fourEyesApprovals.staffId,
        username: staff.username,
        approvedAt: fourEyesApprovals.approvedAt,
      })
      .from(fourEyesApprovals)
      .innerJoin(staff, eq(staff.id, fourEyesApprovals.staffId))
      .where(and(eq(fourEyesApprovals.subjectKind, kind), inArray(fourEyesApprovals.subjectId, [...ids])))
      .orderBy(asc(fourEyesApprovals.id));
    for (const row of rows) {
      const list = found.get(row.subjectId) ?? [];
      list.push({
        staffId: row.staffId.toString(),
        username: row.username,
        approvedAt: row.approvedAt.toISOString(),
      });
      found.set(row.subjectId, list);
    }
    return found;
  }
}
