import { generateSecret, generateURI, verifySync } from 'otplib';
import QRCode from 'qrcode';
import type { StaffTotpEnrolment } from '@swx/shared/contract';
import type { SealScope, SecretBox } from '../platform/crypto';

/** What the authenticator app shows as the account's issuer. */
const ISSUER = 'SWX back office';
/** RFC 6238 defaults every authenticator app supports: SHA-1, 6 digits, 30-second steps. */
const PERIOD_SECONDS = 30;
/** One step either side of the server's: a phone clock a little off, or a code typed as it changes. */
const TOLERANCE_SECONDS = PERIOD_SECONDS;

/** A member's TOTP secret: bound to them and to its kind, so it opens nowhere else. */
export const totpScope = (staffId: string): SealScope => ({ kind: 'staff.totp', owner: `staff:${staffId}` });

/**
 * Staff TOTP secrets and codes. Secrets are sealed under the identity keyring (the platform's `Sealer`, as a `SecretBox`), bound to the staff
 * member by the associated data, so a secret copied to another row does not open; the plain secret exists
 * only in memory while a code is checked, and is never logged.
 */
export class StaffTotp {
  constructor(private readonly vault: SecretBox) {}

  seal(staffId: string, secret: string): string {
    return this.vault.seal(totpScope(staffId), Buffer.from(secret, 'utf8')).toString('base64');
  }

  open(staffId: string, sealed: string): string {
    return this.vault.open(totpScope(staffId), Buffer.from(sealed, 'base64')).toString('utf8');
  }

  /** A fresh secret with its otpauth URI and QR code for the member's app. */
  async newEnrolment(username: string): Promise<StaffTotpEnrolment> {
    const secret = generateSecret({ length: 20 });
    const otpauthUri = generateURI({ issuer: ISSUER, label: username, secret, period: PERIOD_SECONDS });
    const svg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    return { secret, otpauthUri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
  }

  /**
   * The time step `code` belongs to, if it is valid at `nowMs` and later than `lastStep` (a code is accepted
   * once: its step, and every earlier one, is spent when it is used).
   */
  acceptedStep(secret: string, code: string, nowMs: number, lastStep: number | null): number | undefined {
    if (!/^[0-9]{6}$/.test(code)) return undefined;
    const result = verifySync({
      secret,
      token: code,
      period: PERIOD_SECONDS,
      epoch: Math.floor(nowMs / 1000),
      epochTolerance: TOLERANCE_SECONDS,
      ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : undefined;
  }
}
