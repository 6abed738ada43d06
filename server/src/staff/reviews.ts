import type { Tx } from '../db/client';
import type { UnitOfWork } from '../platform/unit-of-work';
import { AppError } from '../http/errors';
import type { AuditService } from './audit';
import type { ReviewClaims } from './claims';
import type { FourEyes, FourEyesBasis } from './four-eyes';
import type { StaffIdentity } from './staff';
import {
  errors,
  type ReviewApproval,
  type ReviewApprovalPending,
  type ReviewClaim,
  type ReviewClaimResult,
  type StaffRole,
} from '@swx/shared/contract';

/** Extra facts a staff decision may carry (validated by the kind that receives them). */
export type ReviewFacts = Record<string, string | number | boolean>;

/**
 * One record of a kind's list. The kind adds what staff need to decide (the customer, amounts, history:
 * `staff-reviews.ts` in the contract); the registry adds the live claim and the approvals so far.
 */
export interface ReviewListItem {
  id: string;
  /** How many approvals by different staff the record needs (default 1; four eyes: 2). */
  approvalsRequired?: number;
  [field: string]: unknown;
}

/**
 * What a domain plugs in to put its records in front of staff. `approve` and `reject` run inside the
 * framework's transaction, which also writes the audit row: the decision, its effects (ledger entries,
 * status change) and its audit commit together or not at all. A record that is no longer pending must be
 * refused (errors.alreadyDecided); an unknown id answers errors.notFound.
 */
export interface ReviewKindHandler {
  /** The role a staff member needs to list, claim and decide this kind. */
  role: StaffRole;
  /** Records in the given status (the kind's own status words; `pending` is what staff work from). */
  list(status: string): Promise<ReviewListItem[]>;
  /** True while the record awaits a staff decision, false once decided, undefined when there is no such record. */
  isOpen(id: string): Promise<boolean | undefined>;
  /**
   * How many approvals by different staff the record needs by today's rule (four eyes: 2), in the deciding
   * transaction; the kind should lock the record here. Without it, one approval decides. The number that
   * counts is fixed when the record is requested (`ReviewRegistry.opened`, in the request's transaction): this
   * one can only raise it while the record is undecided, never lower it. A record nobody fixed is fixed with
   * this number at its first approval — enough for a kind whose number never changes.
   */
  approvalsRequired?(tx: Tx, id: string): Promise<number>;
  /** The staff member who asked for the record, if staff did (they may not approve it); customers' records have none. */
  requestedBy?(tx: Tx, id: string): Promise<string | null>;
  approve(tx: Tx, id: string, staff: StaffIdentity, facts: ReviewFacts): Promise<unknown>;
  reject(tx: Tx, id: string, staff: StaffIdentity, reason: string, details?: RejectDetails): Promise<unknown>;
  /** Runs after the decision committed: push a websocket event, send a notification. Failures are logged only. */
  afterDecision?(decision: ReviewDecision): Promise<void> | void;
}

/** What a rejection may carry besides its reason: reasons per failed field, for kinds that have fields (KYC). */
export interface RejectDetails {
  fields?: Record<string, string>;
}

export interface ReviewDecision {
  kind: string;
  id: string;
  outcome: 'approve' | 'reject';
  staff: StaffIdentity;
  result: unknown;
}

export interface ReviewRegistryParts {
  claims: ReviewClaims;
  fourEyes: FourEyes;
  onAfterDecisionError: (error: unknown, decision: ReviewDecision) => void;
}

/**
 * The review queue: domains register a kind once while the services are built
 * (`services.reviews.register('deposit', {...})`); the admin API and CLI reach every kind through it. The
 * registry checks the kind's role, makes deciders hold the record's claim (taking it in the deciding
 * transaction when it is free), and counts approvals when the kind asks for more than one.
 */
export class ReviewRegistry {
  private readonly kinds = new Map<string, ReviewKindHandler>();

  constructor(
    private readonly units: UnitOfWork,
    private readonly audit: AuditService,
    private readonly parts: ReviewRegistryParts,
  ) {}

  register(kind: string, handler: ReviewKindHandler): void {
    if (!/^[a-z][a-z0-9-]{0,31}$/.test(kind))
      throw new Error(`Review kind "${kind}" must be lower-case words`);
    if (this.kinds.has(kind)) throw new Error(`Review kind "${kind}" is already registered`);
    this.kinds.set(kind, handler);
  }

  registeredKinds(): string[] {
    return [...this.kinds.keys()].sort();
  }

  /** The role each kind needs. */
  roleOf(kind: string): StaffRole | undefined {
    return this.kinds.get(kind)?.role;
  }

  /**
   * A record was requested: fixes, in the request's transaction, how many approvals it needs and who asked
   * (who may then not approve it). Later parameter changes or price moves never lower that number. A kind
   * whose number depends on anything that can move (a value, a parameter) must call this when the record is
   * created.
   */
  async opened(
    tx: Tx,
    kind: string,
    id: string,
    fixed: { approvalsRequired: number; requestedBy?: string | null; basis?: FourEyesBasis },
  ): Promise<void> {
    await this.parts.fourEyes.require(
      tx,
      { kind, id, requestedBy: fixed.requestedBy ?? null },
      fixed.approvalsRequired,
      fixed.basis ?? {},
    );
  }

  /**
   * The kind's handler, once `staff` is known to hold its role; null is the operator's command line, which
   * only lists (it holds the database itself).
   */
  private handler(kind: string, staff: StaffIdentity | null): ReviewKindHandler {
    const found = this.kinds.get(kind);
    if (!found) throw new AppError(errors.notFound, `Unknown review kind ${kind}`);
    if (staff && !staff.roles.includes(found.role)) throw new AppError(errors.staffRoleMissing);
    return found;
  }

  async list(kind: string, status: string, staff: StaffIdentity | null): Promise<ReviewListItem[]> {
    const items = await this.handler(kind, staff).list(status);
    const ids = items.map((item) => item.id);
    const [claims, approvals, fixed] = await Promise.all([
      this.parts.claims.live(kind, ids),
      this.parts.fourEyes.approvalsOf(kind, ids),
      this.parts.fourEyes.requirementsOf(kind, ids),
    ]);
    return items.map((item) => {
      const requirement = fixed.get(item.id);
      return {
        ...item,
        claim: claims.get(item.id) ?? null,
        approvals: approvals.get(item.id) ?? [],
        // The stored number, raised (never lowered) by today's rule while the record is undecided.
        approvalsRequired: Math.max(requirement?.required ?? 1, item.approvalsRequired ?? 1),
        approvalsBasis: requirement?.basis ?? null,
      };
    });
  }

  /** Claims (or renews) a record for `staff`, audited as `review.<kind>.claim`. */
  async claim(kind: string, id: string, staff: StaffIdentity): Promise<ReviewClaimResult> {
    const open = await this.handler(kind, staff).isOpen(id);
    if (open === undefined) throw new AppError(errors.notFound);
    if (!open) throw new AppError(errors.alreadyDecided);
    return this.units.run(async ({ tx }) => {
      const claim: ReviewClaim = await this.parts.claims.claim(kind, id, staff, tx);
      await this.audit.record(tx, {
        staffId: staff.staffId,
        action: `review.${kind}.claim`,
        target: `${kind}:${id}`,
        details: { expiresAt: claim.expiresAt },
      });
      return { kind, id, claim };
    });
  }

  /** Gives up the caller's claim, audited as `review.<kind>.release`. */
  async release(kind: string, id: string, staff: StaffIdentity): Promise<void> {
    this.handler(kind, staff);
    await this.units.run(async ({ tx }) => {
      await this.parts.claims.release(kind, id, staff, tx);
      await this.audit.record(tx, {
        staffId: staff.staffId,
        action: `review.${kind}.release`,
        target: `${kind}:${id}`,
      });
    });
  }

  /**
   * Approves, or — when the record needs several approvals — records this member's approval and answers
   * "n of m" until the last one, which executes. Every approval of every kind goes through the four-eyes
   * piece: approvers are distinct, never the requester, and the number needed is the one fixed at request
   * time. A recorded approval frees the claim for the next member.
   */
  async approve(kind: string, id: string, staff: StaffIdentity, facts: ReviewFacts = {}): Promise<unknown> {
    const handler = this.handler(kind, staff);
    let waiting: ReviewApprovalPending | undefined;
    const result = await this.decide(kind, id, staff, 'approve', handler, async (tx) => {
      const today = handler.approvalsRequired ? await handler.approvalsRequired(tx, id) : 1;
      const requestedBy = handler.requestedBy ? await handler.requestedBy(tx, id) : null;
      const outcome = await this.parts.fourEyes.approve(tx, { kind, id, requestedBy }, staff, {
        required: today,
        role: handler.role,
      });
      const approvals: ReviewApproval[] | undefined = outcome.required > 1 ? outcome.approvals : undefined;
      if (!outcome.complete) {
        waiting = {
          kind,
          id,
          pendingApproval: true,
          approvals: outcome.approvals,
          approvalsRequired: outcome.required,
        };
        return undefined;
      }
      return {
        result: await handler.approve(tx, id, staff, facts),
        details: approvals ? { facts, approvedBy: approvals.map((a) => a.username) } : { facts },
      };
    });
    return waiting ?? result;
  }

  async reject(
    kind: string,
    id: string,
    staff: StaffIdentity,
    reason: string,
    details: RejectDetails = {},
  ): Promise<unknown> {
    const handler = this.handler(kind, staff);
    const trimmed = reason.trim();
    if (trimmed.length < 1 || trimmed.length > 500)
      throw new AppError(errors.invalidRequest, 'A rejection needs a reason of 1 to 500 characters');
    return this.decide(kind, id, staff, 'reject', handler, async (tx) => ({
      result: await handler.reject(tx, id, staff, trimmed, details),
      details: details.fields ? { reason: trimmed, fields: details.fields } : { reason: trimmed },
    }));
  }

  /**
   * One unit of work: the caller's claim (taken now if the record is free), the decision, its audit row; the
   * claim ends with the decision. `run` answering undefined means nothing was decided yet (an approval of
   * several was recorded): the claim is freed for the next member and no after-decision step runs.
   */
  private async decide(
    kind: string,
    id: string,
    staff: StaffIdentity,
    outcome: 'approve' | 'reject',
    handler: ReviewKindHandler,
    run: (tx: Tx) => Promise<{ result: unknown; details: Record<string, unknown> } | undefined>,
  ): Promise<unknown> {
    // A kind's approve/reject registers after-commit steps on the unit (`units.current()`).
    const done = await this.units.run(async ({ tx }) => {
      await this.parts.claims.claim(kind, id, staff, tx);
      const decided = await run(tx);
      await this.parts.claims.clear(tx, kind, id);
      if (!decided) return undefined;
      await this.audit.record(tx, {
        staffId: staff.staffId,
        action: `review.${kind}.${outcome}`,
        target: `${kind}:${id}`,
        details: decided.details,
      });
      return decided;
    });
    if (!done) return undefined;
    if (handler.afterDecision) {
      const decision: ReviewDecision = { kind, id, outcome, staff, result: done.result };
      try {
        await handler.afterDecision(decision);
      } catch (error) {
        this.parts.onAfterDecisionError(error, decision);
      }
    }
    return done.result;
  }
}
