import path from 'node:path';

// Beside the suite's own port (E2E_PORT, default 4173), so parallel runs on one machine do not collide.
const basePort = Number(process.env.E2E_PORT ?? 4173);
// (+1 is free, +2 the fixture, +3 the SMTP catcher by default.)
const ports = { google: basePort + 7, apple: basePort + 8 };

/**
 * The two OpenID Providers of the e2e run: two issuers (two processes of the test provider), so identities
 * from each are distinct, as with two real providers. Started by the Playwright configuration before the
 * server, which is configured with them (OIDC_* variables).
 */
export function socialProviderSetup(baseUrl: string) {
  const script = path.resolve(
    __dirname,
    '..',
    '..',
    'server',
    'src',
    'test',
    'oidc-provider',
    'provider.mjs',
  );
  const providers = {
    google: { port: ports.google, clientId: 'swx-e2e-google', clientSecret: 'e2e-google-secret-0123456789' },
    apple: { port: ports.apple, clientId: 'swx-e2e-apple', clientSecret: 'e2e-apple-secret-0123456789' },
  };
  const webServers = Object.entries(providers).map(([name, p]) => ({
    command: `node ${script}`,
    url: `http://127.0.0.1:${p.port}/.well-known/openid-configuration`,
    env: {
      OIDC_TEST_PROVIDER: JSON.stringify({
        port: p.port,
        clients: [
          {
            client_id: p.clientId,
            client_secret: p.clientSecret,
            redirect_uris: [`${baseUrl}/api/loginCallback/${name}`],
          },
        ],
      }),
    },
    reuseExistingServer: false,
    timeout: 30_000,
  }));
  const serverEnv: Record<string, string> = { OIDC_PROVIDERS: Object.keys(providers).join(',') };
  for (const [name, p] of Object.entries(providers)) {
    const key = name.toUpperCase();
    serverEnv[`OIDC_${key}_ISSUER`] = `http://127.0.0.1:${p.port}`;
    serverEnv[`OIDC_${key}_CLIENT_ID`] = p.clientId;
    serverEnv[`OIDC_${key}_CLIENT_SECRET`] = p.clientSecret;
    serverEnv[`OIDC_${key}_SCOPES`] = 'openid email';
  }
  return { webServers, serverEnv };
}

export const socialProviders = {
  google: { issuer: `http://127.0.0.1:${ports.google}` },
  apple: { issuer: `http://127.0.0.1:${ports.apple}` },
};
