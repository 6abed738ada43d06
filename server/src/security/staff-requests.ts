import { and, desc, eq, type SQL } from 'drizzle-orm';
import {
  errors,
  type CustomerSecurity,
  type SecurityRequest,
  type SecurityRequestAction,
  type SecurityRequestQuery,
} from '@swx/shared/contract';
import type { Db, Tx } from '../db/client';
import { AppError } from '../http/errors';
import type { AuditService } from '../staff/audit';
import type { FourEyes } from '../staff/four-eyes';
import type { StaffIdentity } from '../staff/staff';
import type { UnitOfWork } from '../platform/unit-of-work';
import { recordId } from '../platform/owned';
import type { MailLanguage } from '../mail/mail';
import type { SecurityService } from './service';
import { securityRequests } from './tables';

type RequestRow = typeof securityRequests.$inferSelect;

export interface SecurityStaffDeps {
  db: Db;
  units: UnitOfWork;
  audit: AuditService;
  fourEyes: Pick<FourEyes, 'approve' | 'require'>;
  security: SecurityService;
  usernames: (userIds: readonly string[]) => Promise<Map<string, string>>;
  /** The language of the customer's notices (staff act without the customer's request). */
  language?: MailLanguage;
}

/**
 * Staff help with a customer's security (docs/security.md): lifting a withdrawal lock early, and resetting
 * the second factors of a customer who lost them all. A member asks with a reason; a different member
 * approves (the shared four-eyes piece: 11171 for the requester), which executes it in the same
 * transaction. A reset starts a withdrawal lock of its own. Every step is audited.
 */
export class SecurityStaffRequests {
  constructor(private readonly deps: SecurityStaffDeps) {}

  async customer(userId: string): Promise<CustomerSecurity> {
    const { security } = this.deps;
    const settings = await security.settings(userId);
    return {
      twoFactor: await security.factors.totpEnabled(userId),
      passkeys: await security.passkeys.countOf(userId),
      recoveryCodesLeft: await security.factors.recoveryCodesLeft(userId),
      whitelistMode: settings.whitelistMode,
      lock: await security.locks.current(userId),
      requests: await this.select(eq(securityRequests.userId, BigInt(userId))),
    };
  }

  async request(
    who: StaffIdentity,
    userId: string,
    action: SecurityRequestAction,
    reason: string,
  ): Promise<SecurityRequest> {
    const id = await this.deps.units.run(async ({ tx }) => {
      const [row] = await tx
        .insert(securityRequests)
        .values({
          userId: BigInt(userId),
          action,
          reason: reason.normalize('NFC').trim(),
          requestedBy: BigInt(who.staffId),
          requestedByName: who.username,
          requestedAt: new Date(),
        })
        .returning({ id: securityRequests.id });
      // Four eyes fixed with the request: one approval by a member other than the requester.
      await this.deps.fourEyes.require(
        tx,
        { kind: 'customer-security', id: String(row!.id), requestedBy: who.staffId },
        1,
        { action },
      );
      await this.deps.audit.record(tx, {
        staffId: who.staffId,
        action: `customer_security.request`,
        target: `customer:${userId}`,
        details: { requestId: String(row!.id), action, reason },
      });
      return String(row!.id);
    });
    return this.get(id);
  }

  /** The second pair of eyes: executes the request (never by its requester). */
  async approve(who: StaffIdentity, id: string): Promise<SecurityRequest> {
    let after: (() => Promise<void>) | undefined;
    await this.deps.units.run(async ({ tx }) => {
      const row = await this.pending(tx, id);
      const { complete } = await this.deps.fourEyes.approve(
        tx,
        { kind: 'customer-security', id, requestedBy: String(row.requestedBy) },
        who,
      );
      if (!complete)
        throw new Error('security requests: one approval besides the request completes four eyes');
      after = await this.execute(tx, row);
      await tx
        .update(securityRequests)
        .set({
          status: 'approved',
          decidedBy: BigInt(who.staffId),
          decidedByName: who.username,
          decidedAt: new Date(),
        })
        .where(eq(securityRequests.id, row.id));
      await this.deps.audit.record(tx, {
        staffId: who.staffId,
        action: `customer_security.${row.action}`,
        target: `customer:${String(row.userId)}`,
        details: { requestId: id, reason: row.reason, requestedBy: String(row.requestedBy) },
      });
    });
    await after?.();
    return this.get(id);
  }

  async reject(who: StaffIdentity, id: string, reason: string): Promise<SecurityRequest> {
    await this.deps.units.run(async ({ tx }) => {
      const row = await this.pending(tx, id);
      const rejectReason = reason.normalize('NFC').trim();
      await tx
        .update(securityRequests)
        .set({
          status: 'rejected',
          // A requester withdrawing their own request is not a second person: the audit log names them.
          decidedBy: String(row.requestedBy) === who.staffId ? null : BigInt(who.staffId),
          decidedByName: who.username,
          decidedAt: new Date(),
          rejectReason,
        })
        .where(eq(securityRequests.id, row.id));
      await this.deps.audit.record(tx, {
        staffId: who.staffId,
        action: 'customer_security.reject',
        target: `customer:${String(row.userId)}`,
        details: { requestId: id, reason: rejectReason },
      });
    });
    return this.get(id);
  }

  list(query: SecurityRequestQuery): Promise<SecurityRequest[]> {
    return this.select(query.status ? eq(securityRequests.status, query.status) : undefined);
  }

  async get(id: string): Promise<SecurityRequest> {
    const key = recordId(id);
    const [found] = key === undefined ? [] : await this.select(eq(securityRequests.id, key));
    if (!found) throw new AppError(errors.securityRequestNotFound);
    return found;
  }

  /** Does what the request asks, in the approving transaction; answers the notice to send after commit. */
  private async execute(tx: Tx, row: RequestRow): Promise<() => Promise<void>> {
    const { security } = this.deps;
    const userId = String(row.userId);
    const language = this.deps.language ?? 'en';
    if (row.action === 'liftLock') {
      await security.locks.liftAll(tx, userId, row.id);
      await security.notices.record(tx, userId, 'lockLifted');
      return () => security.notices.mail(userId, 'lockLifted', { language });
    }
    await security.factors.resetAll(tx, userId);
    const lockedUntil = await security.locks.lock(tx, userId, 'twoFactorReset');
    await security.notices.record(tx, userId, 'twoFactorReset');
    return () => security.notices.mail(userId, 'twoFactorReset', { language, lockedUntil });
  }

  private async pending(tx: Tx, id: string): Promise<RequestRow> {
    const key = recordId(id);
    if (key === undefined) throw new AppError(errors.securityRequestNotFound);
    const [row] = await tx.select().from(securityRequests).where(eq(securityRequests.id, key)).for('update');
    if (!row) throw new AppError(errors.securityRequestNotFound);
    if (row.status !== 'pending') throw new AppError(errors.alreadyDecided);
    return row;
  }

  private async select(where: SQL | undefined): Promise<SecurityRequest[]> {
    const rows = await this.deps.db
      .select()
      .from(securityRequests)
      .where(and(where))
      .orderBy(desc(securityRequests.id))
      .limit(200);
    const names = await this.deps.usernames(rows.map((row) => String(row.userId)));
    return rows.map((row) => ({
      id: String(row.id),
      userId: String(row.userId),
      username: names.get(String(row.userId)) ?? null,
      action: row.action,
      reason: row.reason,
      status: row.status,
      requestedBy: row.requestedByName,
      requestedAt: row.requestedAt.toISOString(),
      decidedBy: row.decidedByName,
      decidedAt: row.decidedAt?.toISOString() ?? null,
      rejectReason: row.rejectReason,
    }));
  }
}
