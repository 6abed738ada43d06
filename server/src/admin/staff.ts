import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { AttemptThrottle } from '../guards/attempt-throttle';
import { AppError } from '../http/errors';
import type { AuditService } from './audit';
import type { StaffTotp } from './staff-totp';
import { staff, staffSessions, staffSignInTickets } from './tables';
import {
  errors,
  staffRoles,
  type StaffMe,
  type StaffRole,
  type StaffTotpEnrolment,
} from '@swx/shared/contract';

export interface StaffIdentity {
  staffId: string;
  username: string;
  roles: StaffRole[];
}

/** The member behind a live session, and whether two-factor is on (off: only enrolment routes answer). */
export interface StaffSessionIdentity extends StaffIdentity {
  totpEnabled: boolean;
}

/** What the password step answers: a session, or — two-factor on — a ticket for the code step. */
export type StaffSignIn =
  | { kind: 'session'; token: string; expiresAt: Date; staff: StaffIdentity; totpEnabled: boolean }
  | { kind: 'challenge'; ticket: string; expiresAt: Date };

/** Staff sessions last one working day; staff sign in again after that. */
const sessionHours = 12;
/** Time to type the code after the password. */
const ticketMinutes = 5;
const usernamePattern = /^[A-Za-z0-9_.-]{3,64}$/;

// argon2id with the library's defaults (19 MiB, t=2): OWASP's minimum recommendation.
const hashPassword = (password: string) => hash(password, { algorithm: 2 });

export function tokenHash(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** Why a staff password is not acceptable, or undefined. */
export function weakStaffPassword(password: string): string | undefined {
  if (password.length < 10 || password.length > 256) return 'Staff passwords must be 10 to 256 characters';
  if (!/[A-Za-z]/.test(password) || !/[0-9]/.test(password)) return 'Staff passwords need letters and digits';
  return undefined;
}

/** A password hash that never matches, so an unknown username costs as much as a wrong password. */
let decoyHash: Promise<string> | undefined;

/** The roles column as the contract's type: unknown words (none are written) are dropped. */
export const rolesOf = (stored: readonly string[]): StaffRole[] =>
  staffRoles.filter((role) => stored.includes(role));

/** Why a set of roles is not acceptable, or undefined. */
export function badRoles(roles: readonly string[]): string | undefined {
  if (roles.length === 0) return 'A staff member needs at least one role';
  if (new Set(roles).size !== roles.length) return 'Roles must be distinct';
  const unknown = roles.find((role) => !(staffRoles as readonly string[]).includes(role));
  return unknown === undefined ? undefined : `Unknown role ${unknown}: one of ${staffRoles.join(', ')}`;
}

export interface StaffServiceOptions {
  totp: StaffTotp;
  /** Wrong codes per member and address before the wait starts (as for passwords). */
  codeLimit: { max: number; windowMs: number };
}

export class StaffService {
  /** The clock of sessions, tickets and codes (epoch ms); tests move it to reach the next code step. */
  now: () => number = () => Date.now();
  private readonly codeThrottle: AttemptThrottle;

  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
    private readonly options: StaffServiceOptions,
  ) {
    this.codeThrottle = new AttemptThrottle({
      freeFailures: options.codeLimit.max,
      firstLockMs: options.codeLimit.windowMs,
      clock: { now: () => new Date(this.now()) },
    });
  }

  /** Creates a staff account inside `tx`, audited as `createdBy` (null for the server's start-up). */
  async create(
    tx: Tx,
    username: string,
    password: string,
    createdBy: string | null,
    roles: readonly StaffRole[],
  ): Promise<StaffIdentity> {
    if (!usernamePattern.test(username))
      throw new AppError(errors.invalidRequest, 'Staff usernames are 3 to 64 letters, digits, _ . -');
    const weak = weakStaffPassword(password);
    if (weak) throw new AppError(errors.invalidRequest, weak);
    const wrongRoles = badRoles(roles);
    if (wrongRoles) throw new AppError(errors.invalidRequest, wrongRoles);
    const [existing] = await tx.select({ id: staff.id }).from(staff).where(eq(staff.username, username));
    if (existing) throw new AppError(errors.usernameTaken);
    const [row] = await tx
      .insert(staff)
      .values({ username, passwordHash: await hashPassword(password), roles: [...roles] })
      .returning({ id: staff.id });
    const identity = { staffId: row!.id.toString(), username, roles: rolesOf(roles) };
    await this.audit.record(tx, {
      staffId: createdBy,
      action: 'staff.create',
      target: `staff:${identity.staffId}`,
      details: { username, roles: identity.roles },
    });
    return identity;
  }

  /**
   * The first staff account from ADMIN_USERNAME / ADMIN_PASSWORD, with every role. An existing account of
   * that name is left as it is (its password and roles are not reset from the environment).
   */
  async bootstrap(username: string | undefined, password: string | undefined): Promise<void> {
    if (!username || !password) return;
    if (await this.findByUsername(username)) return;
    const weak = weakStaffPassword(password);
    if (weak) throw new Error(`ADMIN_PASSWORD rejected: ${weak}`);
    try {
      await this.db.transaction(async (tx) => {
        await this.create(tx, username, password, null, staffRoles);
      });
    } catch (error) {
      // Several instances starting together: another one created the account first.
      if (await this.findByUsername(username)) return;
      throw error;
    }
  }

  async hasAny(): Promise<boolean> {
    const [row] = await this.db.select({ id: staff.id }).from(staff).limit(1);
    return row !== undefined;
  }

  async findByUsername(username: string): Promise<StaffIdentity | undefined> {
    const [row] = await this.db
      .select({ id: staff.id, username: staff.username, roles: staff.roles })
      .from(staff)
      .where(and(eq(staff.username, username), isNull(staff.disabledAt)));
    return row
      ? { staffId: row.id.toString(), username: row.username, roles: rolesOf(row.roles) }
      : undefined;
  }

  /**
   * Checks the password. A member with two-factor on gets a ticket for the code step; one without gets a
   * session that reaches only enrolment until two-factor is on. Tokens and tickets are returned once and
   * stored only as hashes.
   */
  async login(username: string, password: string): Promise<StaffSignIn> {
    const [row] = await this.db
      .select()
      .from(staff)
      .where(and(eq(staff.username, username), isNull(staff.disabledAt)));
    if (!row) {
      decoyHash ??= hashPassword(crypto.randomBytes(16).toString('hex'));
      await verify(await decoyHash, password).catch(() => false);
      await this.recordFailedLogin(username, null);
      throw new AppError(errors.staffCredentialsIncorrect);
    }
    if (!(await verify(row.passwordHash, password).catch(() => false))) {
      await this.recordFailedLogin(username, row.id.toString());
      throw new AppError(errors.staffCredentialsIncorrect);
    }
    if (row.totpEnabledAt === null) {
      const identity = { staffId: row.id.toString(), username: row.username, roles: rolesOf(row.roles) };
      return { kind: 'session', ...(await this.openSession(identity)), staff: identity, totpEnabled: false };
    }
    const ticket = crypto.randomBytes(32).toString('base64url');
    const expiresAt = new Date(this.now() + ticketMinutes * 60_000);
    await this.db.transaction(async (tx) => {
      await tx
        .delete(staffSignInTickets)
        .where(
          and(eq(staffSignInTickets.staffId, row.id), lt(staffSignInTickets.expiresAt, new Date(this.now()))),
        );
      await tx
        .insert(staffSignInTickets)
        .values({ tokenHash: tokenHash(ticket), staffId: row.id, expiresAt });
    });
    return { kind: 'challenge', ticket, expiresAt };
  }

  /**
   * The code step: a valid, unused code for the ticket's member opens a session and spends the ticket; a
   * wrong code leaves the ticket for another try, counted by the throttle (per member and address).
   */
  async loginTotp(
    ticket: string,
    code: string,
    address: string,
  ): Promise<{ token: string; expiresAt: Date; staff: StaffIdentity }> {
    const hash = tokenHash(ticket);
    const [found] = await this.db
      .select({ staffId: staffSignInTickets.staffId, expiresAt: staffSignInTickets.expiresAt })
      .from(staffSignInTickets)
      .where(eq(staffSignInTickets.tokenHash, hash));
    if (!found || found.expiresAt.getTime() <= this.now()) throw new AppError(errors.staffSignInStepExpired);
    const staffId = found.staffId.toString();
    const identity = await this.checkCode(staffId, code, address, async (tx) => {
      // Spending the ticket in the transaction that accepts the code: two tries with one ticket open one session.
      const spent = await tx
        .delete(staffSignInTickets)
        .where(eq(staffSignInTickets.tokenHash, hash))
        .returning({ staffId: staffSignInTickets.staffId });
      if (spent.length === 0) throw new AppError(errors.staffSignInStepExpired);
    });
    return { ...(await this.openSession(identity)), staff: identity };
  }

  /**
   * Checks `code` against the member's secret (enrolled or being enrolled), throttled per member and
   * address, and spends its time step; `inside` runs in the same transaction, after the code was accepted.
   */
  private async checkCode(
    staffId: string,
    code: string,
    address: string,
    inside: (tx: Tx, row: typeof staff.$inferSelect) => Promise<void>,
  ): Promise<StaffIdentity> {
    const throttleKey = `${staffId}|${address}`;
    this.codeThrottle.begin(throttleKey);
    const identity = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(staff)
        .where(and(eq(staff.id, BigInt(staffId)), isNull(staff.disabledAt)))
        .for('update');
      if (!row) throw new AppError(errors.staffSignInStepExpired);
      if (row.totpSecret === null) throw new AppError(errors.staffTotpNotStarted);
      const secret = this.options.totp.open(staffId, row.totpSecret);
      const step = this.options.totp.acceptedStep(secret, code, this.now(), row.totpLastStep);
      if (step === undefined) return undefined;
      await tx.update(staff).set({ totpLastStep: step }).where(eq(staff.id, row.id));
      await inside(tx, row);
      return { staffId, username: row.username, roles: rolesOf(row.roles) };
    });
    if (!identity) {
      await this.db.transaction((tx) =>
        this.audit.record(tx, { staffId: null, action: 'staff.totp_failed', target: `staff:${staffId}` }),
      );
      throw new AppError(errors.staffTotpCodeIncorrect);
    }
    this.codeThrottle.succeeded(throttleKey);
    return identity;
  }

  private async openSession(identity: StaffIdentity): Promise<{ token: string; expiresAt: Date }> {
    const token = crypto.randomBytes(32).toString('base64url');
    const expiresAt = new Date(this.now() + sessionHours * 3600_000);
    const staffId = BigInt(identity.staffId);
    await this.db.transaction(async (tx) => {
      await tx.insert(staffSessions).values({ tokenHash: tokenHash(token), staffId, expiresAt });
      await tx
        .delete(staffSessions)
        .where(and(eq(staffSessions.staffId, staffId), lt(staffSessions.expiresAt, new Date(this.now()))));
      await this.audit.record(tx, {
        staffId: identity.staffId,
        action: 'staff.login',
        target: `staff:${identity.staffId}`,
      });
    });
    return { token, expiresAt };
  }

  /** Who is signed in, for `GET /me`. */
  async me(who: StaffSessionIdentity): Promise<StaffMe> {
    return { staffId: who.staffId, username: who.username, roles: who.roles, totpEnabled: who.totpEnabled };
  }

  /**
   * A new secret for the member's app, replacing an unconfirmed one; refused once two-factor is on (an admin
   * resets it). Audited without the secret.
   */
  async enrolTotp(who: StaffIdentity): Promise<StaffTotpEnrolment> {
    const enrolment = await this.options.totp.newEnrolment(who.username);
    await this.db.transaction(async (tx) => {
      const updated = await tx
        .update(staff)
        .set({ totpSecret: this.options.totp.seal(who.staffId, enrolment.secret), totpLastStep: null })
        .where(and(eq(staff.id, BigInt(who.staffId)), isNull(staff.totpEnabledAt)))
        .returning({ id: staff.id });
      if (updated.length === 0) throw new AppError(errors.staffTotpAlreadyEnabled);
      await this.audit.record(tx, {
        staffId: who.staffId,
        action: 'staff.totp_enrol',
        target: `staff:${who.staffId}`,
      });
    });
    return enrolment;
  }

  /** The first valid code from the enrolled secret switches two-factor on (this session included). */
  async confirmTotp(who: StaffSessionIdentity, code: string, address: string): Promise<StaffMe> {
    if (who.totpEnabled) throw new AppError(errors.staffTotpAlreadyEnabled);
    await this.checkCode(who.staffId, code, address, async (tx, row) => {
      if (row.totpEnabledAt !== null) throw new AppError(errors.staffTotpAlreadyEnabled);
      await tx
        .update(staff)
        .set({ totpEnabledAt: new Date(this.now()) })
        .where(eq(staff.id, row.id));
      await this.audit.record(tx, {
        staffId: who.staffId,
        action: 'staff.totp_on',
        target: `staff:${who.staffId}`,
      });
    });
    return this.me({ ...who, totpEnabled: true });
  }

  /** Failed sign-ins are audited too (no acting staff): repeated failures on one account are worth seeing. */
  private async recordFailedLogin(username: string, staffId: string | null): Promise<void> {
    await this.db.transaction((tx) =>
      this.audit.record(tx, {
        staffId: null,
        action: 'staff.login_failed',
        target: staffId ? `staff:${staffId}` : 'staff:unknown',
        details: { username },
      }),
    );
  }

  /** The staff member a token belongs to, if the session is live and the account is enabled. */
  async authenticate(token: string): Promise<StaffSessionIdentity | undefined> {
    const [row] = await this.db
      .select({
        id: staff.id,
        username: staff.username,
        roles: staff.roles,
        totpEnabledAt: staff.totpEnabledAt,
      })
      .from(staffSessions)
      .innerJoin(staff, eq(staff.id, staffSessions.staffId))
      .where(
        and(
          eq(staffSessions.tokenHash, tokenHash(token)),
          gt(staffSessions.expiresAt, new Date(this.now())),
          isNull(staff.disabledAt),
        ),
      );
    return row
      ? {
          staffId: row.id.toString(),
          username: row.username,
          roles: rolesOf(row.roles),
          totpEnabled: row.totpEnabledAt !== null,
        }
      : undefined;
  }

  async logout(token: string, who: StaffIdentity): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(staffSessions).where(eq(staffSessions.tokenHash, tokenHash(token)));
      await this.audit.record(tx, {
        staffId: who.staffId,
        action: 'staff.logout',
        target: `staff:${who.staffId}`,
      });
    });
  }
}
