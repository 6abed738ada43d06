import crypto from 'node:crypto';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  errors,
  type LoginResult,
  type SignInResult,
  type SocialCallbackResult,
  type SocialIdentities,
  type SocialProviderList,
} from '@swx/shared/contract';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../http/errors';
import type { Clock } from '../../guards/repeat';
import type { AttemptGuard } from '../../guards/attempt-throttle';
import type { AuthService, SignInContext } from '../service';
import { normaliseEmail, sha256Hex } from '../credentials';
import { OidcClients, type VerifiedIdentity } from './client';
import type { OidcProviderConfig } from './config';
import { oidcAttempts, oidcIdentities, oidcPendingIdentities } from '../tables';
import { safeReturnTo } from './return-to';
import type * as oidc from 'openid-client';

/** How long a started sign-in may take at the provider (login, consent) before its state stops working. */
export const ATTEMPT_VALID_MINUTES = 10;
/** How long a verified identity waits for a username or the existing account's password. */
export const PENDING_VALID_MINUTES = 15;

export interface OidcServiceOptions {
  db: Db;
  auth: AuthService;
  providers: OidcProviderConfig[];
  /** This site's public origin; the redirect URI is `<publicUrl>/api/loginCallback/<name>`. */
  publicUrl: string;
  log: FastifyBaseLogger;
  clock?: Clock;
  customFetch?: oidc.CustomFetch;
  /**
   * Sign-in methods a customer has besides passwords and provider identities (a linked wallet), so the last
   * method is never removed; the wallet domain supplies it when composed.
   */
  otherSignInMethods?: (userId: bigint) => Promise<number>;
}

const newSecret = () => crypto.randomBytes(32).toString('base64url');

/**
 * Social sign-in rules (docs/decisions.md, "Social sign-in"): a known identity signs in; a new one gets an
 * account with a username the customer chooses; one whose verified e-mail belongs to an existing account
 * joins it only after that account's password confirms. Linking and unlinking from settings; the last
 * sign-in method stays.
 */
export class OidcService {
  private readonly clients: OidcClients;
  private readonly clock: Clock;
  private readonly byName: Map<string, OidcProviderConfig>;

  constructor(private readonly options: OidcServiceOptions) {
    this.clients = new OidcClients({
      log: options.log,
      ...(options.customFetch ? { customFetch: options.customFetch } : {}),
    });
    this.clock = options.clock ?? { now: () => new Date() };
    this.byName = new Map(options.providers.map((p) => [p.name, p]));
  }

  providers(): SocialProviderList {
    return this.options.providers.map(({ name, label }) => ({ name, label }));
  }

  private provider(name: string): OidcProviderConfig {
    const provider = this.byName.get(name.toLowerCase());
    if (!provider) throw new AppError(errors.socialProviderUnknown);
    return provider;
  }

  private redirectUri(provider: OidcProviderConfig): string {
    return `${this.options.publicUrl.replace(/\/+$/, '')}/api/loginCallback/${provider.name}`;
  }

  /** `POST /login/loginBy{provider}` (or linking from settings with `userId`): the provider's URL. */
  /**
   * `POST /login/loginBy{provider}` (or linking from settings with `userId`): the provider's URL, and the
   * state's hash, which the route binds to the browser in a cookie (the callback must come back with it).
   */
  async start(
    name: string,
    returnTo: string | undefined,
    userId?: string,
  ): Promise<{ authorizationUrl: string; stateHash: string }> {
    const provider = this.provider(name);
    const { authorizationUrl, checks } = await this.clients.start(provider, this.redirectUri(provider));
    const stateHash = sha256Hex(checks.state);
    await this.options.db.insert(oidcAttempts).values({
      stateHash,
      provider: provider.name,
      userId: userId === undefined ? null : BigInt(userId),
      codeVerifier: checks.codeVerifier,
      nonce: checks.nonce,
      returnTo: safeReturnTo(returnTo),
      expiresAt: new Date(this.clock.now().getTime() + ATTEMPT_VALID_MINUTES * 60_000),
    });
    return { authorizationUrl, stateHash };
  }

  /**
   * The provider's answer, as the callback page received it. The browser must hold the cookie the start
   * set (`browserHolds` the state's hash): a callback link opened in another browser is refused and leaves
   * the attempt for its own browser. The state is then used up (whatever happens next), so a replayed answer
   * is refused even if the provider would accept its code twice.
   */
  async finish(
    name: string,
    callback: string,
    signedInUserId: string | null,
    browserHolds: (stateHash: string) => boolean,
    context: SignInContext,
  ): Promise<SocialCallbackResult> {
    const provider = this.provider(name);
    const params = new URLSearchParams(callback.startsWith('?') ? callback.slice(1) : callback);
    const state = params.get('state');
    if (!state) throw new AppError(errors.socialAttemptExpired);
    if (!browserHolds(sha256Hex(state))) throw new AppError(errors.socialBrowserMismatch);
    const now = this.clock.now();
    const [attempt] = await this.options.db
      .update(oidcAttempts)
      .set({ consumedAt: now })
      .where(
        and(
          eq(oidcAttempts.stateHash, sha256Hex(state)),
          eq(oidcAttempts.provider, provider.name),
          isNull(oidcAttempts.consumedAt),
          gt(oidcAttempts.expiresAt, now),
        ),
      )
      .returning();
    if (!attempt) throw new AppError(errors.socialAttemptExpired);
    if (attempt.userId !== null && signedInUserId !== String(attempt.userId))
      throw new AppError(errors.unauthorised);
    const callbackUrl = new URL(this.redirectUri(provider));
    callbackUrl.search = params.toString();
    const identity = await this.clients.finish(provider, callbackUrl, {
      state,
      nonce: attempt.nonce,
      codeVerifier: attempt.codeVerifier,
    });
    const returnTo = attempt.returnTo;
    if (attempt.userId !== null) {
      await this.link(attempt.userId, provider.name, identity);
      return { outcome: 'linked', returnTo };
    }
    const known = await this.identityOf(identity);
    if (known) {
      const answer = await this.options.auth.signInVerified(known.userId, context);
      return 'secondFactor' in answer
        ? { outcome: 'secondFactor', secondFactor: answer.secondFactor, returnTo }
        : { outcome: 'signedIn', ...answer, returnTo };
    }
    return this.pending(provider.name, identity, returnTo);
  }

  /** An identity nobody has yet: a ticket for choosing a username, or for confirming the matching account. */
  private async pending(
    provider: string,
    identity: VerifiedIdentity,
    returnTo: string,
  ): Promise<SocialCallbackResult> {
    const email = identity.emailVerified && identity.email ? normaliseEmail(identity.email) : null;
    const ticket = newSecret();
    await this.options.db.insert(oidcPendingIdentities).values({
      ticketHash: sha256Hex(ticket),
      provider,
      issuer: identity.issuer,
      subject: identity.subject,
      email,
      emailVerified: email !== null,
      expiresAt: new Date(this.clock.now().getTime() + PENDING_VALID_MINUTES * 60_000),
    });
    // Only a verified address may point at an existing account; an unverified one is not even kept.
    if (email && (await this.options.auth.accountByEmail(email)))
      return { outcome: 'confirmLink', ticket, email, returnTo };
    return { outcome: 'chooseUsername', ticket, email, returnTo };
  }

  /** A new account for a pending identity, named by the customer. */
  async register(ticket: string, username: string, context?: SignInContext): Promise<LoginResult> {
    const pending = await this.pendingByTicket(ticket);
    if (pending.email && (await this.options.auth.accountByEmail(pending.email)))
      throw new AppError(errors.emailTaken);
    return this.withIdentityRace(() =>
      this.options.auth.registerWithoutPassword(
        { username, email: pending.email },
        async (tx, userId) => {
          await this.consumePending(tx, pending.ticketHash);
          await this.insertIdentity(tx, userId, pending.provider, pending);
        },
        context,
      ),
    );
  }

  /** Joins a pending identity to the account its verified e-mail belongs to, after that account's password. */
  async confirmLink(
    ticket: string,
    password: string,
    guard: { throttle: AttemptGuard; address: string },
    context: SignInContext,
  ): Promise<SignInResult> {
    const pending = await this.pendingByTicket(ticket);
    const account = pending.email ? await this.options.auth.accountByEmail(pending.email) : undefined;
    if (!account) throw new AppError(errors.socialAttemptExpired);
    if (!(await this.options.auth.confirmPassword(account.userId, password, guard)))
      throw new AppError(errors.passwordIncorrect);
    await this.withIdentityRace(() =>
      this.options.db.transaction(async (tx) => {
        await this.consumePending(tx, pending.ticketHash);
        await this.insertIdentity(tx, account.userId, pending.provider, pending);
      }),
    );
    return this.options.auth.signInVerified(account.userId, context);
  }

  async identities(userId: string): Promise<SocialIdentities> {
    const rows = await this.options.db
      .select()
      .from(oidcIdentities)
      .where(eq(oidcIdentities.userId, BigInt(userId)))
      .orderBy(oidcIdentities.createdAt);
    const linked = new Set(rows.map((row) => row.provider));
    return {
      hasPassword: await this.options.auth.hasPassword(userId),
      identities: rows.map((row) => ({
        provider: row.provider,
        label: this.byName.get(row.provider)?.label ?? row.provider,
        email: row.email,
        linkedAt: row.createdAt.toISOString(),
      })),
      available: this.providers().filter((p) => !linked.has(p.name)),
    };
  }

  /** How many provider identities the customer has linked: sign-in methods the wallet side counts too. */
  async linkedCount(userId: bigint): Promise<number> {
    const rows = await this.options.db
      .select({ provider: oidcIdentities.provider })
      .from(oidcIdentities)
      .where(eq(oidcIdentities.userId, userId));
    return rows.length;
  }

  /** Removes a linked provider unless it is the customer's last way to sign in. */
  async unlink(userId: string, name: string): Promise<SocialIdentities> {
    const id = BigInt(userId);
    const provider = name.toLowerCase();
    // Read before the transaction: on PGlite (one connection) a read outside an open transaction would wait
    // for it. Passwords and wallets are only ever added while unlinking, never removed.
    const others =
      ((await this.options.auth.hasPassword(userId)) ? 1 : 0) +
      ((await this.options.otherSignInMethods?.(id)) ?? 0);
    await this.options.db.transaction(async (tx) => {
      // One unlink at a time per customer, so two in parallel cannot remove the last two methods.
      await tx.execute(sql`select id from users where id = ${id} for update`);
      const rows = await tx
        .select({ provider: oidcIdentities.provider })
        .from(oidcIdentities)
        .where(eq(oidcIdentities.userId, id));
      if (!rows.some((row) => row.provider === provider)) throw new AppError(errors.notFound);
      const methods = rows.length + others;
      if (methods <= 1) throw new AppError(errors.socialLastMethod);
      await tx
        .delete(oidcIdentities)
        .where(and(eq(oidcIdentities.userId, id), eq(oidcIdentities.provider, provider)));
    });
    return this.identities(userId);
  }

  /** Attempts and pending identities past their expiry (kept a day for support questions). */
  async purgeExpired(): Promise<void> {
    const cutoff = new Date(this.clock.now().getTime() - 24 * 60 * 60_000);
    await this.options.db.delete(oidcAttempts).where(lt(oidcAttempts.expiresAt, cutoff));
    await this.options.db
      .delete(oidcPendingIdentities)
      .where(or(lt(oidcPendingIdentities.expiresAt, cutoff)));
  }

  // ---- helpers -----------------------------------------------------------------------------------------

  private async identityOf(identity: VerifiedIdentity) {
    const [row] = await this.options.db
      .select()
      .from(oidcIdentities)
      .where(and(eq(oidcIdentities.issuer, identity.issuer), eq(oidcIdentities.subject, identity.subject)))
      .limit(1);
    return row;
  }

  private async link(userId: bigint, provider: string, identity: VerifiedIdentity): Promise<void> {
    const known = await this.identityOf(identity);
    if (known) {
      if (known.userId !== userId) throw new AppError(errors.socialIdentityTaken);
      return;
    }
    const email = identity.emailVerified && identity.email ? normaliseEmail(identity.email) : null;
    await this.withIdentityRace(() =>
      this.options.db.transaction((tx) => this.insertIdentity(tx, userId, provider, { ...identity, email })),
    );
  }

  private async insertIdentity(
    tx: Tx,
    userId: bigint,
    provider: string,
    identity: { issuer: string; subject: string; email: string | null },
  ): Promise<void> {
    await tx.insert(oidcIdentities).values({
      userId,
      provider,
      issuer: identity.issuer,
      subject: identity.subject,
      email: identity.email,
      createdAt: this.clock.now(),
    });
  }

  private async pendingByTicket(ticket: string) {
    const [pending] = await this.options.db
      .select()
      .from(oidcPendingIdentities)
      .where(
        and(
          eq(oidcPendingIdentities.ticketHash, sha256Hex(ticket)),
          isNull(oidcPendingIdentities.consumedAt),
          gt(oidcPendingIdentities.expiresAt, this.clock.now()),
        ),
      )
      .limit(1);
    if (!pending) throw new AppError(errors.socialAttemptExpired);
    return pending;
  }

  /** Uses a ticket up inside the caller's transaction; a concurrent use of the same ticket loses here. */
  private async consumePending(tx: Tx, ticketHash: string): Promise<void> {
    const used = await tx
      .update(oidcPendingIdentities)
      .set({ consumedAt: this.clock.now() })
      .where(and(eq(oidcPendingIdentities.ticketHash, ticketHash), isNull(oidcPendingIdentities.consumedAt)))
      .returning({ ticketHash: oidcPendingIdentities.ticketHash });
    if (used.length === 0) throw new AppError(errors.socialAttemptExpired);
  }

  /** The unique indexes decide races: the identity is someone's already, or this customer has the provider. */
  private async withIdentityRace<T>(action: () => Promise<T>): Promise<T> {
    try {
      return await action();
    } catch (error) {
      if (uniqueViolationOn(error, 'oidc_identities_')) throw new AppError(errors.socialIdentityTaken);
      throw error;
    }
  }
}

function uniqueViolationOn(error: unknown, prefix: string): boolean {
  for (
    let e = error as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined;
    e;
    e = e.cause as never
  ) {
    if (e.code === '23505') return typeof e.constraint === 'string' && e.constraint.startsWith(prefix);
  }
  return false;
}
