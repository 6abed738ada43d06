import { and, count, eq, isNull } from 'drizzle-orm';
import {
  errors,
  type PasskeyAnswer,
  type SecondFactorMethod,
  type TotpEnrolment,
} from '@swx/shared/contract';
import type { Db, Tx } from '../db/client';
import { AppError } from '../http/errors';
import type { SharedAttemptThrottle } from '../guards/shared-counters';
import type { Passkeys } from './passkeys';
import { RECOVERY_CODE_COUNT, hashRecoveryCode, matchRecoveryCode, newRecoveryCode } from './recovery-codes';
import type { CustomerTotp } from './totp';
import { customerRecoveryCodes, customerTotp } from './tables';

/** A proof of a second factor as a request carries it. */
export interface FactorProof {
  method: SecondFactorMethod;
  code?: string | undefined;
  passkey?: PasskeyAnswer | undefined;
}

export interface SecondFactorDeps {
  db: Db;
  totp: CustomerTotp;
  passkeys: Passkeys;
  /** Wrong codes per account, in PostgreSQL: guesses spread over instances are all counted. */
  throttle: SharedAttemptThrottle;
  now: () => Date;
}

/**
 * A customer's second factors: an authenticator app (TOTP) with its recovery codes, and passkeys. Checks a
 * proof for sign-in and step-up; turns TOTP on (first code) and off (a current code); makes new recovery
 * codes. A code is accepted once: a TOTP code's time step and every earlier one are spent, a recovery code is
 * marked used. Wrong codes are throttled per account.
 */
export class SecondFactors {
  constructor(private readonly deps: SecondFactorDeps) {}

  /** What the customer can prove: `totp` and `recovery` with an authenticator on, `passkey` with a passkey. */
  async methodsOf(userId: string): Promise<SecondFactorMethod[]> {
    const methods: SecondFactorMethod[] = [];
    if (await this.totpEnabled(userId)) methods.push('totp', 'recovery');
    if ((await this.deps.passkeys.countOf(userId)) > 0) methods.push('passkey');
    return methods;
  }

  async totpEnabled(userId: string, reader: Db | Tx = this.deps.db): Promise<boolean> {
    const [row] = await reader
      .select({ enabledAt: customerTotp.enabledAt })
      .from(customerTotp)
      .where(eq(customerTotp.userId, BigInt(userId)));
    return Boolean(row?.enabledAt);
  }

  async recoveryCodesLeft(userId: string): Promise<number> {
    const [row] = await this.deps.db
      .select({ n: count() })
      .from(customerRecoveryCodes)
      .where(and(eq(customerRecoveryCodes.userId, BigInt(userId)), isNull(customerRecoveryCodes.usedAt)));
    return Number(row?.n ?? 0);
  }

  /**
   * Checks a proof of one of the customer's factors (`allowed`) and spends it; answers the method used.
   * Passkeys answer the ceremony started for `purpose`.
   */
  async verify(
    userId: string,
    proof: FactorProof,
    allowed: readonly SecondFactorMethod[],
    purpose: 'secondFactor' | 'stepUp',
  ): Promise<SecondFactorMethod> {
    if (!allowed.includes(proof.method)) throw new AppError(errors.stepUpMethodUnavailable);
    if (proof.method === 'passkey') {
      if (!proof.passkey) throw new AppError(errors.passkeyRefused);
      await this.deps.passkeys.authenticate(purpose, proof.passkey, userId);
      return 'passkey';
    }
    const key = `factor:${userId}`;
    await this.deps.throttle.begin(key);
    const code = proof.code?.trim() ?? '';
    const accepted =
      proof.method === 'totp'
        ? await this.spendTotp(userId, code)
        : proof.method === 'recovery'
          ? await this.spendRecoveryCode(userId, code)
          : false;
    if (!accepted) throw new AppError(errors.secondFactorWrong);
    await this.deps.throttle.succeeded(key);
    return proof.method;
  }

  /** A fresh secret for the customer's app (replacing an unconfirmed one); refused while TOTP is on. */
  async enrol(userId: string, label: string): Promise<TotpEnrolment> {
    if (await this.totpEnabled(userId)) throw new AppError(errors.twoFactorAlreadyOn);
    const enrolment = await this.deps.totp.newEnrolment(label);
    const secret = this.deps.totp.seal(userId, enrolment.secret);
    await this.deps.db
      .insert(customerTotp)
      .values({ userId: BigInt(userId), secret, createdAt: this.deps.now() })
      .onConflictDoUpdate({
        target: customerTotp.userId,
        set: { secret, lastStep: null, createdAt: this.deps.now() },
        setWhere: isNull(customerTotp.enabledAt),
      });
    return enrolment;
  }

  /** The first code from the enrolled secret turns TOTP on; answers the first recovery codes. */
  async confirm(userId: string, code: string): Promise<string[]> {
    const key = `factor:${userId}`;
    await this.deps.throttle.begin(key);
    const codes = await this.deps.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(customerTotp)
        .where(eq(customerTotp.userId, BigInt(userId)))
        .for('update');
      if (!row) throw new AppError(errors.twoFactorNotStarted);
      if (row.enabledAt) throw new AppError(errors.twoFactorAlreadyOn);
      const secret = this.deps.totp.open(userId, row.secret);
      const step = this.deps.totp.acceptedStep(secret, code.trim(), this.deps.now().getTime(), row.lastStep);
      if (step === undefined) throw new AppError(errors.secondFactorWrong);
      await tx
        .update(customerTotp)
        .set({ enabledAt: this.deps.now(), lastStep: step })
        .where(eq(customerTotp.userId, row.userId));
      return this.replaceRecoveryCodes(tx, userId);
    });
    await this.deps.throttle.succeeded(key);
    return codes;
  }

  /**
   * Turns TOTP off after a current code (authenticator or recovery); recovery codes go with it. `inside` runs
   * in the same transaction (the withdrawal lock it starts).
   */
  async disable(userId: string, code: string, inside: (tx: Tx) => Promise<void>): Promise<void> {
    if (!(await this.totpEnabled(userId))) throw new AppError(errors.twoFactorNotOn);
    const method = /^[0-9]{6}$/.test(code.trim()) ? 'totp' : 'recovery';
    await this.verify(userId, { method, code }, ['totp', 'recovery'], 'stepUp');
    await this.deps.db.transaction(async (tx) => {
      await tx.delete(customerTotp).where(eq(customerTotp.userId, BigInt(userId)));
      await tx.delete(customerRecoveryCodes).where(eq(customerRecoveryCodes.userId, BigInt(userId)));
      await inside(tx);
    });
  }

  /** A new set of recovery codes; the old set stops working. Only with TOTP on. */
  async regenerateRecoveryCodes(userId: string): Promise<string[]> {
    if (!(await this.totpEnabled(userId))) throw new AppError(errors.twoFactorNotOn);
    return this.deps.db.transaction((tx) => this.replaceRecoveryCodes(tx, userId));
  }

  /** Staff reset of lost factors: authenticator, recovery codes and passkeys all go. */
  async resetAll(tx: Tx, userId: string): Promise<void> {
    await tx.delete(customerTotp).where(eq(customerTotp.userId, BigInt(userId)));
    await tx.delete(customerRecoveryCodes).where(eq(customerRecoveryCodes.userId, BigInt(userId)));
    await this.deps.passkeys.removeAll(tx, userId);
  }

  private async replaceRecoveryCodes(tx: Tx, userId: string): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const hashes = await Promise.all(codes.map(hashRecoveryCode));
    await tx.delete(customerRecoveryCodes).where(eq(customerRecoveryCodes.userId, BigInt(userId)));
    await tx
      .insert(customerRecoveryCodes)
      .values(hashes.map((codeHash) => ({ userId: BigInt(userId), codeHash, createdAt: this.deps.now() })));
    return codes;
  }

  /** Checks a TOTP code and spends its time step, under the row's lock: a replayed code loses. */
  private async spendTotp(userId: string, code: string): Promise<boolean> {
    return this.deps.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(customerTotp)
        .where(eq(customerTotp.userId, BigInt(userId)))
        .for('update');
      if (!row?.enabledAt) return false;
      const secret = this.deps.totp.open(userId, row.secret);
      const step = this.deps.totp.acceptedStep(secret, code, this.deps.now().getTime(), row.lastStep);
      if (step === undefined) return false;
      await tx.update(customerTotp).set({ lastStep: step }).where(eq(customerTotp.userId, row.userId));
      return true;
    });
  }

  /** Checks a recovery code and marks it used; of two uses of one code, the second finds it used. */
  private async spendRecoveryCode(userId: string, code: string): Promise<boolean> {
    const unused = await this.deps.db
      .select({ id: customerRecoveryCodes.id, codeHash: customerRecoveryCodes.codeHash })
      .from(customerRecoveryCodes)
      .where(and(eq(customerRecoveryCodes.userId, BigInt(userId)), isNull(customerRecoveryCodes.usedAt)));
    const id = await matchRecoveryCode(code, unused);
    if (id === undefined) return false;
    const used = await this.deps.db
      .update(customerRecoveryCodes)
      .set({ usedAt: this.deps.now() })
      .where(and(eq(customerRecoveryCodes.id, id), isNull(customerRecoveryCodes.usedAt)))
      .returning({ id: customerRecoveryCodes.id });
    return used.length > 0;
  }
}
