import crypto from 'node:crypto';
import { errors } from '@swx/shared/contract';
import { AppError } from '../../http/errors';

/** Key-encryption keys are AES-256 keys. */
export const KEY_BYTES = 32;
/** A key id is stored in every sealed value: short, printable, no separators. */
const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;
/** The id `IDENTITY_ENCRYPTION_KEY` gets: name it in `IDENTITY_KEYS` to rotate away from it. */
export const SINGLE_KEY_ID = 'primary';

/**
 * The key the server used before keyrings existed, published in its source for development: never accepted
 * as a key again. Data a development install sealed with it is read once by the legacy upgrade
 * (`legacy.ts`), outside production only, and sealed again under the configured keyring.
 */
export const RETIRED_DEVELOPMENT_KEY = Buffer.from('swx-development-identity-key-32b', 'utf8');

/** Why sealed data could not be opened. None of them carries the data or a key. */
export type SealFailure = 'malformed' | 'unknown-key' | 'unauthentic';

/**
 * Sealed data that cannot be opened: not a sealed value, sealed under a key the keyring lacks, or not
 * authentic (tampered with, copied to another owner, kind or record, or a wrong key under a known id). An
 * `AppError` with a catalogue code, so a request that meets it answers a clean `11240` (HTTP 503) instead of
 * failing; the message names the reason, never the content.
 */
export class SealError extends AppError {
  constructor(
    readonly reason: SealFailure,
    readonly keyId?: string,
  ) {
    super(errors.protectedDataUnavailable);
    this.name = 'SealError';
  }
}

export function isSealError(error: unknown): error is SealError {
  return error instanceof SealError;
}

/**
 * Key-encryption keys (KEKs) by id, one of them active. The active key wraps every new data key; the others
 * stay only to open data wrapped before a rotation, until `KeyRotation` has wrapped everything again under
 * the active one. Keys never leave this object except to the envelope code in this folder.
 */
export class Keyring {
  private readonly keys: ReadonlyMap<string, Buffer>;

  constructor(
    keys: Iterable<readonly [string, Buffer]>,
    readonly activeId: string,
  ) {
    const map = new Map<string, Buffer>();
    for (const [id, key] of keys) {
      if (!KEY_ID.test(id)) throw new Error(`key id "${id}" must be 1-32 letters, digits, "_" or "-"`);
      if (key.length !== KEY_BYTES) throw new Error(`key "${id}" must be ${KEY_BYTES} bytes`);
      if (map.has(id)) throw new Error(`key id "${id}" is listed twice`);
      if (key.equals(RETIRED_DEVELOPMENT_KEY))
        throw new Error(`key "${id}" is the published development key: make your own`);
      map.set(id, Buffer.from(key));
    }
    if (!map.has(activeId)) throw new Error(`the active key "${activeId}" is not in the keyring`);
    this.keys = map;
  }

  /** A keyring of one fresh random key (tests; nothing it seals outlives the process). */
  static ephemeral(id = 'ephemeral'): Keyring {
    return new Keyring([[id, crypto.randomBytes(KEY_BYTES)]], id);
  }

  get ids(): string[] {
    return [...this.keys.keys()];
  }

  has(id: string): boolean {
    return this.keys.has(id);
  }

  /** The key under `id`; a key the keyring lacks is an `unknown-key` seal error. */
  key(id: string): Buffer {
    const key = this.keys.get(id);
    if (!key) throw new SealError('unknown-key', id);
    return key;
  }

  /** Every key, for reading data sealed before keyrings (its format names no key). */
  allKeys(): Buffer[] {
    return [...this.keys.values()];
  }
}

const HOW_TO_MAKE_ONE =
  "Make one with `openssl rand -hex 32` (or `node -e \"console.log(require('crypto').randomBytes(32).toString('hex'))\"`), " +
  'set IDENTITY_ENCRYPTION_KEY=<64 hex digits> (or IDENTITY_KEYS=<id>:<key>,... with IDENTITY_ACTIVE_KEY), ' +
  'and keep it out of the data folder and its backups: data sealed with a lost key cannot be read again. ' +
  'scripts/start.sh makes one per data folder.';

/** 32 bytes from 64 hex digits or base64. */
export function parseKey(text: string, name: string): Buffer {
  const value = text.trim();
  const hex = /^[0-9a-fA-F]{64}$/.test(value);
  if (!hex && !/^[A-Za-z0-9+/]{43}=?$/.test(value))
    throw new Error(`${name} must be ${KEY_BYTES} bytes: 64 hex digits or base64. ${HOW_TO_MAKE_ONE}`);
  return Buffer.from(value, hex ? 'hex' : 'base64');
}

/**
 * The keyring from the environment (docs/configuration.md):
 * - `IDENTITY_KEYS=<id>:<key>,<id>:<key>` with `IDENTITY_ACTIVE_KEY=<id>` (default: the last listed), or
 * - `IDENTITY_ENCRYPTION_KEY=<key>`, a keyring of one key under the id `primary`.
 * Required unless NODE_ENV is `test`, where a missing key means a random one for this process.
 */
export function keyringFromEnv(
  env: NodeJS.ProcessEnv,
  nodeEnv: 'production' | 'development' | 'test',
): Keyring {
  const list = env.IDENTITY_KEYS?.trim() ?? '';
  const single = env.IDENTITY_ENCRYPTION_KEY?.trim() ?? '';
  if (list && single)
    throw new Error(
      `Set IDENTITY_KEYS or IDENTITY_ENCRYPTION_KEY, not both (list the single key as "${SINGLE_KEY_ID}:<key>" in IDENTITY_KEYS)`,
    );
  if (single)
    return new Keyring([[SINGLE_KEY_ID, parseKey(single, 'IDENTITY_ENCRYPTION_KEY')]], SINGLE_KEY_ID);
  if (list) {
    const entries = list
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
      .map((entry): [string, Buffer] => {
        const at = entry.indexOf(':');
        if (at <= 0) throw new Error(`IDENTITY_KEYS entries are <id>:<key>, got one without an id`);
        const id = entry.slice(0, at);
        return [id, parseKey(entry.slice(at + 1), `IDENTITY_KEYS key "${id}"`)];
      });
    const active = env.IDENTITY_ACTIVE_KEY?.trim() || entries[entries.length - 1]![0];
    return new Keyring(entries, active);
  }
  if (nodeEnv === 'test') return testKeyring();
  throw new Error(
    `IDENTITY_ENCRYPTION_KEY is required (NODE_ENV=${nodeEnv}): it encrypts identity documents, personal data, ` +
      `contracts and staff two-factor secrets at rest. ${HOW_TO_MAKE_ONE}`,
  );
}

let processTestKeyring: Keyring | undefined;

/** Under NODE_ENV=test without a key: one random key for the whole process (every test server shares it). */
function testKeyring(): Keyring {
  processTestKeyring ??= Keyring.ephemeral('test');
  return processTestKeyring;
}
