import crypto from 'node:crypto';

/**
 * Keyed hashes (HMAC-SHA-256) of values staff must find or compare without the value being stored in plain:
 * the same document number always hashes the same, so duplicates are one indexed lookup, while the column
 * alone says nothing to anyone without the index key. The key is a sealed secret (`SealedSecrets`), not a
 * key-encryption key, so a rotation leaves every hash valid. `purpose` separates uses: equal values of two
 * purposes never hash alike.
 */
export class BlindIndex {
  constructor(private readonly key: Buffer) {
    if (key.length < 32) throw new Error('blind index: the key must be at least 32 bytes');
  }

  of(purpose: string, value: string): string {
    return crypto
      .createHmac('sha256', this.key)
      .update(`${purpose}\u0000${value}`, 'utf8')
      .digest('base64url');
  }
}
