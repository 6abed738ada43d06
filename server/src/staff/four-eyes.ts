import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { errors, type ReviewApproval, type StaffRole } from '@swx/shared/contract';
import type { Db, Tx } from '../db/client';
import { AppError } from '../http/errors';
import type { AuditService } from './audit';
import type { StaffIdentity } from './staff';
import { fourEyesApprovals, fourEyesRequirements, staff } from './tables';

/** What needs approving: a review record (`withdrawal:42`), a correction, a pending change, ... */
export interface FourEyesSubject {
  /** A short word naming the sort of subject (`withdrawal`, `correction`, `change`). */
  kind: string;
  id: string;
  /**
   * The staff member who asked for it, if a staff member did: they may not approve it. Only used when the
   * requirement is fixed here (`require`, or a first approval of a subject nobody fixed).
   */
  requestedBy?: string | null;
}

export interface FourEyesOptions {
  /**
   * How many different staff must approve by today's rule. A subject fixed at request time keeps its stored
   * number when this is lower (never lowered) and takes this one when it is higher (raised while undecided);
   * a subject nobody fixed is fixed now with it (default 1).
   */
  required?: number;
  /** The role every approver must hold (checked here too, not only by the route). */
  role?: StaffRole;
}

export interface FourEyesOutcome {
  /** Every approval so far, this one included, oldest first. */
  approvals: ReviewApproval[];
  required: number;
  /** True when this approval was the last one needed: the caller executes the subject now. */
  complete: boolean;
  /**
   * True when the approvals were complete before this call (a follow-up step on a decided subject, such as
   * completing an approved withdrawal's payout): nothing was recorded.
   */
  alreadySatisfied: boolean;
}

/** What a requirement was decided from, kept with it for auditors (a USDT value, the threshold then, ...). */
export type FourEyesBasis = Record<string, string | number | boolean | null>;

type RequirementRow = typeof fourEyesRequirements.$inferSelect;

/**
 * Approvals by several staff members ("four eyes"). The number a subject needs is fixed when it is requested
 * (`require`, in the request's transaction) and stored; an approval reads the stored number, so a later
 * parameter change or price move never lowers it (a trigger refuses lowering it in the database too).
 *
 * `approve` runs inside the caller's transaction, the one that executes the subject when the approvals are
 * complete, so the approval that completes the set and the execution commit together. Approvals of one
 * subject are serialised by locking its requirement row: of members approving at once each is counted after
 * the other, and exactly one completes the set. The same member never counts twice (a unique key), and the
 * requester never approves (checked here, and by a trigger on the approvals table). Each approval of a
 * subject that needs several is audited as `four_eyes.approve`.
 */
export class FourEyes {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /**
   * Fixes the approvals `subject` needs, in the transaction that creates it. Calling it again for the same
   * subject only ever raises the number.
   */
  async require(
    tx: Tx,
    subject: FourEyesSubject,
    required: number,
    basis: FourEyesBasis = {},
  ): Promise<void> {
    if (!Number.isInteger(required) || required < 1 || required > 10)
      throw new Error(`four eyes: ${required} approvals is not a number of approvals`);
    await tx
      .insert(fourEyesRequirements)
      .values({
        subjectKind: subject.kind,
        subjectId: subject.id,
        required,
        requestedBy: subject.requestedBy ? BigInt(subject.requestedBy) : null,
        basis,
        fixedAt: new Date(this.now()),
      })
      .onConflictDoUpdate({
        target: [fourEyesRequirements.subjectKind, fourEyesRequirements.subjectId],
        set: { required: sql`greatest(${fourEyesRequirements.required}, excluded.required)` },
      });
  }

  async approve(
    tx: Tx,
    subject: FourEyesSubject,
    approver: StaffIdentity,
    options: FourEyesOptions = {},
  ): Promise<FourEyesOutcome> {
    if (options.role && !approver.roles.includes(options.role)) throw new AppError(errors.staffRoleMissing);
    const requirement = await this.lockRequirement(tx, subject, options.required ?? 1);
    const earlier = (await this.approvalsOf(subject.kind, [subject.id], tx)).get(subject.id) ?? [];
    if (requirement.satisfiedAt !== null)
      return { approvals: earlier, required: requirement.required, complete: true, alreadySatisfied: true };
    const requester = requirement.requestedBy?.toString() ?? subject.requestedBy ?? null;
    if (requester !== null && requester === approver.staffId) throw new AppError(errors.fourEyesOwnRequest);
    if (earlier.some((approval) => approval.staffId === approver.staffId))
      throw new AppError(errors.fourEyesSameStaff);
    let required = requirement.required;
    if (options.required !== undefined && options.required > required) {
      required = options.required;
      await this.update(tx, subject, { required });
    }
    const approvedAt = new Date(this.now());
    await tx.insert(fourEyesApprovals).values({
      subjectKind: subject.kind,
      subjectId: subject.id,
      staffId: BigInt(approver.staffId),
      approvedAt,
    });
    const approvals = [
      ...earlier,
      { staffId: approver.staffId, username: approver.username, approvedAt: approvedAt.toISOString() },
    ];
    const complete = approvals.length >= required;
    if (complete) await this.update(tx, subject, { satisfiedAt: approvedAt });
    // A single approval is the decision itself, audited by the caller; a step of several is audited here.
    if (required > 1)
      await this.audit.record(tx, {
        staffId: approver.staffId,
        action: 'four_eyes.approve',
        target: `${subject.kind}:${subject.id}`,
        details: { approval: approvals.length, required, complete },
      });
    return { approvals, required, complete, alreadySatisfied: false };
  }

  /** The stored requirement of each subject id of one kind (ids nobody fixed yet are absent). */
  async requirementsOf(
    kind: string,
    ids: readonly string[],
    db: Db | Tx = this.db,
  ): Promise<Map<string, { required: number; basis: unknown; requestedBy: string | null }>> {
    const found = new Map<string, { required: number; basis: unknown; requestedBy: string | null }>();
    if (ids.length === 0) return found;
    const rows = await db
      .select()
      .from(fourEyesRequirements)
      .where(
        and(eq(fourEyesRequirements.subjectKind, kind), inArray(fourEyesRequirements.subjectId, [...ids])),
      );
    for (const row of rows)
      found.set(row.subjectId, {
        required: row.required,
        basis: row.basis,
        requestedBy: row.requestedBy?.toString() ?? null,
      });
    return found;
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

  /**
   * The subject's requirement, locked for this transaction. A subject nobody fixed (a kind that always needs
   * `fallback`, or one requested before requirements were stored) is fixed now with `fallback`.
   */
  private async lockRequirement(tx: Tx, subject: FourEyesSubject, fallback: number): Promise<RequirementRow> {
    const where = and(
      eq(fourEyesRequirements.subjectKind, subject.kind),
      eq(fourEyesRequirements.subjectId, subject.id),
    );
    const [found] = await tx.select().from(fourEyesRequirements).where(where).for('update');
    if (found) return found;
    await tx
      .insert(fourEyesRequirements)
      .values({
        subjectKind: subject.kind,
        subjectId: subject.id,
        required: fallback,
        requestedBy: subject.requestedBy ? BigInt(subject.requestedBy) : null,
        basis: { fixedBy: 'first approval' },
        fixedAt: new Date(this.now()),
      })
      .onConflictDoNothing();
    const [fixed] = await tx.select().from(fourEyesRequirements).where(where).for('update');
    return fixed!;
  }

  private async update(
    tx: Tx,
    subject: FourEyesSubject,
    set: Partial<Pick<RequirementRow, 'required' | 'satisfiedAt'>>,
  ): Promise<void> {
    await tx
      .update(fourEyesRequirements)
      .set(set)
      .where(
        and(
          eq(fourEyesRequirements.subjectKind, subject.kind),
          eq(fourEyesRequirements.subjectId, subject.id),
        ),
      );
  }
}
