import crypto from 'node:crypto';

/**
 * A passkey authenticator in software, for server tests: P-256 keys, "none" attestation, a signature counter
 * the test can set (to replay an old one). It builds the same bytes a browser's authenticator returns, so
 * the server's real verification (SimpleWebAuthn) runs on them; the end-to-end test uses Chromium's own
 * virtual authenticator instead.
 */

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor> | { [key: string]: Cbor };

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  const out = Buffer.alloc(3);
  out[0] = (major << 5) | 25;
  out.writeUInt16BE(length, 1);
  return out;
}

/** The CBOR subset WebAuthn uses: small integers, byte and text strings, maps. */
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (bytes: Uint8Array | string) => crypto.createHash('sha256').update(bytes).digest();

export interface SoftOptions {
  origin: string;
  rpId: string;
}

export class SoftAuthenticator {
  readonly credentialId = crypto.randomBytes(32);
  private readonly keys = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  counter = 0;
  /** Set false to leave out user verification (a key touched without its PIN). */
  userVerified = true;
  private userHandle = '';

  constructor(private readonly site: SoftOptions) {}

  get id(): string {
    return b64url(this.credentialId);
  }

  /** The answer to registration options (`options.challenge`, `options.user.id`). */
  register(options: { challenge: string; user: { id: string } }) {
    this.userHandle = options.user.id;
    const jwk = this.keys.publicKey.export({ format: 'jwk' }) as { x: string; y: string };
    const cose = cbor(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x, 'base64url')],
        [-3, Buffer.from(jwk.y, 'base64url')],
      ]),
    );
    const length = Buffer.alloc(2);
    length.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      sha256(this.site.rpId),
      Buffer.from([0x01 | (this.userVerified ? 0x04 : 0) | 0x40]),
      this.counterBytes(),
      Buffer.alloc(16),
      length,
      this.credentialId,
      cose,
    ]);
    const clientDataJSON = JSON.stringify({
      type: 'webauthn.create',
      challenge: options.challenge,
      origin: this.site.origin,
    });
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(cbor({ fmt: 'none', attStmt: {}, authData })),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /** The answer to authentication options; the counter moves on by one first. */
  assert(options: { challenge: string }, overrides: { counter?: number; id?: string } = {}) {
    this.counter = overrides.counter ?? this.counter + 1;
    const authData = Buffer.concat([
      sha256(this.site.rpId),
      Buffer.from([0x01 | (this.userVerified ? 0x04 : 0)]),
      this.counterBytes(),
    ]);
    const clientDataJSON = JSON.stringify({
      type: 'webauthn.get',
      challenge: options.challenge,
      origin: this.site.origin,
    });
    const signature = crypto.sign(
      'sha256',
      Buffer.concat([authData, sha256(clientDataJSON)]),
      this.keys.privateKey,
    );
    const id = overrides.id ?? this.id;
    return {
      id,
      rawId: id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: this.userHandle,
      },
      clientExtensionResults: {},
    };
  }

  private counterBytes(): Buffer {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32BE(this.counter);
    return bytes;
  }
}
