import crypto from 'node:crypto';
import { identityKeyFrom, loadConfig } from '../../config';

describe('IDENTITY_ENCRYPTION_KEY', () => {
  const hex = crypto.randomBytes(32).toString('hex');

  it('is required in production, and the development key is refused there', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/IDENTITY_ENCRYPTION_KEY is required/);
    const development = identityKeyFrom(undefined, 'development');
    expect(() => identityKeyFrom(development.toString('hex'), 'production')).toThrow(/development key/);
    expect(
      loadConfig({ NODE_ENV: 'production', IDENTITY_ENCRYPTION_KEY: hex }).identityEncryptionKey,
    ).toEqual(Buffer.from(hex, 'hex'));
  });

  it('accepts 32 bytes as hex or base64 and nothing else', () => {
    const key = crypto.randomBytes(32);
    expect(identityKeyFrom(key.toString('base64'), 'test')).toEqual(key);
    expect(identityKeyFrom(key.toString('hex'), 'test')).toEqual(key);
    expect(() => identityKeyFrom(crypto.randomBytes(16).toString('hex'), 'test')).toThrow(/32 bytes/);
    expect(() => identityKeyFrom('short', 'development')).toThrow(/32 bytes/);
  });

  it('falls back to the development key only outside production', () => {
    expect(identityKeyFrom(undefined, 'test')).toHaveLength(32);
    expect(identityKeyFrom('', 'development')).toEqual(identityKeyFrom(undefined, 'test'));
  });
});
