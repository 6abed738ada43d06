import { alias } from 'drizzle-orm/pg-core';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import { errors, type PendingChange, type PendingChangeStatus, type StaffRole } from '@swx/shared/contract';
import type { Db, Tx } from '../db/client';
import { AppError } from '../http/errors';
import { recordId } from '../platform/owned';
import type { Unit, UnitOfWork } from '../platform/unit-of-work';
import type { AuditService } from './audit';
import type { FourEyes } from './four-eyes';
import type { StaffIdentity } from './staff';
import { pendingChanges, staff } from './tables';

/** What staff read about a change: a title and the value before (when requested) and after. */
export interface ChangeSummary {
  title: string;
  before: unknown;
  after: unknown;
}

/** Who made and who checked a change, for the kind that applies it. */
export interface ChangeDecision {
  changeId: string;
  requestedBy: string;
  approvedBy: StaffIdentity;
  /** The maker's reason and the checker's. */
  reason: string;
  approvalReason: string;
}

/**
 * A kind of maker-checker change (a parameter, a market's option terms, a plan's terms, the plan reserve's
 * funding, a member's roles). `prepare` checks the request when it is made (a refusal answers its catalogue
 * code and nothing is stored) and says what it changes; `apply` makes the change inside the approval's unit
 * of work (its after-commit steps reload caches), checking again against the state of that moment.
 */
export interface ChangeKind<P> {
  /** Maker and checker both hold it. */
  role: StaffRole;
  /** Validates `payload` and reads the value before: throws an AppError to refuse. */
  prepare(payload: P, maker: StaffIdentity): Promise<{ target: string; summary: ChangeSummary }>;
  /** Refusals that depend on who checks (a member's own roles, a member they created lately). */
  checkApprover?(payload: P, approver: StaffIdentity, tx: Tx): Promise<void>;
  apply(unit: Unit, payload: P, decision: ChangeDecision): Promise<void>;
}

type ChangeRow = typeof pendingChanges.$inferSelect;
const requester = alias(staff, 'change_requester');
const decider = alias(staff, 'change_decider');
const LIST_LIMIT = 200;

/**
 * Maker-checker for settings that move money or risk: a change is requested (validated, stored, audited
 * with the maker's reason) and waits in a queue until a second member with the kind's role approves it (it
 * is applied then, in the same transaction, audited with both reasons) or rejects it (audited with both
 * reasons; the maker may also withdraw their own). The four-eyes piece holds the rule that the checker is
 * not the maker (fixed at request time); a check constraint holds it in the database too. One pending change
 * per target: a second answers `changeAlreadyPending`.
 */
export class ChangeRequests {
  private readonly kinds = new Map<string, ChangeKind<unknown>>();

  constructor(
    private readonly db: Db,
    private readonly units: UnitOfWork,
    private readonly audit: AuditService,
    private readonly fourEyes: Pick<FourEyes, 'require' | 'approve'>,
    private readonly now: () => number = () => Date.now(),
  ) {}

  register<P>(kind: string, handler: ChangeKind<P>): void {
    if (!/^[a-z][a-z0-9-]{0,31}$/.test(kind))
      throw new Error(`Change kind "${kind}" must be lower-case words`);
    if (this.kinds.has(kind)) throw new Error(`Change kind "${kind}" is already registered`);
    this.kinds.set(kind, handler as ChangeKind<unknown>);
  }

  private kind(kind: string, who: StaffIdentity): ChangeKind<unknown> {
    const handler = this.kinds.get(kind);
    if (!handler) throw new Error(`Change kind "${kind}" is not registered`);
    if (!who.roles.includes(handler.role)) throw new AppError(errors.staffRoleMissing);
    return handler;
  }

  /** A maker asks for a change: checked now, stored pending, audited as `change.<kind>.request`. */
  async request<P>(kind: string, maker: StaffIdentity, payload: P, reason: string): Promise<PendingChange> {
    const handler = this.kind(kind, maker);
    const cleanReason = reason.normalize('NFC').trim();
    if (cleanReason.length < 1 || cleanReason.length > 500)
      throw new AppError(errors.invalidRequest, 'A change needs a reason of 1 to 500 characters');
    const { target, summary } = await handler.prepare(payload, maker);
    const id = await this.units.run(async ({ tx }) => {
      const [open] = await tx
        .select({ id: pendingChanges.id })
        .from(pendingChanges)
        .where(and(eq(pendingChanges.target, target), eq(pendingChanges.status, 'pending')));
      if (open) throw new AppError(errors.changeAlreadyPending);
      const [row] = await tx
        .insert(pendingChanges)
        .values({
          kind,
          target,
          role: handler.role,
          payload: payload as object,
          summary,
          reason: cleanReason,
          requestedBy: BigInt(maker.staffId),
          requestedAt: new Date(this.now()),
        })
        .onConflictDoNothing()
        .returning({ id: pendingChanges.id });
      // A second request for the same target committed between the check and the insert.
      if (!row) throw new AppError(errors.changeAlreadyPending);
      const changeId = String(row.id);
      await this.fourEyes.require(tx, { kind: 'change', id: changeId, requestedBy: maker.staffId }, 1, {
        kind,
        target,
      });
      await this.audit.record(tx, {
        staffId: maker.staffId,
        action: `change.${kind}.request`,
        target,
        details: { changeId, reason: cleanReason, before: summary.before, after: summary.after },
      });
      return changeId;
    });
    return this.get(id);
  }

  /**
   * A checker approves: a member with the kind's role, not the maker (four eyes), passing the kind's own
   * checks; the change is applied in the same transaction. The row is locked first, so of two approvals at
   * once exactly one decides and the other finds it decided (11043).
   */
  async approve(id: string, checker: StaffIdentity, reason: string): Promise<PendingChange> {
    await this.units.run(async (unit) => {
      const { tx } = unit;
      const row = await this.pending(tx, id);
      const handler = this.kind(row.kind, checker);
      await handler.checkApprover?.(row.payload, checker, tx);
      const outcome = await this.fourEyes.approve(
        tx,
        { kind: 'change', id, requestedBy: String(row.requestedBy) },
        checker,
        { role: handler.role },
      );
      // More approvals than one were fixed for this change: this one is recorded, nothing is applied yet.
      if (!outcome.complete) return;
      const approvalReason = reason.normalize('NFC').trim();
      await handler.apply(unit, row.payload, {
        changeId: id,
        requestedBy: String(row.requestedBy),
        approvedBy: checker,
        reason: row.reason,
        approvalReason,
      });
      await this.decide(tx, row, 'approved', checker, approvalReason);
    });
    return this.get(id);
  }

  /** A checker rejects, or the maker withdraws their own request; nothing is applied. */
  async reject(id: string, who: StaffIdentity, reason: string): Promise<PendingChange> {
    await this.units.run(async ({ tx }) => {
      const row = await this.pending(tx, id);
      this.kind(row.kind, who);
      await this.decide(tx, row, 'rejected', who, reason.normalize('NFC').trim());
    });
    return this.get(id);
  }

  async list(status: PendingChangeStatus | undefined, viewer: StaffIdentity): Promise<PendingChange[]> {
    const roles = viewer.roles as string[];
    const rows = await this.select(status ? eq(pendingChanges.status, status) : undefined);
    return rows.filter((change) => roles.includes(change.role));
  }

  async get(id: string): Promise<PendingChange> {
    const key = recordId(id);
    const [found] = key === undefined ? [] : await this.select(eq(pendingChanges.id, key));
    if (!found) throw new AppError(errors.changeNotFound);
    return found;
  }

  private async decide(
    tx: Tx,
    row: ChangeRow,
    status: 'approved' | 'rejected',
    who: StaffIdentity,
    decisionReason: string,
  ): Promise<void> {
    await tx
      .update(pendingChanges)
      .set({ status, decidedBy: BigInt(who.staffId), decidedAt: new Date(this.now()), decisionReason })
      .where(eq(pendingChanges.id, row.id));
    const withdrawn = status === 'rejected' && String(row.requestedBy) === who.staffId;
    await this.audit.record(tx, {
      staffId: who.staffId,
      action: `change.${row.kind}.${withdrawn ? 'withdraw' : status === 'approved' ? 'approve' : 'reject'}`,
      target: row.target,
      details: {
        changeId: String(row.id),
        requestedBy: String(row.requestedBy),
        requestReason: row.reason,
        decisionReason,
      },
    });
  }

  private async pending(tx: Tx, id: string): Promise<ChangeRow> {
    const key = recordId(id);
    if (key === undefined) throw new AppError(errors.changeNotFound);
    const [row] = await tx.select().from(pendingChanges).where(eq(pendingChanges.id, key)).for('update');
    if (!row) throw new AppError(errors.changeNotFound);
    if (row.status !== 'pending') throw new AppError(errors.alreadyDecided);
    return row;
  }

  private async select(where: SQL | undefined): Promise<PendingChange[]> {
    const rows = await this.db
      .select({
        row: pendingChanges,
        requestedByUsername: requester.username,
        decidedByUsername: decider.username,
      })
      .from(pendingChanges)
      .leftJoin(requester, eq(requester.id, pendingChanges.requestedBy))
      .leftJoin(decider, eq(decider.id, pendingChanges.decidedBy))
      .where(where)
      .orderBy(desc(pendingChanges.id))
      .limit(LIST_LIMIT);
    return rows.map(({ row, requestedByUsername, decidedByUsername }) => ({
      id: String(row.id),
      kind: row.kind,
      target: row.target,
      role: row.role as StaffRole,
      summary: row.summary as ChangeSummary,
      reason: row.reason,
      status: row.status,
      requestedBy: String(row.requestedBy),
      requestedByUsername,
      requestedAt: row.requestedAt.toISOString(),
      decidedBy: row.decidedBy === null ? null : String(row.decidedBy),
      decidedByUsername,
      decidedAt: row.decidedAt?.toISOString() ?? null,
      decisionReason: row.decisionReason,
    }));
  }
}
