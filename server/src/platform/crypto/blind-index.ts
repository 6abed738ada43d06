import crypto from 'node:crypto';
import { SealError } from './keyring';

/**
 * Keyed hashes (HMAC-SHA-256) of values staff must find or compare without the value being stored in plain:
 * the same document number always hashes the same, so duplicates are one indexed lookup, while the column
 * alone says nothing to anyone without the index key. The key is a sealed secret (`SealedSecrets`), not a
 * key-encryption key, so a rotation leaves every hash valid. `purpose` separates uses: equal values of two
 * purposes never hash alike.
 */
export class BlindIndex {
  private readonly key: Buffer | null;
  private readonly failure: SealError | null;

  /** `key`, or the seal error met opening it (the server starts; only what needs the index fails). */
  constructor(key: Buffer | SealError) {
    if (key instanceof SealError) {
      this.key = null;
      this.failure = key;
      return;
    }
    if (key.length < 32) throw new Error('blind index: the key must be at least 32 bytes');
    this.key = key;
    this.failure = null;
  }

  /** The keyed hash of `value` for `purpose`; without its key, the seal error (the request answers `11240`). */
  of(purpose: string, value: string): string {
    if (!this.key) throw this.failure ?? new SealError('unknown-key');
    return crypto
      .createHmac('sha256', this.key)
      .update(`${purpose}\u0000${value}`, 'utf8')
      .digest('base64url');
  }
}
