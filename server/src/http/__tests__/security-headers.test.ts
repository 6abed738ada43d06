import fs from 'node:fs';
import { Writable } from 'node:stream';
import pino from 'pino';
import os from 'node:os';
import path from 'node:path';
import { buildApp, installProcessGuards, type App } from '../../app';
import type { TestServer } from '../../test/harness';
import { createStaffTestServer, staffToken } from '../../staff/__tests__/helpers';
import { signUpCustomer } from '../../auth/testing';
import { trustProxyFrom } from '../../config';
import { loggerOptions, redactUrl } from '../logging';

const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';
const MODULE_ORIGIN = 'https://modules.example.test:8443';

/** A built site on disk: the shell, one module, and the source maps a careless build would leave. */
function webRoot(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'swx-web-'));
  const write = (file: string, content: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), content);
  };
  write(
    'shell/dist/index.html',
    '<!doctype html><title>SWX</title><script src="/main.0123456789.js"></script>',
  );
  write('shell/dist/main.0123456789.js', 'console.log(1)');
  write('shell/dist/main.0123456789.js.map', '{"sources":["secret.ts"]}');
  write('mf-markets/dist/mf-manifest.json', '{}');
  write('mf-markets/dist/remoteEntry.js', 'var mf_markets;');
  write('mf-markets/dist/remoteEntry.js.map', '{"sources":["secret.ts"]}');
  write(
    'remotes.json',
    JSON.stringify({
      mf_markets: '/mf-markets/mf-manifest.json',
      mf_trading: `${MODULE_ORIGIN}/mf-manifest.json`,
    }),
  );
  return root;
}

let server: TestServer;
let root: string;
/** The same services behind a load balancer at 10.0.0.1 (TRUST_PROXY=10.0.0.1), serving the built site. */
let behindProxy: App;

beforeAll(async () => {
  root = webRoot();
  server = await createStaffTestServer({
    METRICS_TOKEN,
    WEB_ROOT: root,
    REMOTES_FILE: path.join(root, 'remotes.json'),
    RATE_LOGIN_PER_IP_PER_MINUTE: '3',
  });
  const config = { ...server.config, trustProxy: trustProxyFrom('10.0.0.1') };
  behindProxy = await buildApp({ ...server.services, config }, { serveWeb: true });
  await behindProxy.ready();
}, 240_000);
afterAll(async () => {
  await behindProxy?.close();
  await server?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

function expectBrowserHardening(headers: Record<string, unknown>) {
  const csp = String(headers['content-security-policy']);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
  expect(scriptSrc).toMatch(/^'self'/);
  expect(scriptSrc).not.toMatch(/unsafe|data:|blob:|\*/);
  expect(csp).not.toContain('unsafe-eval');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('same-origin');
}

describe('browser hardening headers', () => {
  it('are on API answers, with no-store for a signed-in customer and no HSTS over plain HTTP', async () => {
    const customer = await signUpCustomer(server);
    const res = await server.app.inject({
      method: 'POST',
      url: '/swx/customer/user/getUserInfo',
      headers: { authorization: customer.token },
    });
    expectBrowserHardening(res.headers);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('mark every staff API answer no-store, even a refusal', async () => {
    const refused = await server.app.inject({ method: 'GET', url: '/swx/admin/openapi.json' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    expectBrowserHardening(refused.headers);
  });

  it('leave a public answer its own caching policy', async () => {
    const logo = await server.app.inject({ method: 'GET', url: '/swx/customer/index/logo/BTCUSDT.svg' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('are on static pages and module files; the CSP allows the configured module origin', async () => {
    for (const url of [
      '/',
      '/trading',
      '/main.0123456789.js',
      '/mf-markets/remoteEntry.js',
      '/remotes.json',
    ]) {
      const res = await behindProxy.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expectBrowserHardening(res.headers);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain(`script-src 'self' ${MODULE_ORIGIN};`);
      expect(csp).toContain(`connect-src 'self' ${MODULE_ORIGIN};`);
    }
  });

  it('never serve a source map', async () => {
    for (const url of ['/main.0123456789.js.map', '/mf-markets/remoteEntry.js.map']) {
      const res = await behindProxy.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('secret.ts');
    }
  });

  it('add HSTS only when the request came over HTTPS through the trusted proxy', async () => {
    const viaProxy = await behindProxy.inject({
      method: 'GET',
      url: '/healthz',
      remoteAddress: '10.0.0.1',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(viaProxy.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const forged = await behindProxy.inject({
      method: 'GET',
      url: '/healthz',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('TRUST_PROXY', () => {
  const login = (app: App, n: number, remoteAddress: string, forwardedFor: string) =>
    app.inject({
      method: 'POST',
      url: '/swx/customer/login/login',
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { account: `nobody_${n}_${remoteAddress}`, password: 'wrongpass1' },
    });

  it('is off by default: a forged X-Forwarded-For does not escape the per-address sign-in limit', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i++)
      codes.push((await login(server.app, i, '198.51.100.7', `192.0.2.${i}`)).statusCode);
    expect(codes.slice(0, 3).every((status) => status !== 429)).toBe(true);
    expect(codes.slice(3)).toEqual([429, 429]);
  });

  it('honours X-Forwarded-For from the configured proxy address, and only from it', async () => {
    const viaProxy: number[] = [];
    for (let i = 0; i < 5; i++)
      viaProxy.push((await login(behindProxy, i, '10.0.0.1', `192.0.2.${i}`)).statusCode);
    expect(viaProxy).not.toContain(429);
    const direct: number[] = [];
    for (let i = 0; i < 5; i++)
      direct.push((await login(behindProxy, i, '198.51.100.8', `192.0.2.${i}`)).statusCode);
    expect(direct.slice(3)).toEqual([429, 429]);
  });

  it('accepts a hop count or addresses, and refuses "true"', () => {
    expect(trustProxyFrom(undefined)).toBe(false);
    expect(trustProxyFrom('0')).toBe(false);
    expect(trustProxyFrom('2')).toBe(2);
    expect(trustProxyFrom('10.0.0.0/8, ::1')).toEqual(['10.0.0.0/8', '::1']);
    expect(() => trustProxyFrom('true')).toThrow(/hop count/);
    expect(() => trustProxyFrom('evil.example')).toThrow(/TRUST_PROXY/);
  });
});

describe('/metrics', () => {
  it('answers only with the metrics token', async () => {
    const none = await server.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    const wrong = await server.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer metrics-token-for-tests-0123456788' },
    });
    expect(wrong.statusCode).toBe(401);
    const right = await server.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('process_cpu_user_seconds_total');
    expect(right.headers['cache-control']).toBe('no-store');
  });

  it('is not served at all when no token is configured', async () => {
    const config = { ...server.config, metricsToken: undefined };
    const app = await buildApp({ ...server.services, config });
    try {
      const res = await app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: '404' });
    } finally {
      await app.close();
    }
  });

  it('counts an uncaught exception and keeps serving (the process-level rule)', async () => {
    const before = new Set(process.listeners('uncaughtException'));
    const remove = installProcessGuards(server.app);
    try {
      const added = process.listeners('uncaughtException').filter((listener) => !before.has(listener));
      expect(added).toHaveLength(1);
      added[0]!(new Error('a handler blew up'), 'uncaughtException');
      const rejection = process.listeners('unhandledRejection').at(-1)!;
      rejection(new Error('a promise nobody awaited'), Promise.resolve());
    } finally {
      remove();
    }
    const metrics = await server.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(metrics.body).toContain('swx_unexpected_failures_total{source="uncaughtException"} 1');
    expect(metrics.body).toContain('swx_unexpected_failures_total{source="unhandledRejection"} 1');
    expect((await server.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect(process.listeners('uncaughtException').filter((l) => !before.has(l))).toHaveLength(0);
  });
});

describe('OpenAPI documents', () => {
  it('the public /docs shows the customer API only', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toContain('/swx/customer/login/login');
    expect(paths.filter((p) => p.startsWith('/swx/admin'))).toEqual([]);
    const yaml = await server.app.inject({ method: 'GET', url: '/docs/yaml' });
    expect(yaml.body).not.toContain('/swx/admin');
    const ui = await server.app.inject({ method: 'GET', url: '/docs/' });
    expect(String(ui.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('the staff document is served to signed-in staff only', async () => {
    const anonymous = await server.app.inject({ method: 'GET', url: '/swx/admin/openapi.json' });
    expect(anonymous.statusCode).toBe(401);
    const res = await server.app.inject({
      method: 'GET',
      url: '/swx/admin/openapi.json',
      headers: { authorization: await staffToken(server) },
    });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths.length).toBeGreaterThan(3);
    expect(paths.every((p) => p.startsWith('/swx/admin'))).toBe(true);
  });
});

describe('logs', () => {
  const SECRET = 'sEcReT-session-token-0123456789abcdef';

  function capture() {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    return { lines, stream };
  }

  it('never contain the token of /message?token=, an Authorization header or a password', async () => {
    const { lines, stream } = capture();
    const config = { ...server.config, logLevel: 'info' };
    const app = await buildApp({ ...server.services, config }, { logStream: stream });
    try {
      await app.inject({ method: 'GET', url: `/message?token=${SECRET}` });
      await app.inject({ method: 'GET', url: `/message?x=1&token=${encodeURIComponent(SECRET)}&y=2` });
      await app.inject({
        method: 'POST',
        url: '/swx/customer/user/getUserInfo',
        headers: { authorization: `Bearer ${SECRET}`, cookie: `session=${SECRET}` },
      });
      await app.inject({
        method: 'POST',
        url: '/swx/customer/login/login',
        payload: { account: 'someone', password: SECRET },
      });
      // A handler that logs what it was given: the redaction still applies.
      app.log.info({ body: { password: SECRET, token: SECRET }, headers: { authorization: SECRET } }, 'x');
    } finally {
      await app.close();
    }
    const output = lines.join('');
    expect(output).toContain('/message?token=[redacted]');
    expect(output).toContain('/message?x=1&token=[redacted]&y=2');
    expect(output).toContain('/swx/customer/user/getUserInfo');
    expect(output).not.toContain(SECRET);
    expect(output).not.toContain(SECRET.slice(0, 20));
  });

  it('redacts the services logger as well (same options)', () => {
    const { lines, stream } = capture();
    const log = pino(loggerOptions('info'), stream);
    log.info({ req: { headers: { authorization: SECRET } }, user: { password: SECRET } }, 'hello');
    expect(lines.join('')).not.toContain(SECRET);
  });

  it('keeps ordinary query parameters and redacts every secret-looking one', () => {
    expect(redactUrl('/swx/customer/list?page=2&code=BTCUSDT')).toBe(
      '/swx/customer/list?page=2&code=[redacted]',
    );
    expect(redactUrl('/a?page=2')).toBe('/a?page=2');
    expect(redactUrl('/a?access%5Ftoken=abc&%E0%A4%A=1')).toBe('/a?access%5Ftoken=[redacted]&%E0%A4%A=1');
    expect(redactUrl('/a')).toBe('/a');
  });
});
