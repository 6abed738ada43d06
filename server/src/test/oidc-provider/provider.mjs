// A real OpenID Provider (oidc-provider 8.8, the last line supporting Node 20) for tests, run as its own
// process so the server under test talks to it over HTTP exactly as it would to Google or Apple.
// Input: env OIDC_TEST_PROVIDER = {"clients":[{client_id, client_secret, redirect_uris}], "jwk": {RSA private},
// "port": 0}; without a jwk the provider makes its own key, without a port it takes a free one.
// Output: one line of JSON on stdout, {"issuer": "http://127.0.0.1:<port>"}, once it listens.
//
// Accounts come from the login typed on the provider's own login page (any password is accepted):
//   alice@example.com              → sub "alice@example.com", e-mail verified
//   unverified.bob@example.com     → e-mail bob@example.com, NOT verified
//   carol                          → no e-mail at all
import crypto from 'node:crypto';
import http from 'node:http';
import Provider from 'oidc-provider';

const input = JSON.parse(process.env.OIDC_TEST_PROVIDER ?? '{}');
input.jwk ??= {
  ...crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }),
  kid: crypto.randomUUID(),
  alg: 'RS256',
  use: 'sig',
};

function claimsFor(login) {
  if (!login.includes('@')) return { sub: login };
  if (login.startsWith('unverified.'))
    return { sub: login, email: login.slice('unverified.'.length), email_verified: false };
  return { sub: login, email: login, email_verified: true };
}

const server = http.createServer();
server.listen(input.port ?? 0, '127.0.0.1', () => {
  const issuer = `http://127.0.0.1:${server.address().port}`;
  const provider = new Provider(issuer, {
    clients: input.clients.map((client) => ({
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
      ...client,
    })),
    jwks: { keys: [input.jwk] },
    cookies: { keys: ['oidc-test-provider-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    // Scope claims in the ID token itself, as Google and Apple send them.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    findAccount: (ctx, id) => ({ accountId: id, claims: () => claimsFor(id) }),
  });
  // The provider's warnings about its in-memory store are expected in tests.
  provider.on('server_error', (ctx, error) => process.stderr.write(`oidc-provider: ${error.message}\n`));
  server.on('request', provider.callback());
  process.stdout.write(`${JSON.stringify({ issuer })}\n`);
});

process.on('SIGTERM', () => server.close(() => process.exit(0)));
