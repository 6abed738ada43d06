import crypto from 'node:crypto';
import fc from 'fast-check';
import {
  BlindIndex,
  Keyring,
  LegacyVault,
  SealError,
  Sealer,
  isSealed,
  keyIdOf,
  keyringFromEnv,
  splitSealed,
  type SealScope,
} from '../crypto';
import { RETIRED_DEVELOPMENT_KEY } from '../crypto/keyring';
import { sealLegacy } from '../crypto/legacy';

const key = () => crypto.randomBytes(32);
const alice: SealScope = { kind: 'kyc.fields', owner: 'user:1', record: '10' };

function reasonOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof SealError) return error.reason;
    throw error;
  }
  return 'opened';
}

describe('envelope sealing', () => {
  const keyring = new Keyring([['k1', key()]], 'k1');
  const sealer = new Sealer(keyring);

  it('opens what it sealed, for any bytes, and never shows them', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2048 }), (bytes) => {
        const plain = Buffer.from(bytes);
        const sealed = sealer.seal(alice, plain);
        expect(sealer.open(alice, sealed).equals(plain)).toBe(true);
        if (plain.length >= 8) expect(sealed.includes(plain)).toBe(false);
      }),
      { numRuns: 60 },
    );
  });

  it('draws a fresh data key and nonce for every record, and names its key-encryption key', () => {
    const a = sealer.seal(alice, Buffer.from('same'));
    const b = sealer.seal(alice, Buffer.from('same'));
    expect(a.equals(b)).toBe(false);
    expect(splitSealed(a).keyPart.equals(splitSealed(b).keyPart)).toBe(false);
    expect(keyIdOf(a)).toBe('k1');
    expect(isSealed(a)).toBe(true);
    expect(sealer.openJson(alice, sealer.sealJson(alice, { name: 'Mei' }))).toEqual({ name: 'Mei' });
  });

  it('refuses another owner, kind or record: the scope is authenticated with the data', () => {
    const sealed = sealer.seal(alice, Buffer.from('passport'));
    expect(reasonOf(() => sealer.open({ ...alice, owner: 'user:2' }, sealed))).toBe('unauthentic');
    expect(reasonOf(() => sealer.open({ ...alice, kind: 'kyc.signature' }, sealed))).toBe('unauthentic');
    expect(reasonOf(() => sealer.open({ ...alice, record: '11' }, sealed))).toBe('unauthentic');
    expect(reasonOf(() => sealer.open({ kind: alice.kind, owner: alice.owner }, sealed))).toBe('unauthentic');
  });

  it('answers a clean seal error for corrupted, truncated or foreign bytes, and for a missing or wrong key', () => {
    const sealed = sealer.seal(alice, Buffer.from('a signature'));
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: sealed.length - 1 }),
        fc.integer({ min: 1, max: 255 }),
        (at, flip) => {
          const damaged = Buffer.from(sealed);
          damaged[at] = damaged[at]! ^ flip;
          expect(['malformed', 'unknown-key', 'unauthentic']).toContain(
            reasonOf(() => sealer.open(alice, damaged)),
          );
        },
      ),
      { numRuns: 200 },
    );
    for (const length of [0, 3, 10, 60, splitSealed(sealed).keyPart.length + 5])
      expect(reasonOf(() => sealer.open(alice, sealed.subarray(0, length)))).not.toBe('opened');
    expect(reasonOf(() => sealer.open(alice, Buffer.from('%PDF-1.7 plain')))).toBe('malformed');
    const other = new Sealer(new Keyring([['k2', key()]], 'k2'));
    expect(reasonOf(() => other.open(alice, sealed))).toBe('unknown-key');
    const impostor = new Sealer(new Keyring([['k1', key()]], 'k1'));
    expect(reasonOf(() => impostor.open(alice, sealed))).toBe('unauthentic');
    const error = (() => {
      try {
        other.open(alice, sealed);
      } catch (caught) {
        return caught as SealError;
      }
    })();
    expect(error).toMatchObject({ code: '11240', status: 503 });
    expect(error?.message).not.toContain('signature');
  });

  it('rewraps under the active key without touching the data part', () => {
    const k1 = key();
    const old = new Sealer(new Keyring([['k1', k1]], 'k1'));
    const rotated = new Sealer(
      new Keyring(
        [
          ['k1', k1],
          ['k2', key()],
        ],
        'k2',
      ),
    );
    const sealed = old.seal(alice, Buffer.from('contract'));
    const next = rotated.rewrap(alice, sealed)!;
    expect(keyIdOf(next)).toBe('k2');
    expect(splitSealed(next).data.equals(splitSealed(sealed).data)).toBe(true);
    expect(rotated.open(alice, next).toString()).toBe('contract');
    expect(rotated.open(alice, sealed).toString()).toBe('contract');
    expect(rotated.rewrap(alice, next)).toBeNull();
    // A key part alone (a file's data stays on disk) rewraps the same way.
    const { keyPart, data } = splitSealed(sealed);
    const part = rotated.rewrap(alice, keyPart)!;
    expect(rotated.open(alice, Buffer.concat([part, data])).toString()).toBe('contract');
    expect(reasonOf(() => rotated.rewrap({ ...alice, owner: 'user:9' }, sealed))).toBe('unauthentic');
  });
});

describe('the keyring from the environment', () => {
  const hex = key().toString('hex');
  const b64 = key().toString('base64');

  it('is required outside tests, and the error says how to make one', () => {
    for (const nodeEnv of ['production', 'development'] as const) {
      expect(() => keyringFromEnv({}, nodeEnv)).toThrow(/IDENTITY_ENCRYPTION_KEY is required/);
      expect(() => keyringFromEnv({}, nodeEnv)).toThrow(/openssl rand -hex 32/);
    }
    const test = keyringFromEnv({}, 'test');
    expect(test.ids).toEqual(['test']);
    expect(keyringFromEnv({}, 'test')).toBe(test);
  });

  it('reads one key as `primary`, or a keyring with its active key', () => {
    expect(keyringFromEnv({ IDENTITY_ENCRYPTION_KEY: hex }, 'production')).toMatchObject({
      activeId: 'primary',
      ids: ['primary'],
    });
    const ring = keyringFromEnv({ IDENTITY_KEYS: `primary:${hex}, next-2026:${b64}` }, 'production');
    expect(ring.ids).toEqual(['primary', 'next-2026']);
    expect(ring.activeId).toBe('next-2026');
    expect(
      keyringFromEnv({ IDENTITY_KEYS: `a:${hex},b:${b64}`, IDENTITY_ACTIVE_KEY: 'a' }, 'production').activeId,
    ).toBe('a');
  });

  it('refuses wrong keys without showing them', () => {
    const cases: NodeJS.ProcessEnv[] = [
      { IDENTITY_ENCRYPTION_KEY: 'short' },
      { IDENTITY_ENCRYPTION_KEY: key().subarray(0, 16).toString('hex') },
      { IDENTITY_ENCRYPTION_KEY: hex, IDENTITY_KEYS: `a:${hex}` },
      { IDENTITY_KEYS: `a:${hex},a:${b64}` },
      { IDENTITY_KEYS: `:${hex}` },
      { IDENTITY_KEYS: `bad id:${hex}` },
      { IDENTITY_KEYS: `a:${hex}`, IDENTITY_ACTIVE_KEY: 'b' },
      { IDENTITY_ENCRYPTION_KEY: RETIRED_DEVELOPMENT_KEY.toString('hex') },
    ];
    for (const env of cases) {
      let message = '';
      try {
        keyringFromEnv(env, 'production');
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).not.toBe('');
      expect(message).not.toContain(hex);
      expect(message).not.toContain(b64);
    }
  });
});

describe('blind index', () => {
  it('hashes equal values alike, per purpose and key, and hides them', () => {
    const index = new BlindIndex(key());
    expect(index.of('kyc.document', 'X1234567')).toBe(index.of('kyc.document', 'X1234567'));
    expect(index.of('kyc.document', 'X1234567')).not.toBe(index.of('kyc.document', 'X1234568'));
    expect(index.of('kyc.document', 'X1234567')).not.toBe(index.of('other', 'X1234567'));
    expect(new BlindIndex(key()).of('kyc.document', 'X1234567')).not.toBe(
      index.of('kyc.document', 'X1234567'),
    );
    expect(index.of('kyc.document', 'X1234567')).not.toContain('1234567');
  });

  it('without its key (a keyring that cannot open it) answers the seal error, not a crash', () => {
    const index = new BlindIndex(new SealError('unknown-key', 'gone'));
    expect(reasonOf(() => index.of('kyc.document', 'X1234567'))).toBe('unknown-key');
  });
});

describe('the old single-key vault', () => {
  it('is read with any key of the keyring, and the published key only outside production', () => {
    const old = key();
    const ring = new Keyring([['primary', old]], 'primary');
    const blob = sealLegacy(old, 'staff-totp:4', Buffer.from('JBSWY3DP'));
    expect(new LegacyVault(ring, 'production').open('staff-totp:4', blob).toString()).toBe('JBSWY3DP');
    expect(reasonOf(() => new LegacyVault(ring, 'production').open('staff-totp:5', blob))).toBe(
      'unauthentic',
    );
    const development = sealLegacy(RETIRED_DEVELOPMENT_KEY, 'f:1', Buffer.from('photo'));
    expect(new LegacyVault(ring, 'development').open('f:1', development).toString()).toBe('photo');
    expect(reasonOf(() => new LegacyVault(ring, 'production').open('f:1', development))).toBe('unauthentic');
  });
});
