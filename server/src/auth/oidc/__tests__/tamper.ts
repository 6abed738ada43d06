import crypto from 'node:crypto';
import type { TestProvider } from '../../../test/oidc-provider';

type Claims = Record<string, unknown>;

const b64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');

/** Signs `claims` as an RS256 JWT with `jwk` (the provider's own private key, or a stranger's). */
export function signIdToken(claims: Claims, jwk: crypto.JsonWebKey & { kid: string }): string {
  const header = b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid: jwk.kid }));
  const payload = b64url(JSON.stringify(claims));
  const key = crypto.createPrivateKey({ key: jwk, format: 'jwk' });
  const signature = crypto.sign('sha256', Buffer.from(`${header}.${payload}`), key);
  return `${header}.${payload}.${b64url(signature)}`;
}

/**
 * A fetch for openid-client that passes everything through to the real provider, except that the token
 * endpoint's ID token is replaced by `rewrite(original claims)`, signed by `signer` (default: the provider's
 * own key). It models a token substituted on the way: only the one claim the test changes is wrong.
 */
export function tamperingFetch(provider: TestProvider) {
  const state: { rewrite?: (claims: Claims) => Claims; signer?: crypto.JsonWebKey & { kid: string } } = {};
  const customFetch = async (url: string, options: RequestInit): Promise<Response> => {
    const response = await fetch(url, options);
    if (!state.rewrite || !url.endsWith('/token') || !response.ok) return response;
    const body = (await response.json()) as { id_token: string } & Record<string, unknown>;
    const original = JSON.parse(Buffer.from(body.id_token.split('.')[1]!, 'base64url').toString()) as Claims;
    body.id_token = signIdToken(state.rewrite(original), state.signer ?? provider.jwk);
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { customFetch, state };
}
