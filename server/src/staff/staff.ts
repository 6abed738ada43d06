import crypto from 'node:crypto';
import { verify } from '@node-rs/argon2';
import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { AppError } from '../http/errors';
import type { Mailer } from '../mail/mailer';
import type { AuditService } from './audit';
import { SharedAttemptThrottle } from '../guards/shared-counters';
import { StaffCredentials, hashPassword, weakStaffPassword } from './staff-credentials';
import { recoveryCodesLeft, replaceRecoveryCodes, spendRecoveryCode } from './staff-recovery';
import { StaffSessions, tokenHash, type SessionOrigin } from './staff-sessions';
import type { StaffTotp } from './staff-totp';
import { staff, staffSignInTickets } from './tables';
import {
  errors,
  staffRoles,
  type StaffMe,
  type StaffRole,
  type StaffTotpConfirmed,
  type StaffTotpEnrolBody,
  type StaffTotpEnrolment,
} from '@swx/shared/contract';

export { tokenHash } from './staff-sessions';
export { weakStaffPassword } from './staff-credentials';

export interface StaffIdentity {
  staffId: string;
  username: string;
  roles: StaffRole[];
}

/**
 * The member behind a live session: whether two-factor is on (off: only enrolment routes answer) and
 * whether the temporary password must still be replaced (then only that answers).
 */
export interface StaffSessionIdentity extends StaffIdentity {
  totpEnabled: boolean;
  passwordChangeRequired: boolean;
}

/** What the password step answers: a session, or — two-factor on — a ticket for the code step. */
export type StaffSignIn =
  | {
      kind: 'session';
      token: string;
      expiresAt: Date;
      staff: StaffIdentity;
      totpEnabled: boolean;
      passwordChangeRequired: boolean;
    }
  | { kind: 'challenge'; ticket: string; expiresAt: Date };

/** Time to type the code after the password. */
const ticketMinutes = 5;
const usernamePattern = /^[A-Za-z0-9_.-]{3,64}$/;

/** A password hash that never matches, so an unknown username costs as much as a wrong password. */
let decoyHash: Promise<string> | undefined;

/** The roles column as the contract's type: unknown words (none are written) are dropped. */
export const rolesOf = (stored: readonly string[]): StaffRole[] =>
  staffRoles.filter((role) => stored.includes(role));

/**
 * Why a set of roles is not acceptable, or undefined (with the catalogue code to answer). Segregation of
 * duties: nobody holds both `admin` (who sets the rules) and `finance` (who moves the money); the database
 * holds the same rule as a check constraint.
 */
export function badRoles(roles: readonly string[]): string | undefined {
  return roleProblem(roles)?.message;
}

export function roleProblem(roles: readonly string[]): { code: string; message: string } | undefined {
  const invalid = (message: string) => ({ code: errors.invalidRequest, message });
  if (roles.length === 0) return invalid('A staff member needs at least one role');
  if (new Set(roles).size !== roles.length) return invalid('Roles must be distinct');
  const unknown = roles.find((role) => !(staffRoles as readonly string[]).includes(role));
  if (unknown !== undefined) return invalid(`Unknown role ${unknown}: one of ${staffRoles.join(', ')}`);
  if (roles.includes('admin') && roles.includes('finance'))
    return { code: errors.staffRoleConflict, message: 'Nobody holds both the admin and the finance role' };
  return undefined;
}

/** Refuses roles that break a rule above, with its catalogue code. */
export function requireGoodRoles(roles: readonly string[]): void {
  const problem = roleProblem(roles);
  if (problem) throw new AppError(problem.code as typeof errors.invalidRequest, problem.message);
}

export interface StaffServiceOptions {
  totp: StaffTotp;
  /** Failed tries per member (password, codes) before the wait starts, and the first wait. */
  codeLimit: { max: number; windowMs: number };
  /** Reset links and re-enrolment codes go out by e-mail. */
  mailer: Pick<Mailer, 'send'>;
  /** The site's public address, for reset links. */
  publicUrl: string;
}

/** What `create` may add to a new member. */
export interface NewStaffDetails {
  email?: string | null;
  /** Default: true when a staff member creates them (that member knows the temporary password). */
  passwordChangeRequired?: boolean;
}

/**
 * Staff identity: members, the sign-in steps (password, then an authenticator or a recovery code), two-factor
 * enrolment and sessions. Failed steps are counted per member in the database (`SharedAttemptThrottle`, keys
 * `staff:login:<username>`, `staff:code:<id>`, `staff:password:<id>`), so the limit
 * holds across instances; passwords over their life are `StaffCredentials`'.
 */
export class StaffService {
  /** The clock of sessions, tickets and codes (epoch ms); tests move it to reach the next code step. */
  now: () => number = () => Date.now();
  readonly attempts: SharedAttemptThrottle;
  readonly sessions: StaffSessions;
  readonly credentials: StaffCredentials;

  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
    private readonly options: StaffServiceOptions,
  ) {
    const clock = () => this.now();
    this.attempts = new SharedAttemptThrottle(db, {
      name: 'staff',
      freeFailures: options.codeLimit.max,
      firstLockMs: options.codeLimit.windowMs,
      clock: { now: () => new Date(this.now()) },
    });
    this.sessions = new StaffSessions(db, clock);
    this.credentials = new StaffCredentials({
      db,
      audit,
      attempts: this.attempts,
      sessions: this.sessions,
      mailer: options.mailer,
      publicUrl: options.publicUrl,
      now: clock,
    });
  }

  /**
   * Creates a staff account inside `tx`, audited as `createdBy` (null for the server's start-up and the
   * operator's command line). A member created by another member must replace the temporary password at
   * the first sign-in.
   */
  async create(
    tx: Tx,
    username: string,
    password: string,
    createdBy: string | null,
    roles: readonly StaffRole[],
    details: NewStaffDetails = {},
  ): Promise<StaffIdentity> {
    if (!usernamePattern.test(username))
      throw new AppError(errors.invalidRequest, 'Staff usernames are 3 to 64 letters, digits, _ . -');
    const weak = weakStaffPassword(password);
    if (weak) throw new AppError(errors.staffPasswordWeak, weak);
    requireGoodRoles(roles);
    const email = details.email ? details.email.trim().toLowerCase() : null;
    const [existing] = await tx.select({ id: staff.id }).from(staff).where(eq(staff.username, username));
    if (existing) throw new AppError(errors.usernameTaken);
    if (email) {
      const [taken] = await tx.select({ id: staff.id }).from(staff).where(eq(staff.email, email));
      if (taken) throw new AppError(errors.emailTaken);
    }
    const passwordChangeRequired = details.passwordChangeRequired ?? createdBy !== null;
    const [row] = await tx
      .insert(staff)
      .values({
        username,
        passwordHash: await hashPassword(password),
        roles: [...roles],
        email,
        createdBy: createdBy === null ? null : BigInt(createdBy),
        createdAt: new Date(this.now()),
        passwordChangeRequired,
      })
      .returning({ id: staff.id });
    const identity = { staffId: row!.id.toString(), username, roles: rolesOf(roles) };
    await this.audit.record(tx, {
      staffId: createdBy,
      action: 'staff.create',
      target: `staff:${identity.staffId}`,
      details: { username, roles: identity.roles, email, passwordChangeRequired },
    });
    return identity;
  }

  /**
   * The first staff account from ADMIN_USERNAME / ADMIN_PASSWORD (and ADMIN_EMAIL), an admin only:
   * finance, reviewer and content members are created through the back office. An existing account of that
   * name is left as it is (its password and roles are not reset from the environment).
   */
  async bootstrap(username: string | undefined, password: string | undefined, email?: string): Promise<void> {
    if (!username || !password) return;
    if (await this.findByUsername(username)) return;
    const weak = weakStaffPassword(password);
    if (weak) throw new Error(`ADMIN_PASSWORD rejected: ${weak}`);
    try {
      await this.db.transaction(async (tx) => {
        await this.create(tx, username, password, null, ['admin'], { email: email ?? null });
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

  /** Members' usernames by id (disabled members included: a record they signed keeps their name). */
  async usernames(staffIds: readonly string[]): Promise<Map<string, string>> {
    const ids = [...new Set(staffIds)].map((id) => BigInt(id));
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({ id: staff.id, username: staff.username })
      .from(staff)
      .where(inArray(staff.id, ids));
    return new Map(rows.map((row) => [String(row.id), row.username]));
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
   * Checks the password, each try counted against the member (`login:<username>`) before it is judged. A
   * member with two-factor on gets a ticket for the code step; one without gets a session that reaches only
   * the password change and enrolment until both are done. Tokens and tickets are returned once and stored
   * only as hashes.
   */
  async login(username: string, password: string, origin: SessionOrigin = {}): Promise<StaffSignIn> {
    const attemptKey = `login:${username.trim().toLowerCase()}`;
    await this.attempts.begin(attemptKey);
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
    await this.attempts.succeeded(attemptKey);
    if (row.totpEnabledAt === null) {
      const identity = { staffId: row.id.toString(), username: row.username, roles: rolesOf(row.roles) };
      return {
        kind: 'session',
        ...(await this.openSession(identity, origin, 'password')),
        staff: identity,
        totpEnabled: false,
        passwordChangeRequired: row.passwordChangeRequired,
      };
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
   * wrong code leaves the ticket for another try, counted against the member.
   */
  async loginTotp(ticket: string, code: string, origin: SessionOrigin = {}) {
    const staffId = await this.ticketHolder(ticket);
    const identity = await this.checkCode(staffId, code, (tx) => this.spendTicket(tx, ticket));
    return this.sessionAfterSecondStep(identity, origin, 'totp');
  }

  /**
   * The code step with a recovery code instead of the app (a lost phone): each code works once; the member
   * sees how many are left and should ask for new ones.
   */
  async loginRecovery(ticket: string, recoveryCode: string, origin: SessionOrigin = {}) {
    const staffId = await this.ticketHolder(ticket);
    const attemptKey = `code:${staffId}`;
    await this.attempts.begin(attemptKey);
    const identity = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(staff)
        .where(and(eq(staff.id, BigInt(staffId)), isNull(staff.disabledAt)))
        .for('update');
      if (!row || row.totpEnabledAt === null) throw new AppError(errors.staffSignInStepExpired);
      if (!(await spendRecoveryCode(tx, staffId, recoveryCode, new Date(this.now())))) return undefined;
      await this.spendTicket(tx, ticket);
      await this.audit.record(tx, {
        staffId,
        action: 'staff.recovery_code_used',
        target: `staff:${staffId}`,
        details: { left: await recoveryCodesLeft(tx, staffId) },
      });
      return { staffId, username: row.username, roles: rolesOf(row.roles), row };
    });
    if (!identity) {
      await this.db.transaction((tx) =>
        this.audit.record(tx, { staffId: null, action: 'staff.recovery_failed', target: `staff:${staffId}` }),
      );
      throw new AppError(errors.staffRecoveryCodeIncorrect);
    }
    await this.attempts.succeeded(attemptKey);
    const { row, ...member } = identity;
    return this.sessionAfterSecondStep(member, origin, 'recovery code', row.passwordChangeRequired);
  }

  private async ticketHolder(ticket: string): Promise<string> {
    const [found] = await this.db
      .select({ staffId: staffSignInTickets.staffId, expiresAt: staffSignInTickets.expiresAt })
      .from(staffSignInTickets)
      .where(eq(staffSignInTickets.tokenHash, tokenHash(ticket)));
    if (!found || found.expiresAt.getTime() <= this.now()) throw new AppError(errors.staffSignInStepExpired);
    return found.staffId.toString();
  }

  /** Spends the ticket in the transaction that accepts the second step: two tries with one ticket open one session. */
  private async spendTicket(tx: Tx, ticket: string): Promise<void> {
    const spent = await tx
      .delete(staffSignInTickets)
      .where(eq(staffSignInTickets.tokenHash, tokenHash(ticket)))
      .returning({ staffId: staffSignInTickets.staffId });
    if (spent.length === 0) throw new AppError(errors.staffSignInStepExpired);
  }

  private async sessionAfterSecondStep(
    identity: StaffIdentity,
    origin: SessionOrigin,
    method: string,
    passwordChangeRequired?: boolean,
  ) {
    const mustChange =
      passwordChangeRequired ??
      (
        await this.db
          .select({ flag: staff.passwordChangeRequired })
          .from(staff)
          .where(eq(staff.id, BigInt(identity.staffId)))
      )[0]?.flag ??
      false;
    return {
      ...(await this.openSession(identity, origin, method)),
      staff: identity,
      passwordChangeRequired: mustChange,
    };
  }

  /**
   * Checks `code` against the member's secret (enrolled or being enrolled), counted against the member
   * (`code:<id>`), and spends its time step; `inside` runs in the same transaction, after the code was
   * accepted.
   */
  private async checkCode(
    staffId: string,
    code: string,
    inside: (tx: Tx, row: typeof staff.$inferSelect) => Promise<void>,
  ): Promise<StaffIdentity> {
    const attemptKey = `code:${staffId}`;
    await this.attempts.begin(attemptKey);
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
    await this.attempts.succeeded(attemptKey);
    return identity;
  }

  private async openSession(
    identity: StaffIdentity,
    origin: SessionOrigin,
    method: string,
  ): Promise<{ token: string; expiresAt: Date }> {
    return this.db.transaction(async (tx) => {
      const opened = await this.sessions.open(tx, identity.staffId, origin);
      await this.audit.record(tx, {
        staffId: identity.staffId,
        action: 'staff.login',
        target: `staff:${identity.staffId}`,
        details: { method, address: origin.address ?? null },
      });
      return opened;
    });
  }

  /** Who is signed in, for `GET /me`. */
  async me(who: StaffIdentity): Promise<StaffMe> {
    const [row] = await this.db
      .select()
      .from(staff)
      .where(eq(staff.id, BigInt(who.staffId)));
    if (!row) throw new AppError(errors.unauthorised);
    return {
      staffId: who.staffId,
      username: row.username,
      roles: rolesOf(row.roles),
      totpEnabled: row.totpEnabledAt !== null,
      passwordChangeRequired: row.passwordChangeRequired,
      totpReenrolment: row.totpEnabledAt === null && row.totpResetAt !== null,
      recoveryCodesLeft: row.totpEnabledAt === null ? 0 : await recoveryCodesLeft(this.db, who.staffId),
      email: row.email,
    };
  }

  /**
   * A new secret for the member's app, replacing an unconfirmed one; refused once two-factor is on (an admin
   * resets it). After such a reset it also needs the member's password and a code e-mailed to them.
   * Audited without the secret.
   */
  async enrolTotp(who: StaffIdentity, body: StaffTotpEnrolBody = {}): Promise<StaffTotpEnrolment> {
    const spendProof = await this.credentials.checkEnrolmentProof(who.staffId, body);
    const enrolment = await this.options.totp.newEnrolment(who.username);
    await this.db.transaction(async (tx) => {
      const updated = await tx
        .update(staff)
        .set({ totpSecret: this.options.totp.seal(who.staffId, enrolment.secret), totpLastStep: null })
        .where(and(eq(staff.id, BigInt(who.staffId)), isNull(staff.totpEnabledAt)))
        .returning({ id: staff.id });
      if (updated.length === 0) throw new AppError(errors.staffTotpAlreadyEnabled);
      await spendProof(tx);
      await this.audit.record(tx, {
        staffId: who.staffId,
        action: 'staff.totp_enrol',
        target: `staff:${who.staffId}`,
      });
    });
    return enrolment;
  }

  /**
   * The first valid code from the enrolled secret switches two-factor on (this session included) and answers
   * ten single-use recovery codes, shown this once.
   */
  async confirmTotp(who: StaffSessionIdentity, code: string): Promise<StaffTotpConfirmed> {
    if (who.totpEnabled) throw new AppError(errors.staffTotpAlreadyEnabled);
    let recoveryCodes: string[] = [];
    await this.checkCode(who.staffId, code, async (tx, row) => {
      if (row.totpEnabledAt !== null) throw new AppError(errors.staffTotpAlreadyEnabled);
      const now = new Date(this.now());
      await tx.update(staff).set({ totpEnabledAt: now, totpResetAt: null }).where(eq(staff.id, row.id));
      recoveryCodes = await replaceRecoveryCodes(tx, who.staffId, now);
      await this.audit.record(tx, {
        staffId: who.staffId,
        action: 'staff.totp_on',
        target: `staff:${who.staffId}`,
        details: { recoveryCodes: recoveryCodes.length },
      });
    });
    return { ...(await this.me(who)), recoveryCodes };
  }

  /** Ten new recovery codes for a code from the app; the old ones stop working. */
  async regenerateRecoveryCodes(who: StaffIdentity, code: string): Promise<{ recoveryCodes: string[] }> {
    let recoveryCodes: string[] = [];
    await this.checkCode(who.staffId, code, async (tx) => {
      recoveryCodes = await replaceRecoveryCodes(tx, who.staffId, new Date(this.now()));
      await this.audit.record(tx, {
        staffId: who.staffId,
        action: 'staff.recovery_codes_renewed',
        target: `staff:${who.staffId}`,
      });
    });
    return { recoveryCodes };
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

  /**
   * The staff member a token belongs to, if the session is live (used within 30 minutes, opened within 12
   * hours) and the account is enabled. Each call keeps the session alive.
   */
  async authenticate(token: string): Promise<StaffSessionIdentity | undefined> {
    const found = await this.sessions.live(token);
    if (!found) return undefined;
    const { member } = found;
    return {
      staffId: member.id.toString(),
      username: member.username,
      roles: rolesOf(member.roles),
      totpEnabled: member.totpEnabledAt !== null,
      passwordChangeRequired: member.passwordChangeRequired,
    };
  }

  async logout(token: string, who: StaffIdentity): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.sessions.signOut(tx, token);
      await this.audit.record(tx, {
        staffId: who.staffId,
        action: 'staff.logout',
        target: `staff:${who.staffId}`,
      });
    });
  }

  /** The member's own sessions, and ending one of them. */
  listSessions(who: StaffIdentity, currentToken: string) {
    return this.sessions.list(who.staffId, currentToken);
  }

  async revokeSession(who: StaffIdentity, sessionId: string): Promise<{ revoked: number }> {
    return this.db.transaction(async (tx) => {
      const revoked = await this.sessions.revoke(tx, who.staffId, sessionId);
      await this.audit.record(tx, {
        staffId: who.staffId,
        action: 'staff.session_revoke',
        target: `staff:${who.staffId}`,
        details: { sessionId },
      });
      return { revoked };
    });
  }
}
