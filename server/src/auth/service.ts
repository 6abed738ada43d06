import { and, asc, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type {
  AccountMode,
  CodeScene,
  KycStatus,
  LoginResult,
  ReviewCustomer,
  SecondFactorChallenge,
  SignInResult,
  UserInfo,
} from '@swx/shared/contract';
import type { Db, Tx } from '../db/client';
import { AppError } from '../http/errors';
import type { Clock } from '../guards/repeat';
import type { Mailer } from '../mail/mailer';
import { verificationCodeMail, type MailLanguage } from '../mail/verification-code';
import {
  acceptablePassword,
  accountLookup,
  hashPassword,
  newInviteCode,
  newVerificationCode,
  normaliseEmail,
  normaliseInviteCode,
  normaliseUsername,
  sameHash,
  verificationCodeHash,
  verifyPassword,
} from './credentials';
import { users, verificationCodes } from './tables';
import { SessionStore, type SessionOwner } from './sessions';
import { tooGuessable } from '../guards/password-strength';
import type { AttemptGuard } from '../guards/attempt-throttle';
import type { SignInContext } from './device';
import { errors } from '@swx/shared/contract';

/** The staff side of customers' identities (search, sessions, status), published for the back office. */
export { CustomerDirectory, type CustomerAccountFacts } from './directory';
/** Where a sign-in comes from (device cookie, browser, address), for the security domain. */
export { signInContext, truncateAddress, type SignInContext } from './device';
/** Account closure as other domains meet it (the privacy domain closes an account through it). */
export type { AccountClosures } from './closure';

/**
 * Sign-in is refused to a closed account (11520, whatever the method: the credential was right, so saying
 * so leaks nothing) and to one staff disabled.
 */
function refuseUnlessOpen(user: Pick<UserRow, 'status' | 'closedAt'>): void {
  if (user.closedAt) throw new AppError(errors.accountClosed);
  if (user.status !== 'active') throw new AppError(errors.userStatusAbnormal);
}

/**
 * What the security domain adds to sign-in and password changes (security/sign-in.ts), handed in by the
 * composition root: auth sits below it and never imports it.
 */
export interface SignInHooks {
  /** A first factor proved the customer: the second factor still needed, or null to open the session. */
  challenge(userId: bigint, context: SignInContext): Promise<SecondFactorChallenge | null>;
  /** A session opened (`first`: at sign-up): the history, the device, a new-device notice. */
  opened(userId: bigint, tokenHash: string, context: SignInContext, first: boolean): Promise<void>;
  /** A wrong password on a known account, for the sign-in history. */
  refused(userId: bigint, context: SignInContext): Promise<void>;
  /**
   * A password reset or change inside `tx` (the withdrawal lock starts with it); answers what to do once it
   * committed (the notice).
   */
  changed(
    tx: Tx,
    userId: bigint,
    change: 'passwordChange' | 'passwordReset',
    language: MailLanguage,
  ): Promise<() => Promise<void>>;
}

export const CODE_VALID_MINUTES = 10;
export const CODE_MAX_TRIES = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface AuthServiceOptions {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Opens the new customer's real and demo account sets inside the registration transaction (ledger). */
  openCustomerAccounts: (tx: Tx, userId: string) => Promise<void>;
  clock?: Clock;
}

type UserRow = typeof users.$inferSelect;

/**
 * Customers' identities: sign-up with an e-mailed code, sign-in, sessions, passwords, account mode.
 * Refusals are catalogue codes; sign-in never says whether an account exists (10004 for either mistake).
 */
export class AuthService {
  readonly clock: Clock;
  private readonly db: Db;
  private readonly mailer: Mailer;
  private readonly log: FastifyBaseLogger;
  private readonly openCustomerAccounts: AuthServiceOptions['openCustomerAccounts'];
  /** Verified against when the account is unknown, so a miss costs as long as a wrong password. */
  private decoyHash: Promise<string> | undefined;
  private readonly sessions: SessionStore;
  private hooks: SignInHooks | undefined;

  constructor(options: AuthServiceOptions) {
    this.db = options.db;
    this.mailer = options.mailer;
    this.log = options.log;
    this.openCustomerAccounts = options.openCustomerAccounts;
    this.clock = options.clock ?? { now: () => new Date() };
    this.sessions = new SessionStore(this.db, this.clock);
  }

  /** The security domain's part of sign-in (set once by the composition root). */
  useSignInHooks(hooks: SignInHooks): void {
    this.hooks = hooks;
  }

  // ---- verification codes ------------------------------------------------------------------------------

  /**
   * E-mails a fresh 6-digit code; it replaces any earlier code for the same address and purpose. A sign-up
   * code is refused for a registered address (10007), a reset code for an unknown one (10009): the same
   * facts `checkUserNameOrPhone` answers, so nothing more is revealed.
   */
  async sendCode(rawEmail: string, scene: CodeScene, language: MailLanguage): Promise<void> {
    const email = normaliseEmail(rawEmail);
    if (!email) throw new AppError(errors.emailIncorrect);
    const registered = (await this.findUserByEmail(email)) !== undefined;
    if (scene === 'register' && registered) throw new AppError(errors.emailTaken);
    if (scene === 'reset' && !registered) throw new AppError(errors.userNotFound);

    const code = newVerificationCode();
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      await tx
        .update(verificationCodes)
        .set({ consumedAt: now })
        .where(
          and(
            eq(verificationCodes.email, email),
            eq(verificationCodes.scene, scene),
            isNull(verificationCodes.consumedAt),
          ),
        );
      await tx.insert(verificationCodes).values({
        email,
        scene,
        codeHash: verificationCodeHash(email, scene, code),
        expiresAt: new Date(now.getTime() + CODE_VALID_MINUTES * 60_000),
        createdAt: now,
      });
    });
    try {
      await this.mailer.send(
        verificationCodeMail({ to: email, code, scene, minutes: CODE_VALID_MINUTES, language }),
      );
    } catch (error) {
      this.log.error({ err: error }, 'verification mail not sent');
      throw new AppError(errors.serviceUnavailable);
    }
  }

  /**
   * Checks a code without using it up. A wrong code counts a try (committed at once, whatever happens
   * next); the fifth wrong try, and every try after it, answers 11002.
   */
  private async checkCode(email: string, scene: CodeScene, code: string): Promise<bigint> {
    const [row] = await this.db
      .select()
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.email, email),
          eq(verificationCodes.scene, scene),
          isNull(verificationCodes.consumedAt),
        ),
      )
      .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
      .limit(1);
    if (!row) throw new AppError(errors.verificationCodeWrong);
    if (row.attempts >= CODE_MAX_TRIES) throw new AppError(errors.verificationCodeLocked);
    if (row.expiresAt.getTime() <= this.clock.now().getTime())
      throw new AppError(errors.verificationCodeExpired);
    if (!sameHash(row.codeHash, verificationCodeHash(email, scene, code))) {
      const [counted] = await this.db
        .update(verificationCodes)
        .set({ attempts: sql`${verificationCodes.attempts} + 1` })
        .where(eq(verificationCodes.id, row.id))
        .returning({ attempts: verificationCodes.attempts });
      throw new AppError(
        (counted?.attempts ?? CODE_MAX_TRIES) >= CODE_MAX_TRIES
          ? errors.verificationCodeLocked
          : errors.verificationCodeWrong,
      );
    }
    return row.id;
  }

  /** Uses the code up inside the caller's transaction; a concurrent use of the same code loses here. */
  private async consumeCode(tx: Tx, codeId: bigint): Promise<void> {
    const used = await tx
      .update(verificationCodes)
      .set({ consumedAt: this.clock.now() })
      .where(
        and(
          eq(verificationCodes.id, codeId),
          isNull(verificationCodes.consumedAt),
          lt(verificationCodes.attempts, CODE_MAX_TRIES),
        ),
      )
      .returning({ id: verificationCodes.id });
    if (used.length === 0) throw new AppError(errors.verificationCodeWrong);
  }

  // ---- sign-up and sign-in -----------------------------------------------------------------------------

  async register(
    input: {
      username: string;
      email: string;
      password: string;
      confirmPassword: string;
      code: string;
      inviteCode?: string | undefined;
    },
    context?: SignInContext,
  ): Promise<LoginResult> {
    const customer = await this.checkNewCustomer(input, (names) => {
      if (!acceptablePassword(input.password)) throw new AppError(errors.passwordWeak);
      if (input.password !== input.confirmPassword) throw new AppError(errors.passwordsDiffer);
      if (tooGuessable(input.password, names)) throw new AppError(errors.passwordGuessable);
    });
    const codeId = await this.checkCode(customer.email, 'register', input.code);
    return this.createCustomer(codeId, customer, await hashPassword(input.password), undefined, context);
  }

  /**
   * Sign-up proven by another method than a password (a wallet signature): the same username, e-mail code
   * and invite rules as `register`, no password until the customer sets one through the forgotten-password
   * reset. `link` runs inside the account's transaction (it records the method); its error undoes it all.
   */
  async registerWithEmailCode(
    input: { username: string; email: string; code: string; inviteCode?: string | undefined },
    link: (tx: Tx, userId: bigint) => Promise<void>,
    context?: SignInContext,
  ): Promise<LoginResult> {
    const customer = await this.checkNewCustomer(input, () => undefined);
    const codeId = await this.checkCode(customer.email, 'register', input.code);
    return this.createCustomer(codeId, customer, null, link, context);
  }

  /**
   * A customer another method has proven (an active one only), as `login` answers: a session, or the second
   * factor the account still needs.
   */
  async signInVerified(userId: bigint, context: SignInContext): Promise<SignInResult> {
    const user = await this.findUserById(String(userId));
    if (!user) throw new AppError(errors.userNotFound);
    refuseUnlessOpen(user);
    const challenge = await this.hooks?.challenge(user.id, context);
    if (challenge) return challenge;
    return this.openSession(user, context);
  }

  /**
   * A session for a customer whose sign-in is complete (both factors, or a passkey): recorded by the
   * security domain, which may send a new-device notice.
   */
  async openVerifiedSession(userId: bigint, context: SignInContext): Promise<LoginResult> {
    const user = await this.findUserById(String(userId));
    if (!user) throw new AppError(errors.userNotFound);
    refuseUnlessOpen(user);
    return this.openSession(user, context);
  }

  private async openSession(user: UserRow, context: SignInContext): Promise<LoginResult> {
    const { token, tokenHash } = await this.sessions.open(this.db, user.id, context);
    await this.hooks?.opened(user.id, tokenHash, context, false);
    return { token, userInfo: toUserInfo(user) };
  }

  async hasPassword(userId: string): Promise<boolean> {
    return Boolean((await this.findUserById(userId))?.passwordHash);
  }

  /**
   * Username, e-mail and invite code of a sign-up, normalised; `checkSecret` checks the method's own input
   * (the password) in between, so the codes keep their order. Taken names are refused before the e-mailed
   * code is checked, so they do not cost the customer a try.
   */
  private async checkNewCustomer(
    input: { username: string; email: string; inviteCode?: string | undefined },
    checkSecret: (names: { username: string; email: string }) => void,
  ): Promise<{ username: string; email: string; invitedBy: bigint | null }> {
    const username = normaliseUsername(input.username);
    if (!username) throw new AppError(errors.usernameIncorrect);
    const email = normaliseEmail(input.email);
    if (!email) throw new AppError(errors.emailIncorrect);
    checkSecret({ username, email });

    let invitedBy: bigint | null = null;
    if (input.inviteCode !== undefined && input.inviteCode.trim() !== '') {
      const inviteCode = normaliseInviteCode(input.inviteCode);
      const [inviter] = inviteCode
        ? await this.db.select({ id: users.id }).from(users).where(eq(users.inviteCode, inviteCode)).limit(1)
        : [];
      if (!inviter) throw new AppError(errors.inviteCodeUnknown);
      invitedBy = inviter.id;
    }
    if (await this.findUserByUsername(username)) throw new AppError(errors.usernameTaken);
    if (await this.findUserByEmail(email)) throw new AppError(errors.emailTaken);
    return { username, email, invitedBy };
  }

  private async createCustomer(
    codeId: bigint,
    customer: { username: string; email: string; invitedBy: bigint | null },
    passwordHash: string | null,
    link?: (tx: Tx, userId: bigint) => Promise<void>,
    context?: SignInContext,
  ): Promise<LoginResult> {
    try {
      const created = await this.db.transaction(async (tx) => {
        await this.consumeCode(tx, codeId);
        const [user] = await tx
          .insert(users)
          .values({ ...customer, passwordHash, inviteCode: await this.unusedInviteCode(tx) })
          .returning();
        if (!user) throw new Error('auth: user insert returned no row');
        await this.openCustomerAccounts(tx, String(user.id));
        await link?.(tx, user.id);
        const session = await this.sessions.open(tx, user.id, context);
        return { ...session, user };
      });
      if (context) await this.hooks?.opened(created.user.id, created.tokenHash, context, true);
      return { token: created.token, userInfo: toUserInfo(created.user) };
    } catch (error) {
      // Two sign-ups racing for the same name or address: the database's unique index decides.
      const constraint = uniqueViolation(error);
      if (constraint === 'users_username_lower_key') throw new AppError(errors.usernameTaken);
      if (constraint === 'users_email_unique') throw new AppError(errors.emailTaken);
      throw error;
    }
  }

  /**
   * Sign-in by username or e-mail (either case). Unknown account and wrong password both answer 10004.
   * With `guard`, tries are counted per account and address together: the account is resolved first, so
   * "Alice", "alice" and alice@example.com share one counter, and a stranger's wrong tries slow down only
   * the stranger's address, never the owner signing in from elsewhere.
   */
  async login(
    account: string,
    password: string,
    guard: { throttle: AttemptGuard; address: string } | undefined,
    context: SignInContext,
  ): Promise<SignInResult> {
    const lookup = accountLookup(account);
    const user = !lookup
      ? undefined
      : 'email' in lookup
        ? await this.findUserByEmail(lookup.email)
        : await this.findUserByUsername(lookup.username);
    const accountKey = user
      ? `user:${user.id}`
      : `unknown:${lookup ? Object.values(lookup)[0]!.toLowerCase() : account}`;
    const key = `${accountKey}|${guard?.address ?? ''}`;
    await guard?.throttle.begin(key);
    // A customer without a password (signed up through a provider) is refused like a wrong password.
    if (!user?.passwordHash) {
      await verifyPassword(await this.decoy(), password);
      throw new AppError(errors.passwordIncorrect);
    }
    if (!(await verifyPassword(user.passwordHash, password))) {
      await this.hooks?.refused(user.id, context);
      throw new AppError(errors.passwordIncorrect);
    }
    await guard?.throttle.succeeded(key);
    refuseUnlessOpen(user);
    const challenge = await this.hooks?.challenge(user.id, context);
    if (challenge) return challenge;
    return this.openSession(user, context);
  }

  // ---- sessions (SessionStore) ------------------------------------------------------------------------

  /** The owner of a live session token (not revoked, not idle too long, customer active), or null. */
  sessionOwner(token: string, userAgent?: string): Promise<SessionOwner | null> {
    return this.sessions.owner(token, userAgent);
  }

  /** For the websocket: who a token belongs to and its session (the token's hash), or null. */
  async verifyToken(token: string): Promise<{ userId: string; session: string } | null> {
    const owner = await this.sessions.owner(token);
    return owner ? { userId: owner.userId, session: owner.tokenHash } : null;
  }

  /**
   * For the websocket's session check: which of these sessions (token hashes) are still live. A session
   * signed out, revoked by staff, ended by a password change, idle too long or of a disabled customer is not.
   */
  liveSessionsAmong(tokenHashes: readonly string[]): Promise<Set<string>> {
    return this.sessions.liveAmong(tokenHashes);
  }

  logout(tokenHash: string): Promise<void> {
    return this.sessions.revoke(tokenHash);
  }

  /** The customer's live sessions, most recently used first, with what they were opened from. */
  async sessionsOf(userId: string) {
    return this.sessions.listOf(BigInt(userId));
  }

  /** Ends one of the customer's sessions by its handle; false when there is no such live session. */
  revokeSession(userId: string, handle: string): Promise<boolean> {
    return this.sessions.revokeHandle(BigInt(userId), handle);
  }

  /** Ends every session of the customer but `keepTokenHash`, in `tx` when given. */
  revokeSessions(userId: string, keepTokenHash?: string, tx?: Tx): Promise<void> {
    return this.sessions.revokeAll(tx ?? this.db, BigInt(userId), keepTokenHash);
  }

  // ---- passwords ---------------------------------------------------------------------------------------

  /**
   * Signed-in change: the old password proves it is the customer; every other session is signed out. With
   * `throttle`, old-password tries are counted per session, so a stolen session cannot be used to guess the
   * password at speed, while the owner's own sessions are not slowed.
   */
  async changePassword(
    owner: { userId: string; tokenHash: string },
    input: { oldPassword: string; password: string; confirmPassword: string },
    throttle?: AttemptGuard,
    language: MailLanguage = 'en',
  ): Promise<void> {
    const user = await this.findUserById(owner.userId);
    if (!user) throw new AppError(errors.unauthorised);
    const key = `session:${owner.tokenHash}`;
    await throttle?.begin(key);
    // Without a password there is nothing to change: the e-mailed reset code sets a first one.
    if (!user.passwordHash || !(await verifyPassword(user.passwordHash, input.oldPassword)))
      throw new AppError(errors.passwordIncorrect);
    await throttle?.succeeded(key);
    if (!acceptablePassword(input.password)) throw new AppError(errors.passwordWeak);
    if (input.password !== input.confirmPassword) throw new AppError(errors.passwordsDiffer);
    if (tooGuessable(input.password, strengthInputs(user))) throw new AppError(errors.passwordGuessable);
    const passwordHash = await hashPassword(input.password);
    const notify = await this.db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
      await this.sessions.revokeAll(tx, user.id, owner.tokenHash);
      return this.hooks?.changed(tx, user.id, 'passwordChange', language);
    });
    await notify?.();
  }

  /** Forgotten password: the e-mailed code proves it is the customer; every session is signed out. */
  async resetPassword(
    input: {
      email: string;
      code: string;
      password: string;
      confirmPassword: string;
    },
    language: MailLanguage = 'en',
  ): Promise<void> {
    const email = normaliseEmail(input.email);
    if (!email) throw new AppError(errors.emailIncorrect);
    if (!acceptablePassword(input.password)) throw new AppError(errors.passwordWeak);
    if (input.password !== input.confirmPassword) throw new AppError(errors.passwordsDiffer);
    const user = await this.findUserByEmail(email);
    if (!user) throw new AppError(errors.userNotFound);
    if (tooGuessable(input.password, strengthInputs(user))) throw new AppError(errors.passwordGuessable);
    const codeId = await this.checkCode(email, 'reset', input.code);
    const passwordHash = await hashPassword(input.password);
    const notify = await this.db.transaction(async (tx) => {
      await this.consumeCode(tx, codeId);
      await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
      await this.sessions.revokeAll(tx, user.id);
      return this.hooks?.changed(tx, user.id, 'passwordReset', language);
    });
    await notify?.();
  }

  /**
   * A new e-mail address for the customer (its code checked by the security domain); `inside` runs in the
   * same transaction. Answers the record and the address before.
   */
  async changeEmail(
    userId: string,
    rawEmail: string,
    inside: (tx: Tx) => Promise<void>,
  ): Promise<{ userInfo: UserInfo; previous: string | null }> {
    const email = normaliseEmail(rawEmail);
    if (!email) throw new AppError(errors.emailIncorrect);
    const user = await this.findUserById(userId);
    if (!user) throw new AppError(errors.userNotFound);
    if (await this.findUserByEmail(email)) throw new AppError(errors.emailTaken);
    try {
      const updated = await this.db.transaction(async (tx) => {
        const [row] = await tx.update(users).set({ email }).where(eq(users.id, user.id)).returning();
        await inside(tx);
        return row!;
      });
      return { userInfo: toUserInfo(updated), previous: user.email };
    } catch (error) {
      if (uniqueViolation(error) === 'users_email_unique') throw new AppError(errors.emailTaken);
      throw error;
    }
  }

  // ---- the customer's own record -----------------------------------------------------------------------

  async userInfo(userId: string): Promise<UserInfo> {
    const user = await this.findUserById(userId);
    if (!user) throw new AppError(errors.userNotFound);
    return toUserInfo(user);
  }

  async setAccountMode(userId: string, mode: AccountMode): Promise<UserInfo> {
    return this.updateUser(userId, { accountMode: mode });
  }

  /** `POST /user/preferences`: the customer's stored trading preferences. */
  async setPreferences(userId: string, preferences: { oneClickTrading: boolean }): Promise<UserInfo> {
    return this.updateUser(userId, { oneClickTrading: preferences.oneClickTrading });
  }

  private async updateUser(
    userId: string,
    values: Partial<Pick<UserRow, 'accountMode' | 'oneClickTrading'>>,
  ): Promise<UserInfo> {
    const [user] = await this.db
      .update(users)
      .set(values)
      .where(eq(users.id, BigInt(userId)))
      .returning();
    if (!user) throw new AppError(errors.userNotFound);
    return toUserInfo(user);
  }

  /** For the KYC domain: records the review state shown as `kycStatus`, inside the caller's transaction. */
  async setKycStatus(tx: Db | Tx, userId: string, status: KycStatus): Promise<void> {
    await tx
      .update(users)
      .set({ kycStatus: status })
      .where(eq(users.id, BigInt(userId)));
  }

  /** `GET /login/checkUserNameOrPhone`: exactly one of the two; a malformed value is refused with its code. */
  async isAvailable(query: { username?: string | undefined; email?: string | undefined }): Promise<boolean> {
    if (query.username !== undefined && query.email !== undefined) throw new AppError(errors.invalidRequest);
    if (query.username !== undefined) {
      const username = normaliseUsername(query.username);
      if (!username) throw new AppError(errors.usernameIncorrect);
      return (await this.findUserByUsername(username)) === undefined;
    }
    if (query.email !== undefined) {
      const email = normaliseEmail(query.email);
      if (!email) throw new AppError(errors.emailIncorrect);
      return (await this.findUserByEmail(email)) === undefined;
    }
    throw new AppError(errors.accountRequired);
  }

  // ---- hooks for other sign-in methods (auth/oidc) -------------------------------------------------------

  /**
   * Opens a customer who signs in through a provider: no password, the e-mail only when the provider
   * verified it. `link` runs in the same transaction (it records the identity), so a failure leaves nothing.
   */
  async registerWithoutPassword(
    input: { username: string; email: string | null },
    link: (tx: Tx, userId: bigint) => Promise<void>,
    context?: SignInContext,
  ): Promise<LoginResult> {
    const username = normaliseUsername(input.username);
    if (!username) throw new AppError(errors.usernameIncorrect);
    if (await this.findUserByUsername(username)) throw new AppError(errors.usernameTaken);
    if (input.email && (await this.findUserByEmail(input.email))) throw new AppError(errors.emailTaken);
    try {
      const created = await this.db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({ username, email: input.email, inviteCode: await this.unusedInviteCode(tx) })
          .returning();
        if (!user) throw new Error('auth: user insert returned no row');
        await this.openCustomerAccounts(tx, String(user.id));
        await link(tx, user.id);
        const session = await this.sessions.open(tx, user.id, context);
        return { ...session, user };
      });
      if (context) await this.hooks?.opened(created.user.id, created.tokenHash, context, true);
      return { token: created.token, userInfo: toUserInfo(created.user) };
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint === 'users_username_lower_key') throw new AppError(errors.usernameTaken);
      if (constraint === 'users_email_unique') throw new AppError(errors.emailTaken);
      throw error;
    }
  }

  /** The customer holding this (normalised) e-mail address, if any: id and whether a password is set. */
  async accountByEmail(email: string): Promise<{ userId: bigint; hasPassword: boolean } | undefined> {
    const user = await this.findUserByEmail(email);
    return user && { userId: user.id, hasPassword: user.passwordHash !== null };
  }

  /**
   * Whether `password` is this customer's, counted by `throttle` per account and address like sign-in. The
   * confirmation that lets a provider identity join an existing account.
   */
  async confirmPassword(
    userId: bigint,
    password: string,
    guard: { throttle: AttemptGuard; address: string },
  ): Promise<boolean> {
    const user = await this.findUserById(String(userId));
    const key = `user:${userId}|${guard.address}`;
    await guard.throttle.begin(key);
    if (!user?.passwordHash) {
      await verifyPassword(await this.decoy(), password);
      return false;
    }
    if (!(await verifyPassword(user.passwordHash, password))) return false;
    await guard.throttle.succeeded(key);
    return true;
  }

  // ---- housekeeping ------------------------------------------------------------------------------------

  /** Deletes codes expired for a day and sessions revoked or idle for longer than the idle limit. */
  async purgeExpired(): Promise<void> {
    const now = this.clock.now().getTime();
    await this.db.delete(verificationCodes).where(lt(verificationCodes.expiresAt, new Date(now - DAY_MS)));
    await this.sessions.purgeExpired();
  }

  // ---- lookups -----------------------------------------------------------------------------------------

  private async findUserById(userId: string): Promise<UserRow | undefined> {
    if (!/^[1-9][0-9]{0,18}$/.test(userId)) return undefined;
    const [user] = await this.db
      .select()
      .from(users)
      .where(eq(users.id, BigInt(userId)))
      .limit(1);
    return user;
  }

  private async findUserByEmail(email: string): Promise<UserRow | undefined> {
    const [user] = await this.db.select().from(users).where(eq(users.email, email)).limit(1);
    return user;
  }

  /** Usernames are unique without regard to case (index on lower(username)). */
  private async findUserByUsername(username: string): Promise<UserRow | undefined> {
    const [user] = await this.db
      .select()
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`)
      .limit(1);
    return user;
  }

  private async unusedInviteCode(tx: Tx): Promise<string> {
    for (;;) {
      const code = newInviteCode();
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.inviteCode, code))
        .limit(1);
      if (!taken) return code;
    }
  }

  private decoy(): Promise<string> {
    this.decoyHash ??= hashPassword('decoy password 1');
    return this.decoyHash;
  }

  // ---- nfts ----
  /** Usernames by user id, for other domains' masked public lists (bidders, winners). */
  async usernames(userIds: readonly string[]): Promise<Map<string, string>> {
    const ids = [...new Set(userIds)].filter((id) => /^[1-9][0-9]{0,18}$/.test(id)).map((id) => BigInt(id));
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(inArray(users.id, ids));
    return new Map(rows.map((row) => [String(row.id), row.username]));
  }

  /**
   * Customers whose account was closed before `cutoff`, by id after `after`, at most `limit`: what retention
   * purges once the legal retention period has run (kyc and loans retention jobs).
   */
  async closedBefore(cutoff: Date, after: string | null, limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(lt(users.closedAt, cutoff), after === null ? undefined : gt(users.id, BigInt(after))))
      .orderBy(asc(users.id))
      .limit(limit);
    return rows.map((row) => String(row.id));
  }

  /** Who each customer is, for staff screens (the review queues): id, username, e-mail. */
  async customerSummaries(userIds: readonly string[]): Promise<Map<string, ReviewCustomer>> {
    const ids = [...new Set(userIds)].filter((id) => /^[1-9][0-9]{0,18}$/.test(id)).map((id) => BigInt(id));
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({ id: users.id, username: users.username, email: users.email })
      .from(users)
      .where(inArray(users.id, ids));
    return new Map(
      rows.map((row) => [
        String(row.id),
        { userId: String(row.id), username: row.username, email: row.email },
      ]),
    );
  }
}

export function toUserInfo(user: UserRow): UserInfo {
  return {
    id: String(user.id),
    username: user.username,
    // A provider-only customer may have no e-mail; the wire keeps a string.
    email: user.email ?? '',
    kycStatus: user.kycStatus,
    inviteCode: user.inviteCode,
    virtualStatus: user.accountMode === 'demo' ? '1' : '0',
    accountMode: user.accountMode,
    oneClickTrading: user.oneClickTrading,
    createdAt: user.createdAt.toISOString(),
  };
}

const strengthInputs = (user: UserRow) => ({ username: user.username, email: user.email ?? undefined });

/** The constraint a unique violation (SQLSTATE 23505) hit, looking through drizzle's error wrapping. */
function uniqueViolation(error: unknown): string | undefined {
  for (
    let e = error as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined;
    e;
    e = e.cause as never
  ) {
    if (e.code === '23505') return typeof e.constraint === 'string' ? e.constraint : '';
  }
  return undefined;
}
