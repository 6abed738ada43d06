import crypto from 'node:crypto';
import { SealError, type Keyring } from './keyring';

/**
 * Whose data a sealed value is and what it is: authenticated with the ciphertext (AES-GCM associated data),
 * so a value copied to another owner, kind or record does not open. `owner` names the data subject
 * (`user:42`, `staff:7`, `platform`); `kind` the sort of record (`kyc.fields`, `kyc.photo`, `staff.totp`);
 * `record`, when given, the one record (a file id, a loan id).
 */
export interface SealScope {
  kind: string;
  owner: string;
  record?: string;
}

const MAGIC = Buffer.from('SWXE', 'latin1');
const VERSION = 1;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const DATA_KEY_BYTES = 32;
/** Longest key part: header, the longest key id, nonce, tag, wrapped data key. */
export const KEY_PART_MAX = MAGIC.length + 2 + 32 + NONCE_BYTES + TAG_BYTES + DATA_KEY_BYTES;

/** True when `bytes` starts like a sealed value (or a key part alone). */
export function isSealed(bytes: Buffer): boolean {
  return bytes.length > MAGIC.length + 2 && bytes.subarray(0, MAGIC.length).equals(MAGIC);
}

interface KeyPart {
  keyId: string;
  nonce: Buffer;
  tag: Buffer;
  wrapped: Buffer;
  /** Bytes of the key part; what follows is the data part. */
  length: number;
}

function readKeyPart(sealed: Buffer): KeyPart {
  if (!isSealed(sealed) || sealed[MAGIC.length] !== VERSION) throw new SealError('malformed');
  const idLength = sealed[MAGIC.length + 1]!;
  let at = MAGIC.length + 2;
  const keyId = sealed.subarray(at, (at += idLength)).toString('latin1');
  const nonce = sealed.subarray(at, (at += NONCE_BYTES));
  const tag = sealed.subarray(at, (at += TAG_BYTES));
  const wrapped = sealed.subarray(at, (at += DATA_KEY_BYTES));
  if (idLength === 0 || wrapped.length !== DATA_KEY_BYTES) throw new SealError('malformed');
  return { keyId, nonce, tag, wrapped, length: at };
}

/** The id of the key-encryption key a sealed value's data key is wrapped under. */
export function keyIdOf(sealed: Buffer): string {
  return readKeyPart(sealed).keyId;
}

/**
 * A sealed value in two: the key part (header, key id, wrapped data key: under 100 bytes) and the data part
 * (nonce, tag, ciphertext). Large records keep the data part in a file and the key part in their row, so a
 * rotation rewrites rows, never files; `open` takes the two concatenated again.
 */
export function splitSealed(sealed: Buffer): { keyPart: Buffer; data: Buffer } {
  const { length } = readKeyPart(sealed);
  return { keyPart: sealed.subarray(0, length), data: sealed.subarray(length) };
}

const associated = (purpose: 'key' | 'data', scope: SealScope, keyId?: string) =>
  Buffer.from(
    JSON.stringify([
      `swx:${purpose}:v${VERSION}`,
      scope.kind,
      scope.owner,
      scope.record ?? null,
      keyId ?? null,
    ]),
    'utf8',
  );

function encrypt(key: Buffer, plain: Buffer, aad: Buffer): { nonce: Buffer; tag: Buffer; body: Buffer } {
  const nonce = crypto.randomBytes(NONCE_BYTES);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(aad);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return { nonce, tag: cipher.getAuthTag(), body };
}

function decrypt(key: Buffer, nonce: Buffer, tag: Buffer, body: Buffer, aad: Buffer, keyId: string): Buffer {
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, nonce);
    decipher.setAAD(aad);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]);
  } catch {
    throw new SealError('unauthentic', keyId);
  }
}

/**
 * Envelope encryption (docs/security.md, "Data at rest"). Every `seal` draws a fresh data key, encrypts the
 * record with it (AES-256-GCM, random 96-bit nonce, the scope as associated data) and wraps the data key
 * under the keyring's active key-encryption key (AES-256-GCM again, the scope and key id as associated data).
 * The result carries the key id, so any key still in the keyring opens it, and `rewrap` moves a value to the
 * active key by re-encrypting its 32-byte data key only: the data part stays byte for byte.
 *
 * Layout: `SWXE` | version | key id length | key id | wrap nonce | wrap tag | wrapped data key — the key
 * part — then data nonce | data tag | ciphertext. Everything is synchronous (small records and files read
 * into memory); plaintext and data keys exist only while a call runs.
 */
export class Sealer {
  constructor(private readonly keyring: Keyring) {}

  get activeKeyId(): string {
    return this.keyring.activeId;
  }

  /** Whether the keyring still holds `keyId` (values under a dropped key cannot be opened). */
  knowsKey(keyId: string): boolean {
    return this.keyring.has(keyId);
  }

  seal(scope: SealScope, plain: Buffer): Buffer {
    const dataKey = crypto.randomBytes(DATA_KEY_BYTES);
    try {
      const data = encrypt(dataKey, plain, associated('data', scope));
      return Buffer.concat([this.wrap(scope, dataKey), data.nonce, data.tag, data.body]);
    } finally {
      dataKey.fill(0);
    }
  }

  open(scope: SealScope, sealed: Buffer): Buffer {
    const part = readKeyPart(sealed);
    const rest = sealed.subarray(part.length);
    if (rest.length < NONCE_BYTES + TAG_BYTES) throw new SealError('malformed', part.keyId);
    const dataKey = this.unwrap(scope, part);
    try {
      return decrypt(
        dataKey,
        rest.subarray(0, NONCE_BYTES),
        rest.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES),
        rest.subarray(NONCE_BYTES + TAG_BYTES),
        associated('data', scope),
        part.keyId,
      );
    } finally {
      dataKey.fill(0);
    }
  }

  sealText(scope: SealScope, text: string): Buffer {
    return this.seal(scope, Buffer.from(text, 'utf8'));
  }

  openText(scope: SealScope, sealed: Buffer): string {
    return this.open(scope, sealed).toString('utf8');
  }

  sealJson(scope: SealScope, value: unknown): Buffer {
    return this.seal(scope, Buffer.from(JSON.stringify(value), 'utf8'));
  }

  /** The JSON a value was sealed from; text that is not JSON is a `malformed` seal error. */
  openJson<T>(scope: SealScope, sealed: Buffer): T {
    const text = this.openText(scope, sealed);
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new SealError('malformed');
    }
  }

  /**
   * `sealed` (a whole value, or a key part alone) with its data key wrapped under the active key, or null
   * when it already is. Whatever follows the key part is returned unchanged.
   */
  rewrap(scope: SealScope, sealed: Buffer): Buffer | null {
    const part = readKeyPart(sealed);
    if (part.keyId === this.keyring.activeId) return null;
    const dataKey = this.unwrap(scope, part);
    try {
      return Buffer.concat([this.wrap(scope, dataKey), sealed.subarray(part.length)]);
    } finally {
      dataKey.fill(0);
    }
  }

  private wrap(scope: SealScope, dataKey: Buffer): Buffer {
    const keyId = this.keyring.activeId;
    const wrapped = encrypt(this.keyring.key(keyId), dataKey, associated('key', scope, keyId));
    const id = Buffer.from(keyId, 'latin1');
    return Buffer.concat([
      MAGIC,
      Buffer.from([VERSION, id.length]),
      id,
      wrapped.nonce,
      wrapped.tag,
      wrapped.body,
    ]);
  }

  private unwrap(scope: SealScope, part: KeyPart): Buffer {
    const kek = this.keyring.key(part.keyId);
    return decrypt(kek, part.nonce, part.tag, part.wrapped, associated('key', scope, part.keyId), part.keyId);
  }
}

/**
 * What a domain that seals small secrets needs of the sealer (staff and customer TOTP secrets): handed in by
 * the composition root, so every secret is sealed by the one `Sealer` over the identity keyring.
 */
export type SecretBox = Pick<Sealer, 'seal' | 'open'>;
