import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  errors,
  type StaffEmailCodeSent,
  type StaffPasswordResetIssued,
  type StaffTotpEnrolBody,
} from '@swx/shared/contract';
import { tooGuessable } from '../guards/password-strength';
import type { Db, Tx } from '../db/client';
import { AppError } from '../http/errors';
import type { Mailer } from '../mail/mailer';
import type { AuditService } from './audit';
import type { SharedAttemptThrottle } from '../guards/shared-counters';
import { enrolmentCodeMail, maskEmail, passwordResetMail } from './staff-mail';
import type { StaffSessions } from './staff-sessions';
import { staff, staffEmailSecrets } from './tables';

/** A reset link works for a day, once. */
export const RESET_LINK_HOURS = 24;
/** A re-enrolment code works for a quarter of an hour, and dies after five wrong tries. */
export const ENROL_CODE_MINUTES = 15;
const ENROL_CODE_TRIES = 5;
/** Re-enrolment codes a member may have sent per hour. */
const ENROL_CODES_PER_HOUR = 5;

// argon2id with the library's defaults (19 MiB, t=2): OWASP's minimum recommendation.
export const hashPassword = (password: string) => hash(password, { algorithm: 2 });

/** Why a staff password's shape is not acceptable (10 to 256 characters, letters and digits), or undefined. */
export function weakStaffPassword(password: string): string | undefined {
  if (password.length < 10 || password.length > 256) return 'Staff passwords must be 10 to 256 characters';
  if (!/[A-Za-z]/.test(password) || !/[0-9]/.test(password)) return 'Staff passwords need letters and digits';
  return undefined;
}

/**
 * A password the member chooses (first change, own change, reset link): the shape above, and zxcvbn's score
 * with the username and e-mail as user inputs, as for customers (11012).
 */
export function checkChosenPassword(password: string, member: { username: string; email: string | null }) {
  const weak = weakStaffPassword(password);
  if (weak) throw new AppError(errors.staffPasswordWeak, weak);
  if (tooGuessable(password, { username: member.username, email: member.email ?? undefined }))
    throw new AppError(errors.passwordGuessable);
}

const secretHash = (purpose: string, secret: string) =>
  crypto.createHash('sha256').update(`swx-staff-${purpose}|${secret}`).digest('hex');
/**
 * A six-digit code's hash, bound to its member and the moment it was made: no salt makes six digits hard to
 * find from a hash, but this keeps two codes' rows apart (the column is unique) and one member's code from
 * matching another's.
 */
const enrolCodeHash = (staffId: bigint, code: string, createdAt: Date) =>
  secretHash('totp_enrol', `${staffId}|${code}|${createdAt.getTime()}`);

type StaffRow = typeof staff.$inferSelect;

export interface StaffCredentialsDeps {
  db: Db;
  audit: AuditService;
  /** Failed steps counted per member in the database (every instance counts the same tries). */
  attempts: Pick<SharedAttemptThrottle, 'begin' | 'succeeded'>;
  sessions: StaffSessions;
  mailer: Pick<Mailer, 'send'>;
  /** The site's public address: reset links point at `<publicUrl>/staff/reset-password`. */
  publicUrl: string;
  now: () => number;
}

/**
 * A staff member's password over its life: the forced first change (an admin chose the temporary one), the
 * member's own change, and an admin's reset, which never sets a password: it e-mails the member a one-time
 * link (24 hours, single use) to choose one. Also the proof a member gives to enrol two-factor again after an
 * admin reset it: their password and a code e-mailed to them.
 */
export class StaffCredentials {
  constructor(private readonly deps: StaffCredentialsDeps) {}

  /** The member's own change: the current password (tries limited per member), then a new acceptable one. */
  async changePassword(
    staffId: string,
    body: { currentPassword: string; newPassword: string },
    keepToken: string,
  ): Promise<void> {
    const row = await this.member(this.deps.db, staffId);
    await this.checkPassword(row, body.currentPassword);
    if (body.newPassword === body.currentPassword) throw new AppError(errors.staffPasswordUnchanged);
    checkChosenPassword(body.newPassword, row);
    const passwordHash = await hashPassword(body.newPassword);
    await this.deps.db.transaction(async (tx) => {
      await this.setPassword(tx, row.id, passwordHash);
      // Whoever else held a session (the admin who knew the temporary password) is signed out.
      const ended = await this.deps.sessions.endAll(tx, row.id, keepToken);
      await this.deps.audit.record(tx, {
        staffId,
        action: row.passwordChangeRequired ? 'staff.password_first_change' : 'staff.password_change',
        target: `staff:${staffId}`,
        details: { otherSessionsEnded: ended },
      });
    });
  }

  /**
   * An admin's reset: a one-time link to the member's e-mail address, valid `RESET_LINK_HOURS`; earlier
   * unused links of the member stop working. The current password keeps working until the link is used.
   */
  async issueReset(actorId: string, staffId: string): Promise<StaffPasswordResetIssued> {
    const row = await this.member(this.deps.db, staffId);
    if (row.disabledAt !== null) throw new AppError(errors.staffNotFound);
    if (!row.email) throw new AppError(errors.staffEmailMissing);
    const token = crypto.randomBytes(32).toString('base64url');
    const now = new Date(this.deps.now());
    const expiresAt = new Date(now.getTime() + RESET_LINK_HOURS * 3_600_000);
    await this.deps.db.transaction(async (tx) => {
      await this.retire(tx, row.id, 'password_reset', now);
      await tx.insert(staffEmailSecrets).values({
        staffId: row.id,
        purpose: 'password_reset',
        secretHash: secretHash('password_reset', token),
        createdBy: BigInt(actorId),
        createdAt: now,
        expiresAt,
      });
      await this.deps.audit.record(tx, {
        staffId: actorId,
        action: 'staff.password_reset_sent',
        target: `staff:${staffId}`,
        details: {
          username: row.username,
          sentTo: maskEmail(row.email!),
          expiresAt: expiresAt.toISOString(),
        },
      });
    });
    const link = `${this.deps.publicUrl.replace(/\/+$/, '')}/staff/reset-password#token=${token}`;
    await this.deps.mailer.send(passwordResetMail(row.email, row.username, link, RESET_LINK_HOURS));
    return { staffId, sentTo: maskEmail(row.email), expiresAt: expiresAt.toISOString() };
  }

  /**
   * The link's second half: the token (unused, unexpired, its member enabled) and a new acceptable password.
   * The link is spent, every session of the member ends, and the forced-change mark goes.
   */
  async completeReset(token: string, newPassword: string): Promise<void> {
    const now = new Date(this.deps.now());
    const found = await this.liveSecret(
      this.deps.db,
      'password_reset',
      secretHash('password_reset', token),
      now,
    );
    if (!found) throw new AppError(errors.staffResetLinkInvalid);
    const row = await this.member(this.deps.db, String(found.staffId));
    if (row.disabledAt !== null) throw new AppError(errors.staffResetLinkInvalid);
    checkChosenPassword(newPassword, row);
    const passwordHash = await hashPassword(newPassword);
    await this.deps.db.transaction(async (tx) => {
      // Spent in the transaction that sets the password: two uses of one link set it once.
      const spent = await tx
        .update(staffEmailSecrets)
        .set({ usedAt: now })
        .where(and(eq(staffEmailSecrets.id, found.id), isNull(staffEmailSecrets.usedAt)))
        .returning({ id: staffEmailSecrets.id });
      if (spent.length === 0) throw new AppError(errors.staffResetLinkInvalid);
      await this.setPassword(tx, row.id, passwordHash);
      const ended = await this.deps.sessions.endAll(tx, row.id);
      await this.deps.audit.record(tx, {
        staffId: String(row.id),
        action: 'staff.password_reset',
        target: `staff:${row.id}`,
        details: { sessionsEnded: ended },
      });
    });
    await this.deps.attempts.succeeded(`password:${row.id}`);
  }

  /**
   * After an admin reset two-factor: e-mails the member a six-digit code that, with their password, lets
   * them enrol an authenticator again. At most five an hour; a new code retires the earlier one.
   */
  async sendEnrolmentCode(staffId: string): Promise<StaffEmailCodeSent> {
    const row = await this.member(this.deps.db, staffId);
    if (row.totpEnabledAt !== null) throw new AppError(errors.staffTotpAlreadyEnabled);
    if (row.totpResetAt === null)
      throw new AppError(errors.invalidRequest, 'A first enrolment needs no e-mailed code');
    if (!row.email) throw new AppError(errors.staffEmailMissing);
    const now = new Date(this.deps.now());
    const [recent] = await this.deps.db
      .select({ sent: count() })
      .from(staffEmailSecrets)
      .where(
        and(
          eq(staffEmailSecrets.staffId, row.id),
          eq(staffEmailSecrets.purpose, 'totp_enrol'),
          gt(staffEmailSecrets.createdAt, new Date(now.getTime() - 3_600_000)),
        ),
      );
    if (Number(recent?.sent ?? 0) >= ENROL_CODES_PER_HOUR) throw new AppError(errors.tooManyRequests);
    const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
    const expiresAt = new Date(now.getTime() + ENROL_CODE_MINUTES * 60_000);
    await this.deps.db.transaction(async (tx) => {
      await this.retire(tx, row.id, 'totp_enrol', now);
      await tx.insert(staffEmailSecrets).values({
        staffId: row.id,
        purpose: 'totp_enrol',
        secretHash: enrolCodeHash(row.id, code, now),
        createdAt: now,
        expiresAt,
      });
      await this.deps.audit.record(tx, {
        staffId,
        action: 'staff.totp_enrol_code_sent',
        target: `staff:${staffId}`,
        details: { sentTo: maskEmail(row.email!) },
      });
    });
    await this.deps.mailer.send(enrolmentCodeMail(row.email, row.username, code, ENROL_CODE_MINUTES));
    return { sentTo: maskEmail(row.email), expiresAt: expiresAt.toISOString() };
  }

  /**
   * The proof a member gives to enrol again after an admin reset two-factor (none for a first enrolment):
   * their password (tries counted per member) and the e-mailed code (five wrong tries end it). Answers a
   * step that spends the code inside the enrolment's transaction, so one code enrols once.
   */
  async checkEnrolmentProof(staffId: string, body: StaffTotpEnrolBody): Promise<(tx: Tx) => Promise<void>> {
    const row = await this.member(this.deps.db, staffId);
    if (row.totpResetAt === null) return async () => {};
    if (!body.password || !body.emailCode) throw new AppError(errors.staffReenrolmentProofRequired);
    await this.checkPassword(row, body.password);
    const now = new Date(this.deps.now());
    const [secret] = await this.deps.db
      .select()
      .from(staffEmailSecrets)
      .where(
        and(
          eq(staffEmailSecrets.staffId, row.id),
          eq(staffEmailSecrets.purpose, 'totp_enrol'),
          isNull(staffEmailSecrets.usedAt),
          gt(staffEmailSecrets.expiresAt, now),
        ),
      )
      .orderBy(desc(staffEmailSecrets.id))
      .limit(1);
    if (!secret) throw new AppError(errors.staffEmailCodeIncorrect);
    if (enrolCodeHash(row.id, body.emailCode, secret.createdAt) !== secret.secretHash) {
      // Counted outside any transaction that could roll it back; the fifth wrong try ends the code.
      await this.deps.db
        .update(staffEmailSecrets)
        .set({
          failures: sql`${staffEmailSecrets.failures} + 1`,
          expiresAt: sql`case when ${staffEmailSecrets.failures} + 1 >= ${ENROL_CODE_TRIES} then ${now.toISOString()}::timestamptz else ${staffEmailSecrets.expiresAt} end`,
        })
        .where(eq(staffEmailSecrets.id, secret.id));
      throw new AppError(errors.staffEmailCodeIncorrect);
    }
    return async (tx) => {
      const spent = await tx
        .update(staffEmailSecrets)
        .set({ usedAt: now })
        .where(and(eq(staffEmailSecrets.id, secret.id), isNull(staffEmailSecrets.usedAt)))
        .returning({ id: staffEmailSecrets.id });
      if (spent.length === 0) throw new AppError(errors.staffEmailCodeIncorrect);
    };
  }

  private async checkPassword(row: StaffRow, password: string): Promise<void> {
    const key = `password:${row.id}`;
    await this.deps.attempts.begin(key);
    if (!(await verify(row.passwordHash, password).catch(() => false)))
      throw new AppError(errors.passwordIncorrect);
    await this.deps.attempts.succeeded(key);
  }

  private async setPassword(tx: Tx, id: bigint, passwordHash: string): Promise<void> {
    await tx
      .update(staff)
      .set({ passwordHash, passwordChangeRequired: false, passwordChangedAt: new Date(this.deps.now()) })
      .where(eq(staff.id, id));
  }

  /** Earlier unused secrets of one purpose stop working (their expiry moves to now). */
  private async retire(tx: Tx, id: bigint, purpose: 'password_reset' | 'totp_enrol', now: Date) {
    await tx
      .update(staffEmailSecrets)
      .set({ expiresAt: now })
      .where(
        and(
          eq(staffEmailSecrets.staffId, id),
          eq(staffEmailSecrets.purpose, purpose),
          isNull(staffEmailSecrets.usedAt),
          gt(staffEmailSecrets.expiresAt, now),
        ),
      );
  }

  private async liveSecret(db: Db | Tx, purpose: 'password_reset' | 'totp_enrol', hashed: string, now: Date) {
    const [found] = await db
      .select()
      .from(staffEmailSecrets)
      .where(
        and(
          eq(staffEmailSecrets.secretHash, hashed),
          eq(staffEmailSecrets.purpose, purpose),
          isNull(staffEmailSecrets.usedAt),
          gt(staffEmailSecrets.expiresAt, now),
        ),
      );
    return found;
  }

  private async member(db: Db | Tx, staffId: string): Promise<StaffRow> {
    const [row] = await db
      .select()
      .from(staff)
      .where(eq(staff.id, BigInt(staffId)));
    if (!row) throw new AppError(errors.staffNotFound);
    return row;
  }
}
