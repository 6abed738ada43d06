import crypto from 'node:crypto';
import { and, asc, count, eq, gt, isNull, lt } from 'drizzle-orm';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { errors, type Passkey, type PasskeyAnswer, type PasskeyCeremony } from '@swx/shared/contract';
import type { Db, Tx } from '../db/client';
import { AppError } from '../http/errors';
import { customerPasskeys, webauthnCeremonies } from './tables';

/** Passkeys: `WEBAUTHN_RP_ID`, `WEBAUTHN_RP_NAME`, `WEBAUTHN_ORIGINS` (docs/configuration.md). */
export interface WebAuthnConfig {
  /** The registrable domain passkeys are bound to; by default the host of `PUBLIC_URL`. */
  rpId: string;
  rpName: string;
  /** Origins a ceremony may come from; by default the origin of `PUBLIC_URL`. */
  origins: string[];
}

/** A ceremony's challenge is good for this long: time to touch the key or unlock the phone. */
export const CEREMONY_MINUTES = 5;
/** Passkeys per customer: enough for every device a person owns, bounded so the list stays readable. */
export const MAX_PASSKEYS = 10;

type CeremonyPurpose = (typeof webauthnCeremonies.$inferSelect)['purpose'];

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

/** The opaque WebAuthn user handle of a customer: no name, no id in the clear. */
function userHandle(userId: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(crypto.createHash('sha256').update(`swx-webauthn-user\n${userId}`).digest());
}

/**
 * Passkeys (WebAuthn) with SimpleWebAuthn: registration, and assertions for a passkey sign-in (discoverable
 * credential), a second factor or a step-up. User verification is required every time, so a passkey is two
 * factors on its own. Challenges are stored as their SHA-256, single use, for 5 minutes; an unknown
 * credential, a failed verification and a signature counter that went backwards each answer their code.
 */
export class Passkeys {
  constructor(
    private readonly db: Db,
    private readonly config: WebAuthnConfig,
    private readonly now: () => Date,
  ) {}

  async list(userId: string): Promise<Passkey[]> {
    const rows = await this.db
      .select()
      .from(customerPasskeys)
      .where(eq(customerPasskeys.userId, BigInt(userId)))
      .orderBy(asc(customerPasskeys.id));
    return rows.map((row) => ({
      id: String(row.id),
      name: row.name,
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
      backedUp: row.backedUp,
    }));
  }

  async countOf(userId: string, reader: Db | Tx = this.db): Promise<number> {
    const [row] = await reader
      .select({ n: count() })
      .from(customerPasskeys)
      .where(eq(customerPasskeys.userId, BigInt(userId)));
    return Number(row?.n ?? 0);
  }

  /** Options to create a passkey for the customer (resident key and user verification required). */
  async registrationOptions(userId: string, username: string): Promise<PasskeyCeremony> {
    const existing = await this.db
      .select({ credentialId: customerPasskeys.credentialId, transports: customerPasskeys.transports })
      .from(customerPasskeys)
      .where(eq(customerPasskeys.userId, BigInt(userId)));
    if (existing.length >= MAX_PASSKEYS) throw new AppError(errors.passkeyLimit);
    const options = await generateRegistrationOptions({
      rpName: this.config.rpName,
      rpID: this.config.rpId,
      userName: username,
      userID: userHandle(userId),
      attestationType: 'none',
      excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: row.transports })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      timeout: CEREMONY_MINUTES * 60_000,
    });
    return { ceremonyId: await this.startCeremony('register', userId, options.challenge), options };
  }

  /** Verifies the new credential and stores it under `name`. */
  async register(userId: string, answer: PasskeyAnswer, name: string): Promise<void> {
    const challengeHash = await this.spendCeremony(answer.ceremonyId, 'register', userId);
    let info;
    try {
      const verified = await verifyRegistrationResponse({
        response: answer.response as unknown as RegistrationResponseJSON,
        expectedChallenge: (challenge) => sha256(challenge) === challengeHash,
        expectedOrigin: this.config.origins,
        expectedRPID: this.config.rpId,
        requireUserVerification: true,
      });
      if (!verified.verified) throw new AppError(errors.passkeyRefused);
      info = verified.registrationInfo;
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError(errors.passkeyRefused);
    }
    if ((await this.countOf(userId)) >= MAX_PASSKEYS) throw new AppError(errors.passkeyLimit);
    const inserted = await this.db
      .insert(customerPasskeys)
      .values({
        userId: BigInt(userId),
        credentialId: info.credential.id,
        publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
        counter: info.credential.counter,
        transports: info.credential.transports ?? [],
        name,
        backedUp: info.credentialBackedUp,
        createdAt: this.now(),
      })
      .onConflictDoNothing()
      .returning({ id: customerPasskeys.id });
    // The same authenticator registered twice (excludeCredentials normally prevents it).
    if (inserted.length === 0) throw new AppError(errors.passkeyRefused);
  }

  /**
   * Options for an assertion. With `userId`, only that customer's passkeys are allowed (second factor,
   * step-up); without, any discoverable credential may answer (passkey sign-in).
   */
  async authenticationOptions(
    purpose: Exclude<CeremonyPurpose, 'register'>,
    userId: string | null,
  ): Promise<PasskeyCeremony> {
    const allowed = userId
      ? await this.db
          .select({ credentialId: customerPasskeys.credentialId, transports: customerPasskeys.transports })
          .from(customerPasskeys)
          .where(eq(customerPasskeys.userId, BigInt(userId)))
      : [];
    if (userId && allowed.length === 0) throw new AppError(errors.stepUpMethodUnavailable);
    const options = await generateAuthenticationOptions({
      rpID: this.config.rpId,
      allowCredentials: allowed.map((row) => ({ id: row.credentialId, transports: row.transports as never })),
      userVerification: 'required',
      timeout: CEREMONY_MINUTES * 60_000,
    });
    return { ceremonyId: await this.startCeremony(purpose, userId, options.challenge), options };
  }

  /**
   * Verifies an assertion of a ceremony `purpose` started (for `userId`, or for anyone); answers the
   * customer the passkey belongs to. The ceremony is spent first, so a replayed answer is refused.
   */
  async authenticate(
    purpose: Exclude<CeremonyPurpose, 'register'>,
    answer: PasskeyAnswer,
    userId: string | null,
  ): Promise<string> {
    const challengeHash = await this.spendCeremony(answer.ceremonyId, purpose, userId);
    const response = answer.response as unknown as AuthenticationResponseJSON;
    const [passkey] = await this.db
      .select()
      .from(customerPasskeys)
      .where(eq(customerPasskeys.credentialId, String(response.id)))
      .limit(1);
    if (!passkey || (userId !== null && String(passkey.userId) !== userId))
      throw new AppError(errors.passkeyUnknown);
    let newCounter: number;
    try {
      const verified = await verifyAuthenticationResponse({
        response,
        expectedChallenge: (challenge) => sha256(challenge) === challengeHash,
        expectedOrigin: this.config.origins,
        expectedRPID: this.config.rpId,
        credential: {
          id: passkey.credentialId,
          publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
          counter: passkey.counter,
          transports: passkey.transports as never,
        },
        requireUserVerification: true,
      });
      if (!verified.verified) throw new AppError(errors.passkeyRefused);
      newCounter = verified.authenticationInfo.newCounter;
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof Error && /counter value/i.test(error.message))
        throw new AppError(errors.passkeyCounterRegressed);
      throw new AppError(errors.passkeyRefused);
    }
    // Only forward: two assertions racing cannot move the counter back.
    const moved = await this.db
      .update(customerPasskeys)
      .set({ counter: newCounter, lastUsedAt: this.now() })
      .where(
        and(
          eq(customerPasskeys.id, passkey.id),
          newCounter === 0 ? eq(customerPasskeys.counter, 0) : lt(customerPasskeys.counter, newCounter),
        ),
      )
      .returning({ id: customerPasskeys.id });
    if (moved.length === 0) throw new AppError(errors.passkeyCounterRegressed);
    return String(passkey.userId);
  }

  async rename(userId: string, id: string, name: string): Promise<void> {
    const renamed = await this.db
      .update(customerPasskeys)
      .set({ name })
      .where(and(eq(customerPasskeys.id, BigInt(id)), eq(customerPasskeys.userId, BigInt(userId))))
      .returning({ id: customerPasskeys.id });
    if (renamed.length === 0) throw new AppError(errors.notFound);
  }

  /** Removes one of the customer's passkeys in `tx`; answers its name. */
  async remove(tx: Tx, userId: string, id: string): Promise<string> {
    const [removed] = await tx
      .delete(customerPasskeys)
      .where(and(eq(customerPasskeys.id, BigInt(id)), eq(customerPasskeys.userId, BigInt(userId))))
      .returning({ name: customerPasskeys.name });
    if (!removed) throw new AppError(errors.notFound);
    return removed.name;
  }

  /** Removes every passkey of the customer (staff reset of lost factors). */
  async removeAll(tx: Tx, userId: string): Promise<void> {
    await tx.delete(customerPasskeys).where(eq(customerPasskeys.userId, BigInt(userId)));
  }

  async purgeCeremonies(): Promise<void> {
    await this.db
      .delete(webauthnCeremonies)
      .where(lt(webauthnCeremonies.expiresAt, new Date(this.now().getTime() - 24 * 3_600_000)));
  }

  private async startCeremony(purpose: CeremonyPurpose, userId: string | null, challenge: string) {
    const id = crypto.randomBytes(18).toString('base64url');
    await this.db.insert(webauthnCeremonies).values({
      id,
      userId: userId === null ? null : BigInt(userId),
      purpose,
      challengeHash: sha256(challenge),
      expiresAt: new Date(this.now().getTime() + CEREMONY_MINUTES * 60_000),
    });
    return id;
  }

  /** Spends a live ceremony of this purpose (and customer); answers its challenge's hash. */
  private async spendCeremony(id: string, purpose: CeremonyPurpose, userId: string | null): Promise<string> {
    const now = this.now();
    const [spent] = await this.db
      .update(webauthnCeremonies)
      .set({ consumedAt: now })
      .where(
        and(
          eq(webauthnCeremonies.id, id),
          eq(webauthnCeremonies.purpose, purpose),
          userId === null ? isNull(webauthnCeremonies.userId) : eq(webauthnCeremonies.userId, BigInt(userId)),
          isNull(webauthnCeremonies.consumedAt),
          gt(webauthnCeremonies.expiresAt, now),
        ),
      )
      .returning({ challengeHash: webauthnCeremonies.challengeHash });
    if (!spent) throw new AppError(errors.passkeyCeremonyExpired);
    return spent.challengeHash;
  }
}
