import { and, asc, eq, sql } from 'drizzle-orm';
import {
  errors,
  type CreateStaffBody,
  type StaffMember,
  type StaffPasswordResetIssued,
  type StaffRole,
  type StaffSessionInfo,
} from '@swx/shared/contract';
import type { Db, Tx } from '../db/client';
import { AppError } from '../http/errors';
import type { AuditService } from './audit';
import type { ChangeKind } from './changes';
import { requireGoodRoles, rolesOf, type StaffIdentity, type StaffService } from './staff';
import { reviewClaims, staff, staffRecoveryCodes, staffSignInTickets } from './tables';

type StaffRow = typeof staff.$inferSelect;

/** An admin may not approve a role change of a member they created within this long. */
export const CREATOR_COOLING_OFF_MS = 24 * 3_600_000;

const toMember = (row: StaffRow, sessions: number): StaffMember => ({
  staffId: row.id.toString(),
  username: row.username,
  roles: rolesOf(row.roles),
  totpEnabled: row.totpEnabledAt !== null,
  disabled: row.disabledAt !== null,
  createdAt: row.createdAt.toISOString(),
  disabledAt: row.disabledAt?.toISOString() ?? null,
  email: row.email,
  createdBy: row.createdBy === null ? null : row.createdBy.toString(),
  passwordChangeRequired: row.passwordChangeRequired,
  sessions,
});

/** A pending role change: the member and the whole set of roles asked for. */
export interface RolesChange {
  staffId: string;
  roles: StaffRole[];
}

/**
 * Staff management for admins: create members, ask for role changes (a second admin approves them as
 * pending changes), disable and enable members, reset their two-factor or password, see and end their
 * sessions. Every change is audited in its own transaction. The rules (docs/security.md, segregation of
 * duties): nobody holds both `admin` and `finance`; nobody disables themselves or takes away their own admin
 * role; the last enabled admin keeps the role (changes that could remove an admin are serialised, so two
 * admins cannot demote each other at once); a new admin comes from a role change another admin approves —
 * only a sole admin names a second one directly; nobody approves a change of their own roles, or of a member
 * they created in the last 24 hours.
 */
export class StaffManagement {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
    private readonly members: StaffService,
  ) {}

  async list(): Promise<StaffMember[]> {
    const [rows, sessions] = await Promise.all([
      this.db.select().from(staff).orderBy(asc(staff.id)),
      this.members.sessions.counts(),
    ]);
    return rows.map((row) => toMember(row, sessions.get(row.id.toString()) ?? 0));
  }

  /**
   * A new member with a temporary password (changed at their first sign-in) and an e-mail address. The
   * admin role is given by a role change a second admin approves, except by a sole admin naming the second.
   */
  async create(actor: StaffIdentity, body: CreateStaffBody): Promise<StaffMember> {
    requireGoodRoles(body.roles);
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('staff.admins'))`);
      if (body.roles.includes('admin') && (await this.enabledAdmins(tx)).some((id) => id !== actor.staffId))
        throw new AppError(errors.staffAdminByRoleChange);
      const created = await this.members.create(tx, body.username, body.password, actor.staffId, body.roles, {
        email: body.email,
      });
      return toMember(await this.row(tx, created.staffId), 0);
    });
  }

  /** The maker-checker kind behind `admin.setStaffRoles` (registered with the pending changes). */
  rolesChangeKind(): ChangeKind<RolesChange> {
    return {
      role: 'admin',
      prepare: async (change, maker) => {
        requireGoodRoles(change.roles);
        const row = await this.row(this.db, change.staffId);
        const losesAdmin = row.roles.includes('admin') && !change.roles.includes('admin');
        if (losesAdmin && change.staffId === maker.staffId) throw new AppError(errors.staffSelfChange);
        return {
          target: `staff:${change.staffId}`,
          summary: { title: `Roles of ${row.username}`, before: rolesOf(row.roles), after: change.roles },
        };
      },
      checkApprover: async (change, approver, tx) => {
        if (change.staffId === approver.staffId) throw new AppError(errors.staffOwnRolesApproval);
        const row = await this.row(tx, change.staffId);
        const recent = row.createdAt.getTime() > this.members.now() - CREATOR_COOLING_OFF_MS;
        if (recent && row.createdBy !== null && row.createdBy.toString() === approver.staffId)
          throw new AppError(errors.staffCreatedRecently);
      },
      apply: async (unit, change, decision) => {
        await this.applyRoles(unit.tx, change, decision.approvedBy, {
          requestedBy: decision.requestedBy,
          changeId: decision.changeId,
          reason: decision.reason,
          approvalReason: decision.approvalReason,
        });
      },
    };
  }

  /** Writes an approved role change (the rules checked again against the state of this moment). */
  private async applyRoles(
    tx: Tx,
    change: RolesChange,
    approver: StaffIdentity,
    details: Record<string, unknown>,
  ): Promise<void> {
    requireGoodRoles(change.roles);
    await this.lockAdmins(tx);
    const row = await this.row(tx, change.staffId);
    const losesAdmin = row.roles.includes('admin') && !change.roles.includes('admin');
    if (losesAdmin && row.disabledAt === null) await this.keepAnAdmin(tx, row.id);
    await tx
      .update(staff)
      .set({ roles: [...change.roles] })
      .where(eq(staff.id, row.id));
    await this.audit.record(tx, {
      staffId: approver.staffId,
      action: 'staff.roles',
      target: `staff:${change.staffId}`,
      details: { username: row.username, from: rolesOf(row.roles), to: change.roles, ...details },
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
   * Two-factor off and forgotten (a lost phone): the member's sessions and recovery codes end, and enrolling
   * again needs their password and a code e-mailed to them, so knowing the password alone is not enough.
   */
  async resetTotp(actor: StaffIdentity, id: string): Promise<StaffMember> {
    return this.change(actor, id, 'staff.totp_reset', async (tx, row) => {
      if (!row.email) throw new AppError(errors.staffEmailMissing);
      await tx
        .update(staff)
        .set({
          totpSecret: null,
          totpEnabledAt: null,
          totpLastStep: null,
          totpResetAt: new Date(this.members.now()),
        })
        .where(eq(staff.id, row.id));
      await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, row.id));
      await this.endSessions(tx, row.id);
      return { wasEnabled: row.totpEnabledAt !== null };
    });
  }

  /**
   * The operator's command line sets a member's e-mail address (members made before addresses were asked
   * for). Not offered to admins: an admin who could redirect a colleague's reset link could take the account.
   */
  async setEmailByOperator(id: string, email: string): Promise<StaffMember> {
    const address = email.trim().toLowerCase();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address) || address.length > 254)
      throw new AppError(errors.emailIncorrect);
    const updated = await this.db.transaction(async (tx) => {
      const row = await this.row(tx, id);
      const [taken] = await tx.select({ id: staff.id }).from(staff).where(eq(staff.email, address));
      if (taken && taken.id !== row.id) throw new AppError(errors.emailTaken);
      await tx.update(staff).set({ email: address }).where(eq(staff.id, row.id));
      await this.audit.record(tx, {
        staffId: null,
        action: 'staff.email_set',
        target: `staff:${id}`,
        details: { username: row.username, from: row.email, to: address, by: 'operator' },
      });
      return this.row(tx, id);
    });
    return this.member(updated);
  }

  /** A one-time link to the member's e-mail address to choose a new password; the admin never knows it. */
  resetPassword(actor: StaffIdentity, id: string): Promise<StaffPasswordResetIssued> {
    return this.members.credentials.issueReset(actor.staffId, id);
  }

  async sessions(id: string): Promise<StaffSessionInfo[]> {
    await this.row(this.db, id);
    return this.members.sessions.list(id);
  }

  /** Ends every session of the member (they sign in again), audited. */
  async revokeSessions(actor: StaffIdentity, id: string): Promise<{ revoked: number }> {
    let revoked = 0;
    await this.change(actor, id, 'staff.sessions_revoke', async (tx, row) => {
      revoked = await this.members.sessions.endAll(tx, row.id);
      return { revoked };
    });
    return { revoked };
  }

  private async change(
    actor: StaffIdentity,
    id: string,
    action: string,
    apply: (tx: Tx, row: StaffRow) => Promise<Record<string, unknown>>,
  ): Promise<StaffMember> {
    const changed = await this.db.transaction(async (tx) => {
      await this.lockAdmins(tx);
      const row = await this.row(tx, id);
      const details = await apply(tx, row);
      await this.audit.record(tx, {
        staffId: actor.staffId,
        action,
        target: `staff:${id}`,
        details: { username: row.username, ...details },
      });
      return this.row(tx, id);
    });
    return this.member(changed);
  }

  /** The member as listed, with their live sessions counted (after any transaction: PGlite has one connection). */
  private async member(row: StaffRow): Promise<StaffMember> {
    const counts = await this.members.sessions.counts();
    return toMember(row, counts.get(row.id.toString()) ?? 0);
  }

  /** One admin-affecting change at a time: the last-admin check must see the others' outcome. */
  private async lockAdmins(tx: Tx): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('staff.admins'))`);
  }

  private async row(db: Db | Tx, id: string): Promise<StaffRow> {
    const query = db
      .select()
      .from(staff)
      .where(eq(staff.id, BigInt(id)));
    const [row] = db === this.db ? await query : await query.for('update');
    if (!row) throw new AppError(errors.staffNotFound);
    return row;
  }

  private async enabledAdmins(tx: Tx): Promise<string[]> {
    const rows = await tx
      .select({ id: staff.id })
      .from(staff)
      .where(and(sql`'admin' = any(${staff.roles})`, sql`${staff.disabledAt} is null`));
    return rows.map((row) => row.id.toString());
  }

  /** Refuses a change that would leave no enabled admin besides `leaving`. */
  private async keepAnAdmin(tx: Tx, leaving: bigint): Promise<void> {
    const others = (await this.enabledAdmins(tx)).filter((id) => id !== leaving.toString());
    if (others.length === 0) throw new AppError(errors.staffLastAdmin);
  }

  private async endSessions(tx: Tx, staffId: bigint): Promise<void> {
    await this.members.sessions.endAll(tx, staffId);
    await tx.delete(staffSignInTickets).where(eq(staffSignInTickets.staffId, staffId));
  }
}
