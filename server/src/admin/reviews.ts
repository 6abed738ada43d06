import type { Tx } from '../db/client';
import type { UnitOfWork } from '../platform/unit-of-work';
import { AppError } from '../http/errors';
import type { AuditService } from './audit';
import type { StaffIdentity } from './staff';
import { errors } from '@swx/shared/contract';

/** Extra facts a staff decision may carry (validated by the kind that receives them). */
export type ReviewFacts = Record<string, string | number | boolean>;

/**
 * What a domain plugs in to put its records in front of staff. `approve` and `reject` run inside the
 * framework's transaction, which also writes the audit row: the decision, its effects (ledger entries,
 * status change) and its audit commit together or not at all. A record that is no longer pending must be
 * refused (errors.alreadyDecided); an unknown id answers errors.notFound.
 */
export interface ReviewKindHandler {
  /** Records in the given status (the kind's own status words; `pending` is what staff work from). */
  list(status: string): Promise<unknown[]>;
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

/**
 * The review queue: domains register a kind once while the services are built
 * (`services.reviews.register('deposit', {...})`); the admin API and CLI reach every kind through it.
 */
export class ReviewRegistry {
  private readonly kinds = new Map<string, ReviewKindHandler>();

  constructor(
    private readonly units: UnitOfWork,
    private readonly audit: AuditService,
    private readonly onAfterDecisionError: (error: unknown, decision: ReviewDecision) => void,
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

  private handler(kind: string): ReviewKindHandler {
    const found = this.kinds.get(kind);
    if (!found) throw new AppError(errors.notFound, `Unknown review kind ${kind}`);
    return found;
  }

  async list(kind: string, status: string): Promise<unknown[]> {
    return this.handler(kind).list(status);
  }

  async approve(kind: string, id: string, staff: StaffIdentity, facts: ReviewFacts = {}): Promise<unknown> {
    return this.decide(kind, id, staff, 'approve', async (tx, handler) => ({
      result: await handler.approve(tx, id, staff, facts),
      details: { facts },
    }));
  }

  async reject(
    kind: string,
    id: string,
    staff: StaffIdentity,
    reason: string,
    details: RejectDetails = {},
  ): Promise<unknown> {
    const trimmed = reason.trim();
    if (trimmed.length < 1 || trimmed.length > 500)
      throw new AppError(errors.invalidRequest, 'A rejection needs a reason of 1 to 500 characters');
    return this.decide(kind, id, staff, 'reject', async (tx, handler) => ({
      result: await handler.reject(tx, id, staff, trimmed, details),
      details: details.fields ? { reason: trimmed, fields: details.fields } : { reason: trimmed },
    }));
  }

  private async decide(
    kind: string,
    id: string,
    staff: StaffIdentity,
    outcome: 'approve' | 'reject',
    run: (
      tx: Tx,
      handler: ReviewKindHandler,
    ) => Promise<{ result: unknown; details: Record<string, unknown> }>,
  ): Promise<unknown> {
    const handler = this.handler(kind);
    // A unit of work: a kind's approve/reject registers after-commit steps on it (`units.current()`).
    const result = await this.units.run(async ({ tx }) => {
      const done = await run(tx, handler);
      await this.audit.record(tx, {
        staffId: staff.staffId,
        action: `review.${kind}.${outcome}`,
        target: `${kind}:${id}`,
        details: done.details,
      });
      return done.result;
    });
    if (handler.afterDecision) {
      const decision: ReviewDecision = { kind, id, outcome, staff, result };
      try {
        await handler.afterDecision(decision);
      } catch (error) {
        this.onAfterDecisionError(error, decision);
      }
    }
    return result;
  }
}
