import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { AppError } from '../http/errors';
import type { AuditService } from './audit';
import { staff, staffSessions } from './tables';
import { errors } from '@swx/shared/contract';

export interface StaffIdentity {
  staffId: string;
  username: string;
}

/** Staff sessions last one working day; staff sign in again after that. */
const sessionHours = 12;
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

export class StaffService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
  ) {}

  /** Creates a staff account inside `tx`, audited as `createdBy` (null for the server's start-up). */
  async create(tx: Tx, username: string, password: string, createdBy: string | null): Promise<StaffIdentity> {
    if (!usernamePattern.test(username))
      throw new AppError(errors.invalidRequest, 'Staff usernames are 3 to 64 letters, digits, _ . -');
    const weak = weakStaffPassword(password);
    if (weak) throw new AppError(errors.invalidRequest, weak);
    const [existing] = await tx.select({ id: staff.id }).from(staff).where(eq(staff.username, username));
    if (existing) throw new AppError(errors.usernameTaken);
    const [row] = await tx
      .insert(staff)
      .values({ username, passwordHash: await hashPassword(password) })
      .returning({ id: staff.id });
    const identity = { staffId: row!.id.toString(), username };
    await this.audit.record(tx, {
      staffId: createdBy,
      action: 'staff.create',
      target: `staff:${identity.staffId}`,
      details: { username },
    });
    return identity;
  }

  /**
   * The first staff account from ADMIN_USERNAME / ADMIN_PASSWORD. An existing account of that name is left
   * as it is (its password is not reset from the environment).
   */
  async bootstrap(username: string | undefined, password: string | undefined): Promise<void> {
    if (!username || !password) return;
    if (await this.findByUsername(username)) return;
    const weak = weakStaffPassword(password);
    if (weak) throw new Error(`ADMIN_PASSWORD rejected: ${weak}`);
    try {
      await this.db.transaction(async (tx) => {
        await this.create(tx, username, password, null);
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
      .select({ id: staff.id, username: staff.username })
      .from(staff)
      .where(and(eq(staff.username, username), isNull(staff.disabledAt)));
    return row ? { staffId: row.id.toString(), username: row.username } : undefined;
  }

  /** Checks the password and opens a session; the token is returned once and stored only as a hash. */
  async login(
    username: string,
    password: string,
  ): Promise<{ token: string; expiresAt: Date; staff: StaffIdentity }> {
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
    const token = crypto.randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + sessionHours * 3600_000);
    const identity = { staffId: row.id.toString(), username: row.username };
    await this.db.transaction(async (tx) => {
      await tx.insert(staffSessions).values({ tokenHash: tokenHash(token), staffId: row.id, expiresAt });
      await tx
        .delete(staffSessions)
        .where(and(eq(staffSessions.staffId, row.id), lt(staffSessions.expiresAt, new Date())));
      await this.audit.record(tx, {
        staffId: identity.staffId,
        action: 'staff.login',
        target: `staff:${identity.staffId}`,
      });
    });
    return { token, expiresAt, staff: identity };
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
  async authenticate(token: string): Promise<StaffIdentity | undefined> {
    const [row] = await this.db
      .select({ id: staff.id, username: staff.username })
      .from(staffSessions)
      .innerJoin(staff, eq(staff.id, staffSessions.staffId))
      .where(
        and(
          eq(staffSessions.tokenHash, tokenHash(token)),
          gt(staffSessions.expiresAt, new Date()),
          isNull(staff.disabledAt),
        ),
      );
    return row ? { staffId: row.id.toString(), username: row.username } : undefined;
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
