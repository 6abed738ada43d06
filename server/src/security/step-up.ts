import { and, eq, gt, lt } from 'drizzle-orm';
import {
  errors,
  type SecondFactorMethod,
  type SensitiveAction,
  type StepUpGranted,
  type StepUpStarted,
  type StepUpStatus,
} from '@swx/shared/contract';
import type { Db } from '../db/client';
import { AppError } from '../http/errors';
import type { Mailer } from '../mail/mailer';
import type { MailLanguage } from '../mail/mail';
import { verificationCodeMail } from '../mail/verification-code';
import { SECURITY_CODE_MINUTES, type SecurityCodes } from './codes';
import type { Passkeys } from './passkeys';
import type { FactorProof, SecondFactors } from './second-factor';
import { stepUpGrants } from './tables';

/** The session asking: its customer and its token's hash (the proof belongs to this session only). */
export interface StepUpSession {
  userId: string;
  tokenHash: string;
}

export interface StepUpDeps {
  db: Db;
  factors: SecondFactors;
  passkeys: Passkeys;
  codes: SecurityCodes;
  mailer: Mailer;
  /** The customer's e-mail address ('' when they have none), for the e-mailed code. */
  emailOf: (userId: string) => Promise<string>;
  /** `step_up_minutes`: how long one proof counts. */
  windowMinutes: () => number;
  now: () => Date;
}

/** `a***@example.com`: enough for the customer to recognise the address, not to learn it. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

/**
 * Step-up for sensitive actions (docs/architecture.md, "Step-up"): a fresh proof of a second factor — an
 * authenticator code, a recovery code, a passkey, or an e-mailed code for a customer with none — recorded
 * for the session that gave it and good for `step_up_minutes`. A route names its action and calls
 * `require` (or uses the `app.stepUp(action)` preHandler); without a fresh proof the answer is 11200 and the
 * screen asks for one in place, then repeats the request.
 */
export class StepUp {
  constructor(private readonly deps: StepUpDeps) {}

  /** Refuses with 11200 unless this session proved a second factor within the window. */
  async require(session: StepUpSession, action: SensitiveAction): Promise<void> {
    void action; // Named by every caller: the list of sensitive actions lives in the contract.
    const [grant] = await this.deps.db
      .select({ expiresAt: stepUpGrants.expiresAt })
      .from(stepUpGrants)
      .where(
        and(
          eq(stepUpGrants.tokenHash, session.tokenHash),
          eq(stepUpGrants.userId, BigInt(session.userId)),
          gt(stepUpGrants.expiresAt, this.deps.now()),
        ),
      );
    if (!grant) throw new AppError(errors.stepUpRequired);
  }

  /** The ways this customer confirms: their second factors, or an e-mailed code when they have none. */
  async methods(userId: string): Promise<SecondFactorMethod[]> {
    const factors = await this.deps.factors.methodsOf(userId);
    if (factors.length > 0) return factors;
    return (await this.deps.emailOf(userId)) ? ['email'] : [];
  }

  async status(session: StepUpSession): Promise<StepUpStatus> {
    const [grant] = await this.deps.db
      .select({ expiresAt: stepUpGrants.expiresAt })
      .from(stepUpGrants)
      .where(and(eq(stepUpGrants.tokenHash, session.tokenHash), gt(stepUpGrants.expiresAt, this.deps.now())));
    return {
      methods: await this.methods(session.userId),
      validUntil: grant?.expiresAt.toISOString() ?? null,
      windowMinutes: this.deps.windowMinutes(),
    };
  }

  /** Starts a proof that needs a first step: the e-mailed code is sent, or the passkey ceremony begins. */
  async start(
    session: StepUpSession,
    method: 'email' | 'passkey',
    language: MailLanguage,
  ): Promise<StepUpStarted> {
    const methods = await this.methods(session.userId);
    if (!methods.includes(method)) throw new AppError(errors.stepUpMethodUnavailable);
    if (method === 'passkey')
      return {
        passkey: await this.deps.passkeys.authenticationOptions('stepUp', session.userId),
        sentTo: null,
      };
    const email = await this.deps.emailOf(session.userId);
    const code = await this.deps.codes.issue(session.userId, 'stepUp', '');
    await this.deps.mailer.send(
      verificationCodeMail({ to: email, code, scene: 'stepUp', minutes: SECURITY_CODE_MINUTES, language }),
    );
    return { passkey: null, sentTo: maskEmail(email) };
  }

  /** Checks the proof and records it for this session; answers until when it counts. */
  async verify(session: StepUpSession, proof: FactorProof): Promise<StepUpGranted> {
    const methods = await this.methods(session.userId);
    if (!methods.includes(proof.method)) throw new AppError(errors.stepUpMethodUnavailable);
    if (proof.method === 'email') {
      const id = await this.deps.codes.check(session.userId, 'stepUp', '', proof.code?.trim() ?? '');
      await this.deps.codes.spend(this.deps.db, id);
    } else {
      await this.deps.factors.verify(session.userId, proof, methods, 'stepUp');
    }
    return this.grant(session, proof.method);
  }

  /**
   * Records a proof given another way (turning TOTP on with its first code, a sign-in's second factor
   * just now): the session may go on without being asked again at once.
   */
  async grant(session: StepUpSession, method: SecondFactorMethod): Promise<StepUpGranted> {
    const now = this.deps.now();
    const expiresAt = new Date(now.getTime() + this.deps.windowMinutes() * 60_000);
    await this.deps.db
      .insert(stepUpGrants)
      .values({
        tokenHash: session.tokenHash,
        userId: BigInt(session.userId),
        method,
        verifiedAt: now,
        expiresAt,
      })
      .onConflictDoUpdate({ target: stepUpGrants.tokenHash, set: { method, verifiedAt: now, expiresAt } });
    return { validUntil: expiresAt.toISOString() };
  }

  async purge(): Promise<void> {
    await this.deps.db
      .delete(stepUpGrants)
      .where(lt(stepUpGrants.expiresAt, new Date(this.deps.now().getTime() - 3_600_000)));
  }
}
