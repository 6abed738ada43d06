import crypto from 'node:crypto';
import { and, desc, eq, gt, isNull, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  errors,
  type LoginResult,
  type NotMeResult,
  type PasskeyAnswer,
  type PasskeyCeremony,
  type SecondFactorBody,
  type SecondFactorChallenge,
  type SignInEvent,
  type SignInMethod,
  type SignInOutcome,
} from '@swx/shared/contract';
import type { Db, Tx } from '../db/client';
import { AppError } from '../http/errors';
import type { Mailer } from '../mail/mailer';
import type { MailLanguage } from '../mail/mail';
import { newDeviceMail } from '../mail/security-notice';
import type { AuthService, SignInContext, SignInHooks } from '../auth/service';
import type { NotificationsService } from '../notifications/service';
import type { UnitOfWork } from '../platform/unit-of-work';
import { describeAgent, deviceLabel } from './devices';
import type { WithdrawalLocks } from './locks';
import type { SecurityNotices } from './notices';
import type { Passkeys } from './passkeys';
import type { SecondFactors } from './second-factor';
import { knownDevices, notMeTokens, secondFactorTickets, signInEvents } from './tables';

/** The second step of a sign-in must come within this time. */
export const TICKET_MINUTES = 5;
/** Sign-in history is kept, and shown, this long. */
export const HISTORY_DAYS = 90;
/** A new-device e-mail's "this was not me" link works this long. */
export const NOT_ME_DAYS = 7;

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

export interface SignInSecurityDeps {
  db: Db;
  units: UnitOfWork;
  auth: AuthService;
  factors: SecondFactors;
  passkeys: Passkeys;
  locks: WithdrawalLocks;
  notices: SecurityNotices;
  notifications: Pick<NotificationsService, 'add'>;
  mailer: Mailer;
  emailOf: (userId: string) => Promise<string>;
  publicUrl: string;
  log: FastifyBaseLogger;
  now: () => Date;
}

/**
 * The security domain's part of signing in (auth's `SignInHooks`): the second factor a password, wallet or
 * provider sign-in still needs; passkey sign-in; the sign-in history (90 days, refusals included); known
 * devices and the new-device e-mail and notice with their "this was not me" link; the withdrawal lock a
 * password change starts.
 */
export class SignInSecurity implements SignInHooks {
  constructor(private readonly deps: SignInSecurityDeps) {}

  // ---- auth's hooks ----

  async challenge(userId: bigint, context: SignInContext): Promise<SecondFactorChallenge | null> {
    const methods = await this.deps.factors.methodsOf(String(userId));
    if (methods.length === 0) return null;
    const ticket = crypto.randomBytes(32).toString('base64url');
    const expiresAt = new Date(this.deps.now().getTime() + TICKET_MINUTES * 60_000);
    await this.deps.db.insert(secondFactorTickets).values({
      ticketHash: sha256(ticket),
      userId,
      context: { ...context },
      expiresAt,
      createdAt: this.deps.now(),
    });
    return { secondFactor: { ticket, methods, expiresAt: expiresAt.toISOString() } };
  }

  async opened(userId: bigint, tokenHash: string, context: SignInContext, first: boolean): Promise<void> {
    void tokenHash;
    const now = this.deps.now();
    const [known] = await this.deps.db
      .select({ userId: knownDevices.userId })
      .from(knownDevices)
      .where(and(eq(knownDevices.userId, userId), eq(knownDevices.deviceHash, context.deviceHash)));
    await this.deps.db
      .insert(knownDevices)
      .values({ userId, deviceHash: context.deviceHash, firstSeenAt: now, lastSeenAt: now })
      .onConflictDoUpdate({
        target: [knownDevices.userId, knownDevices.deviceHash],
        set: { lastSeenAt: now },
      });
    const newDevice = !first && !known;
    const eventId = await this.record(userId, context, 'succeeded', newDevice);
    if (newDevice) await this.newDeviceNotice(String(userId), eventId, context);
  }

  async refused(userId: bigint, context: SignInContext): Promise<void> {
    await this.record(userId, context, 'passwordWrong', false);
  }

  async changed(
    tx: Tx,
    userId: bigint,
    change: 'passwordChange' | 'passwordReset',
    language: MailLanguage,
  ): Promise<() => Promise<void>> {
    const lockedUntil = await this.deps.locks.lock(tx, String(userId), change);
    await this.deps.notices.record(tx, String(userId), change);
    return () => this.deps.notices.mail(String(userId), change, { language, lockedUntil });
  }

  // ---- the second step, passkey sign-in ----

  /** Options for answering a sign-in's second step with a passkey. */
  async secondFactorPasskey(ticket: string): Promise<PasskeyCeremony> {
    const pending = await this.pendingTicket(ticket);
    return this.deps.passkeys.authenticationOptions('secondFactor', String(pending.userId));
  }

  /**
   * The second step: a code or a passkey for the ticket's customer opens the session the first step
   * proved. A wrong proof leaves the ticket for another try (throttled per account) and is recorded.
   */
  async finishSecondFactor(body: SecondFactorBody): Promise<LoginResult> {
    const pending = await this.pendingTicket(body.ticket);
    const userId = String(pending.userId);
    const context = pending.context as unknown as SignInContext;
    const methods = await this.deps.factors.methodsOf(userId);
    try {
      await this.deps.factors.verify(
        userId,
        body,
        methods.filter((m) => m !== 'email'),
        'secondFactor',
      );
    } catch (error) {
      if (error instanceof AppError && error.code !== errors.tooManyRequests)
        await this.record(pending.userId, context, 'secondFactorWrong', false);
      throw error;
    }
    const spent = await this.deps.db
      .update(secondFactorTickets)
      .set({ consumedAt: this.deps.now() })
      .where(
        and(eq(secondFactorTickets.ticketHash, pending.ticketHash), isNull(secondFactorTickets.consumedAt)),
      )
      .returning({ userId: secondFactorTickets.userId });
    if (spent.length === 0) throw new AppError(errors.secondFactorExpired);
    return this.deps.auth.openVerifiedSession(pending.userId, context);
  }

  /** A passkey sign-in: any discoverable credential; its customer is the one the credential belongs to. */
  passkeyOptions(): Promise<PasskeyCeremony> {
    return this.deps.passkeys.authenticationOptions('signIn', null);
  }

  async passkeySignIn(answer: PasskeyAnswer, context: SignInContext): Promise<LoginResult> {
    const userId = await this.deps.passkeys.authenticate('signIn', answer, null);
    return this.deps.auth.openVerifiedSession(BigInt(userId), context);
  }

  // ---- history, "this was not me" ----

  async history(userId: string): Promise<SignInEvent[]> {
    const since = new Date(this.deps.now().getTime() - HISTORY_DAYS * 86_400_000);
    const rows = await this.deps.db
      .select()
      .from(signInEvents)
      .where(and(eq(signInEvents.userId, BigInt(userId)), gt(signInEvents.at, since)))
      .orderBy(desc(signInEvents.id))
      .limit(200);
    return rows.map((row) => ({
      id: String(row.id),
      at: row.at.toISOString(),
      method: row.method as SignInMethod,
      provider: row.provider,
      result: row.result as SignInOutcome,
      newDevice: row.newDevice,
      browser: row.browser,
      os: row.os,
      address: row.address,
    }));
  }

  /** The e-mail link: spends its token, then as `notMe`. */
  async notMeByToken(token: string, language: MailLanguage): Promise<NotMeResult> {
    const [spent] = await this.deps.db
      .update(notMeTokens)
      .set({ usedAt: this.deps.now() })
      .where(
        and(
          eq(notMeTokens.tokenHash, sha256(token)),
          isNull(notMeTokens.usedAt),
          gt(notMeTokens.expiresAt, this.deps.now()),
        ),
      )
      .returning({ userId: notMeTokens.userId });
    if (!spent) throw new AppError(errors.notMeLinkInvalid);
    return this.notMe(String(spent.userId), language);
  }

  /**
   * "This was not me": every session of the customer ends (the one asking too) and withdrawals lock; the
   * customer is told, and resets the password next.
   */
  async notMe(userId: string, language: MailLanguage): Promise<NotMeResult> {
    const until = await this.deps.db.transaction(async (tx) => {
      await this.deps.auth.revokeSessions(userId, undefined, tx);
      const lockedUntil = await this.deps.locks.lock(tx, userId, 'notMe');
      await this.deps.notices.record(tx, userId, 'notMe');
      return lockedUntil;
    });
    await this.deps.notices.mail(userId, 'notMe', { language, lockedUntil: until });
    return { lockedUntil: (until ?? this.deps.now()).toISOString() };
  }

  async purge(): Promise<void> {
    const now = this.deps.now().getTime();
    await this.deps.db
      .delete(signInEvents)
      .where(lt(signInEvents.at, new Date(now - HISTORY_DAYS * 86_400_000)));
    await this.deps.db
      .delete(secondFactorTickets)
      .where(lt(secondFactorTickets.expiresAt, new Date(now - 86_400_000)));
    await this.deps.db.delete(notMeTokens).where(lt(notMeTokens.expiresAt, new Date(now)));
  }

  // ---- helpers ----

  private async pendingTicket(ticket: string) {
    const [pending] = await this.deps.db
      .select()
      .from(secondFactorTickets)
      .where(
        and(
          eq(secondFactorTickets.ticketHash, sha256(ticket)),
          isNull(secondFactorTickets.consumedAt),
          gt(secondFactorTickets.expiresAt, this.deps.now()),
        ),
      );
    if (!pending) throw new AppError(errors.secondFactorExpired);
    return pending;
  }

  private async record(
    userId: bigint,
    context: SignInContext,
    result: SignInOutcome,
    newDevice: boolean,
  ): Promise<bigint> {
    const device = describeAgent(context.userAgent);
    const [row] = await this.deps.db
      .insert(signInEvents)
      .values({
        userId,
        at: this.deps.now(),
        method: context.method,
        provider: context.provider,
        result,
        browser: device.browser,
        os: device.os,
        address: context.address,
        newDevice,
      })
      .returning({ id: signInEvents.id });
    return row!.id;
  }

  /** The e-mail (with its "this was not me" link) and the in-app notice of a sign-in from a new device. */
  private async newDeviceNotice(userId: string, eventId: bigint, context: SignInContext): Promise<void> {
    const token = crypto.randomBytes(32).toString('base64url');
    await this.deps.db.insert(notMeTokens).values({
      tokenHash: sha256(token),
      userId: BigInt(userId),
      signInEventId: eventId,
      expiresAt: new Date(this.deps.now().getTime() + NOT_ME_DAYS * 86_400_000),
    });
    const device = deviceLabel(context.userAgent);
    const address = context.address ?? '?';
    try {
      await this.deps.units.run((unit) =>
        this.deps.notifications.add(unit, userId, {
          kind: 'security.new_device',
          titleKey: 'notifications.security.newDevice.title',
          bodyKey: 'notifications.security.newDevice.body',
          params: { device, address },
          reference: { type: 'sign-in', id: String(eventId) },
        }),
      );
      const to = await this.deps.emailOf(userId);
      if (to)
        await this.deps.mailer.send(
          newDeviceMail({
            to,
            language: context.language,
            device,
            address,
            at: this.deps.now(),
            notMeLink: `${this.deps.publicUrl.replace(/\/+$/, '')}/pass/not-me?token=${token}`,
          }),
        );
    } catch (error) {
      this.deps.log.error({ err: error }, 'new-device notice not sent');
    }
  }
}
