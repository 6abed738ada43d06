import { generateSecret, generateURI, verifySync } from 'otplib';
import QRCode from 'qrcode';
import type { TotpEnrolment } from '@swx/shared/contract';
import type { SealScope, SecretBox } from '../platform/crypto';

/** What the authenticator app shows as the account's issuer. */
const ISSUER = 'SWX';
/** RFC 6238 defaults every authenticator app supports: SHA-1, 6 digits, 30-second steps. */
const PERIOD_SECONDS = 30;
/** One step either side of the server's: a phone clock a little off, or a code typed as it changes. */
const TOLERANCE_SECONDS = PERIOD_SECONDS;

/** A customer's TOTP secret: bound to them and to its kind, so it opens nowhere else. */
export const customerTotpScope = (userId: string): SealScope => ({
  kind: 'customer.totp',
  owner: `user:${userId}`,
});

/**
 * Customers' TOTP secrets and codes. A secret is sealed with its own data key under the identity keyring (the
 * platform's `Sealer`, which also seals staff TOTP secrets and identity data), bound to its customer (a
 * secret copied to another row does not open), and stored in base64; it exists in plain only in memory while
 * a code is checked, and is never logged. A secret whose key left the keyring answers `11240`.
 */
export class CustomerTotp {
  constructor(private readonly box: SecretBox) {}

  seal(userId: string, secret: string): string {
    return this.box.seal(customerTotpScope(userId), Buffer.from(secret, 'utf8')).toString('base64');
  }

  open(userId: string, sealed: string): string {
    return this.box.open(customerTotpScope(userId), Buffer.from(sealed, 'base64')).toString('utf8');
  }

  /** A fresh secret with its otpauth URI and QR code for the customer's app. */
  async newEnrolment(label: string): Promise<TotpEnrolment> {
    const secret = generateSecret({ length: 20 });
    const otpauthUri = generateURI({ issuer: ISSUER, label, secret, period: PERIOD_SECONDS });
    const svg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    return { secret, otpauthUri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
  }

  /**
   * The time step `code` belongs to, if it is valid at `nowMs` and later than `lastStep`: a code is accepted
   * once, and its step and every earlier one are spent when it is used.
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
