import crypto from 'node:crypto';
import { RETIRED_DEVELOPMENT_KEY, SealError, type Keyring } from './keyring';

/** The identity vault's format before envelopes: `SWXI` 0x01 | IV | tag | ciphertext, one key for all. */
const LEGACY_MAGIC = Buffer.from('SWXI\x01', 'latin1');
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function isLegacySealed(bytes: Buffer): boolean {
  return (
    bytes.length >= LEGACY_MAGIC.length + IV_BYTES + TAG_BYTES && bytes.subarray(0, 5).equals(LEGACY_MAGIC)
  );
}

/**
 * Reads data sealed by the old single-key vault (`kyc/vault.ts`, removed), so the start-up upgrade and the
 * rotation can seal it again as envelopes. Its format names no key, so every key of the keyring is tried (the
 * old `IDENTITY_ENCRYPTION_KEY` is the keyring's `primary` key), and outside production the retired,
 * published development key too: a development install's data moves to the install's own key once.
 * Associated data was `<id>:<owner>` (a file id and its owner's user id, or `staff-totp:<staff id>`).
 */
export class LegacyVault {
  private readonly keys: Buffer[];

  constructor(keyring: Keyring, nodeEnv: 'production' | 'development' | 'test') {
    this.keys = [...keyring.allKeys(), ...(nodeEnv === 'production' ? [] : [RETIRED_DEVELOPMENT_KEY])];
  }

  open(associatedData: string, sealed: Buffer): Buffer {
    if (!isLegacySealed(sealed)) throw new SealError('malformed');
    let at = LEGACY_MAGIC.length;
    const iv = sealed.subarray(at, (at += IV_BYTES));
    const tag = sealed.subarray(at, (at += TAG_BYTES));
    for (const key of this.keys) {
      try {
        const decipher = crypto.createDecipheriv('aes-256-gcm', key, iv);
        decipher.setAAD(Buffer.from(associatedData));
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(sealed.subarray(at)), decipher.final()]);
      } catch {
        // The next key, if any.
      }
    }
    throw new SealError('unauthentic');
  }
}

/** Seals like the old vault did (tests of the upgrade path make legacy data with it). */
export function sealLegacy(key: Buffer, associatedData: string, plain: Buffer): Buffer {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(associatedData));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([LEGACY_MAGIC, iv, cipher.getAuthTag(), body]);
}
