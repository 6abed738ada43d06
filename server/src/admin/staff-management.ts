import { and, asc, eq, sql } from 'drizzle-orm';
import { errors, type StaffMember, type StaffRole } from '@swx/shared/contract';
import type { Db, Tx } from '../db/client';
import { AppError } from '../http/errors';
import type { AuditService } from './audit';
import { badRoles, rolesOf, type StaffIdentity, type StaffService } from './staff';
import { reviewClaims, staff, staffSessions, staffSignInTickets } from './tables';

type StaffRow = typeof staff.$inferSelect;

const toMember = (row: StaffRow): StaffMember => ({
  staffId: row.id.toString(),
  username: row.username,
  roles: rolesOf(row.roles),
  totpEnabled: row.totpEnabledAt !== null,
  disabled: row.disabledAt !== null,
  createdAt: row.createdAt.toISOString(),
  disabledAt: row.disabledAt?.toISOString() ?? null,
});

/**
 * Staff management for admins: create members, change their roles, disable and enable them, reset their
 * two-factor. Every change is audited in its own transaction. Two rules keep the back office reachable:
 * nobody disables themselves or takes away their own admin role, and the last enabled admin keeps the role
 * (changes that could remove an admin are serialised, so two admins cannot demote each other at once).
 */
export class StaffManagement {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
    private readonly members: StaffService,
  ) {}

  async list(): Promise<StaffMember[]> {
    const rows = await this.db.select().from(staff).orderBy(asc(staff.id));
    return rows.map(toMember);
  }

  async create(
    actor: StaffIdentity,
    body: { username: string; password: string; roles: StaffRole[] },
  ): Promise<StaffMember> {
    return this.db.transaction(async (tx) => {
      const created = await this.members.create(tx, body.username, body.password, actor.staffId, body.roles);
      return toMember(await this.row(tx, created.staffId));
    });
  }

  async setRoles(actor: StaffIdentity, id: string, roles: StaffRole[]): Promise<StaffMember> {
    const wrong = badRoles(roles);
    if (wrong) throw new AppError(errors.invalidRequest, wrong);
    return this.change(actor, id, 'staff.roles', async (tx, row) => {
      const losesAdmin = row.roles.includes('admin') && !roles.includes('admin');
      if (losesAdmin && id === actor.staffId) throw new AppError(errors.staffSelfChange);
      if (losesAdmin && row.disabledAt === null) await this.keepAnAdmin(tx, row.id);
      await tx
        .update(staff)
        .set({ roles: [...roles] })
        .where(eq(staff.id, row.id));
      return { from: rolesOf(row.roles), to: rolesOf(roles) };
    });
  }

  /** Disabling ends the member's sessions, sign-in tickets and review claims at once. */
  async disable(actor: StaffIdentity, id: string): Promise<StaffMember> {
    if (id === actor.staffId) throw new AppError(errors.staffSelfChange);
    return this.change(actor, id, 'staff.disable', async (tx, row) => {
      if (row.disabledAt !== null) return { already: true };
      if (row.roles.includes('admin')) await this.keepAnAdmin(tx, row.id);
      await tx
        .update(staff)
        .set({ disabledAt: new Date(this.members.now()) })
        .where(eq(staff.id, row.id));
      await this.endSessions(tx, row.id);
      await tx.delete(reviewClaims).where(eq(reviewClaims.staffId, row.id));
      return {};
    });
  }

  async enable(actor: StaffIdentity, id: string): Promise<StaffMember> {
    return this.change(actor, id, 'staff.enable', async (tx, row) => {
      if (row.disabledAt === null) return { already: true };
      await tx.update(staff).set({ disabledAt: null }).where(eq(staff.id, row.id));
      return {};
    });
  }

  /**
   * Two-factor off and forgotten (a lost phone): the member's sessions end, and their next sign-in reaches
   * only enrolment until they enrol again.
   */
  async resetTotp(actor: StaffIdentity, id: string): Promise<StaffMember> {
    return this.change(actor, id, 'staff.totp_reset', async (tx, row) => {
      await tx
        .update(staff)
        .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
        .where(eq(staff.id, row.id));
      await this.endSessions(tx, row.id);
      return { wasEnabled: row.totpEnabledAt !== null };
    });
  }

  private async change(
    actor: StaffIdentity,
    id: string,
    action: string,
    apply: (tx: Tx, row: StaffRow) => Promise<Record<string, unknown>>,
  ): Promise<StaffMember> {
    return this.db.transaction(async (tx) => {
      // One admin-affecting change at a time: the last-admin check below must see the others' outcome.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('staff.admins'))`);
      const row = await this.row(tx, id);
      const details = await apply(tx, row);
      await this.audit.record(tx, {
        staffId: actor.staffId,
        action,
        target: `staff:${id}`,
        details: { username: row.username, ...details },
      });
      return toMember(await this.row(tx, id));
    });
  }

  private async row(tx: Tx, id: string): Promise<StaffRow> {
    const [row] = await tx
      .select()
      .from(staff)
      .where(eq(staff.id, BigInt(id)))
      .for('update');
    if (!row) throw new AppError(errors.staffNotFound);
    return row;
  }

  /** Refuses a change that would leave no enabled admin besides `leaving`. */
  private async keepAnAdmin(tx: Tx, leaving: bigint): Promise<void> {
    const others = await tx
      .select({ id: staff.id })
      .from(staff)
      .where(
        and(
          sql`'admin' = any(${staff.roles})`,
          sql`${staff.disabledAt} is null`,
          sql`${staff.id} <> ${leaving}`,
        ),
      )
      .limit(1);
    if (others.length === 0) throw new AppError(errors.staffLastAdmin);
  }

  private async endSessions(tx: Tx, staffId: bigint): Promise<void> {
    await tx.delete(staffSessions).where(eq(staffSessions.staffId, staffId));
    await tx.delete(staffSignInTickets).where(eq(staffSignInTickets.staffId, staffId));
  }
}
