import fc from 'fast-check';
import { oidcProvidersFrom } from '../config';
import { safeReturnTo } from '../return-to';

const google = {
  OIDC_PROVIDERS: 'Google',
  OIDC_GOOGLE_ISSUER: 'https://accounts.google.com',
  OIDC_GOOGLE_CLIENT_ID: 'id',
  OIDC_GOOGLE_CLIENT_SECRET: 'secret',
};

describe('provider configuration', () => {
  it('offers nothing unless providers are listed', () => {
    expect(oidcProvidersFrom({})).toEqual([]);
    expect(oidcProvidersFrom({ OIDC_GOOGLE_ISSUER: 'https://accounts.google.com' })).toEqual([]);
  });

  it('reads a listed provider, always asking for openid', () => {
    expect(oidcProvidersFrom({ ...google, OIDC_GOOGLE_SCOPES: 'email' })).toEqual([
      {
        name: 'google',
        label: 'Google',
        issuer: 'https://accounts.google.com',
        clientId: 'id',
        clientSecret: 'secret',
        scopes: ['email', 'openid'],
        tokenAuth: 'client_secret_post',
      },
    ]);
  });

  it('stops the start on a listed provider that is incomplete, unsafe or unreachable by path', () => {
    expect(() => oidcProvidersFrom({ ...google, OIDC_GOOGLE_CLIENT_SECRET: '' })).toThrow(/CLIENT_SECRET/);
    expect(() => oidcProvidersFrom({ ...google, OIDC_GOOGLE_ISSUER: 'http://idp.example.com' })).toThrow(
      /https/,
    );
    expect(() => oidcProvidersFrom({ OIDC_PROVIDERS: 'dapp' })).toThrow(/dapp/);
    expect(() => oidcProvidersFrom({ OIDC_PROVIDERS: 'a-b' })).toThrow();
    expect(() => oidcProvidersFrom({ ...google, OIDC_PROVIDERS: 'google,google' })).toThrow(/twice/);
    expect(oidcProvidersFrom({ ...google, OIDC_GOOGLE_ISSUER: 'http://127.0.0.1:9000' })).toHaveLength(1);
  });
});

describe('where the callback lands', () => {
  it('keeps paths on this site', () => {
    expect(safeReturnTo('/trade?code=BTC#chart')).toBe('/trade?code=BTC#chart');
    expect(safeReturnTo(undefined)).toBe('/');
  });

  it.each([
    'https://evil.example',
    '//evil.example',
    '/\\evil.example',
    '/a\tb',
    '/pass/login',
    '/api/x',
    'trade',
  ])('refuses %j', (target) => expect(safeReturnTo(target)).toBe('/'));

  it('never answers anything a browser could read as another origin', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (value) => {
        const target = safeReturnTo(value);
        expect(target.startsWith('/')).toBe(true);
        expect(target.startsWith('//')).toBe(false);
        expect(target.includes('\\')).toBe(false);
        expect(new URL(target, 'https://swx.invalid').origin).toBe('https://swx.invalid');
      }),
    );
  });
});
