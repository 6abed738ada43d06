import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import readline from 'node:readline';

/** The provider script; e2e starts the same file. */
export const PROVIDER_SCRIPT = path.join(__dirname, 'provider.mjs');

export interface TestClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

export interface TestProvider {
  issuer: string;
  /** The provider's private signing key (JWK): tests sign tampered ID tokens with the provider's own key. */
  jwk: crypto.JsonWebKey & { kid: string };
  stop: () => Promise<void>;
}

/** Starts a real OpenID Provider (oidc-provider 8.8) in a child process on a free loopback port. */
export async function startTestProvider(clients: TestClient[]): Promise<TestProvider> {
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: crypto.randomUUID(), alg: 'RS256', use: 'sig' };
  const child = spawn(process.execPath, [PROVIDER_SCRIPT], {
    env: { ...process.env, NODE_OPTIONS: '', OIDC_TEST_PROVIDER: JSON.stringify({ clients, jwk }) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const issuer = await new Promise<string>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! });
    lines.once('line', (line) => resolve((JSON.parse(line) as { issuer: string }).issuer));
    child.once('exit', (code) => reject(new Error(`test provider exited (${code}): ${stderr}`)));
  });
  return { issuer, jwk, stop: () => stopChild(child) };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/**
 * Goes through the provider's own pages as a browser would (login form, then consent form), following
 * redirects with a cookie jar, and returns the query string the provider sends back to `redirectUri`.
 * `deny` aborts at the consent page instead.
 */
export async function signInAtProvider(
  authorizationUrl: string,
  redirectUri: string,
  login: string,
  options: { deny?: boolean } = {},
): Promise<string> {
  const cookies = new Map<string, string>();
  const request = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return response;
  };
  let url = authorizationUrl;
  for (let step = 0; step < 12; step++) {
    if (url.startsWith(redirectUri)) return new URL(url).search;
    const response = await request(url);
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url).href;
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`test provider: no form at ${url} (${response.status})`);
    const prompt = /name="prompt" value="([a-z]+)"/.exec(html)?.[1];
    if (prompt === 'consent' && options.deny) {
      const abort = /href="([^"]*\/abort)"/.exec(html)?.[1];
      if (!abort) throw new Error('test provider: no abort link on the consent page');
      url = new URL(abort, url).href;
      continue;
    }
    const body = new URLSearchParams(
      prompt === 'login' ? { prompt, login, password: 'any' } : { prompt: prompt ?? '' },
    );
    const posted = await request(new URL(action, url).href, {
      method: 'POST',
      body: body.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const next = posted.headers.get('location');
    if (!next) throw new Error(`test provider: form at ${url} answered ${posted.status}`);
    url = new URL(next, url).href;
  }
  throw new Error('test provider: too many steps');
}
