import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  errors,
  type AddAddressBody,
  type AddressBook as AddressBookView,
  type CashierCoin,
  type CashierNetwork,
  type OwnSession,
  type PasskeyAnswer,
  type PasskeyCeremony,
  type Passkey,
  type RecoveryCodes,
  type SecurityOverview,
  type TotpEnrolment,
  type UserInfo,
} from '@swx/shared/contract';
import type { WebAuthnConfig } from './passkeys';
import type { Db, Tx } from '../db/client';
import { AppError } from '../http/errors';
import type { Mailer } from '../mail/mailer';
import type { MailLanguage } from '../mail/mail';
import { verificationCodeMail } from '../mail/verification-code';
import type { AuthService } from '../auth/service';
import type { NotificationsService } from '../notifications/service';
import type { ParamsService } from '../params/service';
import type { UnitOfWork } from '../platform/unit-of-work';
import type { SharedAttemptThrottle } from '../guards/shared-counters';
import { AddressBook, cleanLabel } from './address-book';
import { SECURITY_CODE_MINUTES, SecurityCodes } from './codes';
import { describeAgent } from './devices';
import { WithdrawalLocks } from './locks';
import { SecurityNotices } from './notices';
import { Passkeys } from './passkeys';
import { SecondFactors } from './second-factor';
import { SignInSecurity } from './sign-in';
import { StepUp, type StepUpSession } from './step-up';
import { CustomerTotp } from './totp';
import type { SecretBox } from '../platform/crypto';
import { customerSecuritySettings } from './tables';

export { StepUp, type StepUpSession } from './step-up';

export interface SecurityServiceOptions {
  db: Db;
  units: UnitOfWork;
  auth: AuthService;
  mailer: Mailer;
  notifications: Pick<NotificationsService, 'add'>;
  params: Pick<ParamsService, 'getInteger' | 'getDecimal'>;
  /** Seals TOTP secrets under the identity keyring, as staff TOTP secrets are (the platform's `Sealer`). */
  vault: SecretBox;
  webAuthn: WebAuthnConfig;
  publicUrl: string;
  /** Wrong second-factor codes per account, counted in PostgreSQL. */
  factorThrottle: SharedAttemptThrottle;
  log: FastifyBaseLogger;
}

/** Where a withdrawal is going, as the cashier checks it. */
export interface WithdrawalTarget {
  method: 'crypto' | 'bank';
  coin: CashierCoin;
  network: CashierNetwork | null;
  address: string | null;
}

/**
 * Customer account security (docs/security.md, "Customer account security"), the domain's published
 * surface: second factors and passkeys, step-up (`stepUp`), the sign-in hooks (`signIn`), sessions and
 * history, the withdrawal address book, withdrawal locks, the anti-phishing code and e-mail changes.
 */
export class SecurityService {
  /** The domain's clock; tests move it (cooling-off periods, locks, step-up windows, code expiry). */
  clock: { now: () => Date } = { now: () => new Date() };
  readonly stepUp: StepUp;
  readonly signIn: SignInSecurity;
  readonly factors: SecondFactors;
  readonly passkeys: Passkeys;
  readonly addresses: AddressBook;
  readonly locks: WithdrawalLocks;
  readonly notices: SecurityNotices;
  private readonly codes: SecurityCodes;

  constructor(private readonly options: SecurityServiceOptions) {
    const now = () => this.clock.now();
    const { db, params } = options;
    const emailOf = async (userId: string) => (await options.auth.userInfo(userId)).email;
    this.codes = new SecurityCodes(db, now);
    this.passkeys = new Passkeys(db, options.webAuthn, now);
    this.factors = new SecondFactors({
      db,
      totp: new CustomerTotp(options.vault),
      passkeys: this.passkeys,
      throttle: options.factorThrottle,
      now,
    });
    this.locks = new WithdrawalLocks(db, () => params.getDecimal('security_lock_hours'), now);
    this.addresses = new AddressBook(
      db,
      () => params.getDecimal('withdrawal_address_cooling_off_hours'),
      now,
    );
    this.notices = new SecurityNotices(db, options.mailer, emailOf, options.log, now);
    this.stepUp = new StepUp({
      db,
      factors: this.factors,
      passkeys: this.passkeys,
      codes: this.codes,
      mailer: options.mailer,
      emailOf,
      windowMinutes: () => params.getInteger('step_up_minutes'),
      now,
    });
    this.signIn = new SignInSecurity({
      db,
      units: options.units,
      auth: options.auth,
      factors: this.factors,
      passkeys: this.passkeys,
      locks: this.locks,
      notices: this.notices,
      notifications: options.notifications,
      mailer: options.mailer,
      emailOf,
      publicUrl: options.publicUrl,
      log: options.log,
      now,
    });
  }

  // ---- the Security page ----

  async overview(session: StepUpSession): Promise<SecurityOverview> {
    const { userId } = session;
    const [info, settings] = await Promise.all([this.options.auth.userInfo(userId), this.settings(userId)]);
    return {
      email: info.email,
      twoFactor: {
        enabled: await this.factors.totpEnabled(userId),
        recoveryCodesLeft: await this.factors.recoveryCodesLeft(userId),
      },
      passkeys: await this.passkeys.list(userId),
      antiPhishingCode: settings.antiPhishingCode,
      whitelistMode: settings.whitelistMode,
      lock: await this.locks.current(userId),
      stepUp: await this.stepUp.status(session),
    };
  }

  /** The anti-phishing code of the customer an address belongs to (the mailer's lookup). */
  async antiPhishingFor(email: string): Promise<string | null> {
    const account = await this.options.auth.accountByEmail(email.toLowerCase());
    return account ? (await this.settings(String(account.userId))).antiPhishingCode : null;
  }

  // ---- two-factor (TOTP), recovery codes ----

  async enrolTotp(userId: string): Promise<TotpEnrolment> {
    const info = await this.options.auth.userInfo(userId);
    return this.factors.enrol(userId, info.username);
  }

  /** The first code turns TOTP on: a proof of it, so this session counts as stepped up. */
  async confirmTotp(session: StepUpSession, code: string, language: MailLanguage): Promise<RecoveryCodes> {
    const recoveryCodes = await this.factors.confirm(session.userId, code);
    await this.notices.record(this.options.db, session.userId, 'twoFactorOn');
    await this.stepUp.grant(session, 'totp');
    await this.notices.mail(session.userId, 'twoFactorOn', { language });
    return { recoveryCodes };
  }

  /** Turning TOTP off needs a current code, and locks withdrawals. */
  async disableTotp(userId: string, code: string, language: MailLanguage): Promise<void> {
    let lockedUntil: Date | null = null;
    await this.factors.disable(userId, code, async (tx) => {
      lockedUntil = await this.locks.lock(tx, userId, 'twoFactorOff');
      await this.notices.record(tx, userId, 'twoFactorOff');
    });
    await this.notices.mail(userId, 'twoFactorOff', { language, lockedUntil });
  }

  async regenerateRecoveryCodes(userId: string, language: MailLanguage): Promise<RecoveryCodes> {
    const recoveryCodes = await this.factors.regenerateRecoveryCodes(userId);
    await this.notices.record(this.options.db, userId, 'recoveryCodes');
    await this.notices.mail(userId, 'recoveryCodes', { language });
    return { recoveryCodes };
  }

  // ---- passkeys ----

  async passkeyOptions(userId: string): Promise<PasskeyCeremony> {
    const info = await this.options.auth.userInfo(userId);
    return this.passkeys.registrationOptions(userId, info.username);
  }

  async addPasskey(
    userId: string,
    answer: PasskeyAnswer,
    rawName: string,
    language: MailLanguage,
  ): Promise<Passkey[]> {
    const name = cleanLabel(rawName);
    if (!name) throw new AppError(errors.passkeyNameInvalid);
    await this.passkeys.register(userId, answer, name);
    await this.notices.record(this.options.db, userId, 'passkeyAdded', name);
    await this.notices.mail(userId, 'passkeyAdded', { language, detail: name });
    return this.passkeys.list(userId);
  }

  async renamePasskey(userId: string, id: string, rawName: string): Promise<Passkey[]> {
    const name = cleanLabel(rawName);
    if (!name) throw new AppError(errors.passkeyNameInvalid);
    await this.passkeys.rename(userId, id, name);
    return this.passkeys.list(userId);
  }

  async removePasskey(userId: string, id: string, language: MailLanguage): Promise<Passkey[]> {
    const name = await this.options.db.transaction(async (tx) => {
      const removed = await this.passkeys.remove(tx, userId, id);
      await this.notices.record(tx, userId, 'passkeyRemoved', removed);
      return removed;
    });
    await this.notices.mail(userId, 'passkeyRemoved', { language, detail: name });
    return this.passkeys.list(userId);
  }

  // ---- the withdrawal address book, whitelist mode ----

  async addressBook(userId: string): Promise<AddressBookView> {
    const settings = await this.settings(userId);
    return {
      whitelistMode: settings.whitelistMode,
      coolingOffHours: this.options.params.getDecimal('withdrawal_address_cooling_off_hours').toNumber(),
      lock: await this.locks.current(userId),
      addresses: await this.addresses.list(userId),
    };
  }

  /** Adds an address and e-mails its confirmation code. */
  async addAddress(userId: string, body: AddAddressBody, language: MailLanguage): Promise<AddressBookView> {
    const entry = await this.addresses.add(userId, body);
    await this.mailAddressCode(userId, entry.id, language);
    return this.addressBook(userId);
  }

  async resendAddressCode(userId: string, id: string, language: MailLanguage): Promise<void> {
    const entry = await this.addresses.entry(userId, id);
    if (entry.confirmedAt) throw new AppError(errors.addressAlreadyConfirmed);
    await this.mailAddressCode(userId, id, language);
  }

  async confirmAddress(userId: string, id: string, code: string): Promise<AddressBookView> {
    const entry = await this.addresses.entry(userId, id);
    if (entry.confirmedAt) throw new AppError(errors.addressAlreadyConfirmed);
    const codeId = await this.codes.check(userId, 'address', id, code);
    await this.options.db.transaction(async (tx) => {
      await this.codes.spend(tx, codeId);
      await this.addresses.confirm(tx, userId, id);
    });
    return this.addressBook(userId);
  }

  async removeAddress(userId: string, id: string): Promise<AddressBookView> {
    await this.addresses.remove(userId, id);
    return this.addressBook(userId);
  }

  /** Whitelist mode on (any time) or off (a sensitive action: the route asks for a step-up first). */
  async setWhitelist(userId: string, enabled: boolean, language: MailLanguage): Promise<AddressBookView> {
    const before = await this.settings(userId);
    await this.saveSettings(userId, { whitelistMode: enabled });
    if (before.whitelistMode && !enabled) {
      await this.notices.record(this.options.db, userId, 'whitelistOff');
      await this.notices.mail(userId, 'whitelistOff', { language });
    }
    return this.addressBook(userId);
  }

  /**
   * Whether a withdrawal may leave now (`at`): refused with 11211 while a lock is in force, and with 11212
   * in whitelist mode unless a crypto address is confirmed in the book and past its cooling-off period.
   * The cashier asks at the quote, at submission and again before paying out.
   */
  async checkWithdrawal(
    userId: string,
    target: WithdrawalTarget,
    reader: Db | Tx = this.options.db,
    at: Date = this.clock.now(),
  ): Promise<void> {
    const lock = await this.locks.current(userId, reader, at);
    if (lock) throw new AppError(errors.withdrawalLocked, `Withdrawals are locked until ${lock.until}`);
    if (target.method !== 'crypto' || !target.network || !target.address) return;
    if (!(await this.settings(userId, reader)).whitelistMode) return;
    const usable = await this.addresses.usable(
      userId,
      { coin: target.coin, network: target.network, address: target.address },
      at,
      reader,
    );
    if (!usable) throw new AppError(errors.addressNotWhitelisted);
  }

  // ---- anti-phishing code, e-mail address ----

  async setAntiPhishing(
    session: StepUpSession,
    code: string | null,
    language: MailLanguage,
  ): Promise<SecurityOverview> {
    const cleaned = code === null ? null : cleanAntiPhishing(code);
    if (code !== null && !cleaned) throw new AppError(errors.antiPhishingInvalid);
    await this.saveSettings(session.userId, { antiPhishingCode: cleaned });
    await this.notices.record(this.options.db, session.userId, 'antiPhishing');
    await this.notices.mail(session.userId, 'antiPhishing', { language });
    return this.overview(session);
  }

  /** E-mails a code to the new address (it must be free). */
  async sendEmailCode(userId: string, rawEmail: string, language: MailLanguage): Promise<void> {
    const email = rawEmail.trim().toLowerCase();
    if (await this.options.auth.accountByEmail(email)) throw new AppError(errors.emailTaken);
    const code = await this.codes.issue(userId, 'email', email);
    await this.options.mailer.send(
      verificationCodeMail({ to: email, code, scene: 'email', minutes: SECURITY_CODE_MINUTES, language }),
    );
  }

  /** The new address, proven by its code: the old address is told, and withdrawals lock. */
  async changeEmail(
    userId: string,
    rawEmail: string,
    code: string,
    language: MailLanguage,
  ): Promise<UserInfo> {
    const email = rawEmail.trim().toLowerCase();
    const codeId = await this.codes.check(userId, 'email', email, code);
    let lockedUntil: Date | null = null;
    const { userInfo, previous } = await this.options.auth.changeEmail(userId, email, async (tx) => {
      await this.codes.spend(tx, codeId);
      lockedUntil = await this.locks.lock(tx, userId, 'emailChange');
      await this.notices.record(tx, userId, 'emailChange', email);
    });
    // Both addresses hear of it: the old one is where an owner whose account was taken would look.
    for (const to of new Set([previous, email].filter((address): address is string => Boolean(address))))
      await this.notices.mail(userId, 'emailChange', { language, detail: email, lockedUntil, to });
    return userInfo;
  }

  // ---- sessions ----

  async sessions(userId: string, currentTokenHash: string): Promise<OwnSession[]> {
    const rows = await this.options.auth.sessionsOf(userId);
    return rows.map((row) => ({
      id: row.tokenHash.slice(0, 16),
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      current: row.tokenHash === currentTokenHash,
      ...describeAgent(row.userAgent),
      address: row.address,
    }));
  }

  async revokeSession(userId: string, currentTokenHash: string, handle: string): Promise<OwnSession[]> {
    if (!(await this.options.auth.revokeSession(userId, handle)))
      throw new AppError(errors.customerSessionNotFound);
    return this.sessions(userId, currentTokenHash);
  }

  async revokeOtherSessions(userId: string, currentTokenHash: string): Promise<OwnSession[]> {
    await this.options.auth.revokeSessions(userId, currentTokenHash);
    return this.sessions(userId, currentTokenHash);
  }

  // ---- settings, housekeeping ----

  async settings(
    userId: string,
    reader: Db | Tx = this.options.db,
  ): Promise<{ antiPhishingCode: string | null; whitelistMode: boolean }> {
    const [row] = await reader
      .select()
      .from(customerSecuritySettings)
      .where(eq(customerSecuritySettings.userId, BigInt(userId)));
    // No row: a new account's defaults (whitelist mode on).
    return { antiPhishingCode: row?.antiPhishingCode ?? null, whitelistMode: row?.whitelistMode ?? true };
  }

  /** What expires: codes, ceremonies, step-up proofs, old history and tickets. */
  async purgeExpired(): Promise<void> {
    await this.codes.purge();
    await this.passkeys.purgeCeremonies();
    await this.stepUp.purge();
    await this.signIn.purge();
  }

  private async saveSettings(
    userId: string,
    values: Partial<{ antiPhishingCode: string | null; whitelistMode: boolean }>,
  ): Promise<void> {
    const current = await this.settings(userId);
    const next = { ...current, ...values, updatedAt: this.clock.now() };
    await this.options.db
      .insert(customerSecuritySettings)
      .values({ userId: BigInt(userId), ...next })
      .onConflictDoUpdate({ target: customerSecuritySettings.userId, set: next });
  }

  private async mailAddressCode(userId: string, id: string, language: MailLanguage): Promise<void> {
    const entry = await this.addresses.entry(userId, id);
    const email = (await this.options.auth.userInfo(userId)).email;
    if (!email) throw new AppError(errors.stepUpMethodUnavailable);
    const code = await this.codes.issue(userId, 'address', id);
    await this.options.mailer.send(
      verificationCodeMail({
        to: email,
        code,
        scene: 'address',
        minutes: SECURITY_CODE_MINUTES,
        language,
        detail: `“${entry.label}” (${entry.coin}, ${entry.network}) ${entry.address}`,
      }),
    );
  }
}

/**
 * An anti-phishing code as stored: NFC, single spaces, 4 to 20 letters (any script), digits and spaces.
 * Null when it breaks the rule.
 */
export function cleanAntiPhishing(raw: string): string | null {
  const code = raw.normalize('NFC').replace(/\s+/gu, ' ').trim();
  const length = [...code].length;
  return length >= 4 && length <= 20 && /^[\p{L}\p{N}]+( [\p{L}\p{N}]+)*$/u.test(code) ? code : null;
}
