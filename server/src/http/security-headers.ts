import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** One year, with subdomains: the site is only ever served over HTTPS once a browser has seen this. */
const HSTS = 'max-age=31536000; includeSubDomains';

/** How long the module origins read for the CSP are reused before `/remotes.json` is read again. */
export const MODULE_ORIGINS_REFRESH_MS = 1000;

export interface SecurityHeaderOptions {
  /**
   * Origins (`https://cdn.example`) of the federated modules listed in `/remotes.json` and the release
   * pointer, read again at most once a second (`MODULE_ORIGINS_REFRESH_MS`): a module moved to another origin
   * is allowed without a restart. Modules served by this server are 'self'.
   */
  moduleOrigins: () => readonly string[];
  /** Milliseconds now, for the refresh (tests); `Date.now` by default. */
  now?: () => number;
}

/**
 * `moduleOrigins` joined for the CSP, read again once `MODULE_ORIGINS_REFRESH_MS` passed: reading them costs
 * file system calls, and every answer carries the CSP (five reads per answer before issue 31, one per
 * directive).
 */
function refreshedModules(options: SecurityHeaderOptions): () => string {
  const now = options.now ?? Date.now;
  let readAt = -Infinity;
  let joined = '';
  return () => {
    const at = now();
    if (at - readAt >= MODULE_ORIGINS_REFRESH_MS) {
      joined = options.moduleOrigins().join(' ');
      readAt = at;
    }
    return joined;
  };
}

/**
 * The Content-Security-Policy of every answer. Scripts come only from this site and the configured module
 * origins (no inline script, no eval): webpack's output is external files, and the Module Federation runtime
 * adds `<script src>` / `<link href>` tags for remote entries and chunks. Styles: the extracted CSS files
 * (host and modules) and inline styles, because Highcharts inserts `<style>` elements for its charts (seen
 * as violations on the market page in Chromium); a style cannot run code, so scripts stay strict.
 * `connect-src 'self'` covers the API and the same-origin `ws:`/`wss:` socket (CSP level 3), plus the module
 * origins for their `mf-manifest.json`.
 */
function cspDirectives(modules: string) {
  const withModules = (...own: string[]) => (modules ? [...own, modules] : own);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: withModules("'self'"),
    scriptSrcAttr: ["'none'"],
    styleSrc: withModules("'self'", "'unsafe-inline'"),
    imgSrc: withModules("'self'", 'data:', 'blob:'),
    fontSrc: withModules("'self'", 'data:'),
    connectSrc: withModules("'self'"),
    workerSrc: ["'self'", 'blob:'],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    // The site may be served over plain HTTP on a private address (tests, a demo): no forced upgrade.
    upgradeInsecureRequests: null,
  };
}

/** A header helmet sets (its value) or removes (null). */
type HeaderOp = [name: string, value: string | null];

/** What helmet's middleware does to an answer's headers with these module origins: the same for every answer. */
function helmetHeaders(modules: string): HeaderOp[] {
  const middleware = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(modules) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: false,
    // Module files may be loaded from another origin's page only through CORS, which they do not send.
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  const ops: HeaderOp[] = [];
  const recorder = {
    setHeader: (name: string, value: unknown) => void ops.push([name, String(value)]),
    removeHeader: (name: string) => void ops.push([name, null]),
  };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return ops;
}

/** Requests whose answer belongs to one signed-in customer or member of staff. */
function isAuthenticated(request: FastifyRequest): boolean {
  if (request.headers.authorization) return true;
  return request.url.startsWith('/swx/admin/') || request.url === '/swx/admin';
}

/**
 * Browser hardening for every answer (API, pages, module files): CSP with `frame-ancestors 'none'` and
 * `X-Frame-Options: DENY` against clickjacking, `nosniff`, `Referrer-Policy`, HSTS only when the request
 * came over HTTPS (TLS here, or `X-Forwarded-Proto: https` from a trusted proxy: never on plain HTTP, where
 * a browser ignores it anyway and a misconfigured proxy would pin the site to HTTPS), and `no-store` on
 * every API answer of a signed-in customer or of the staff API, and on every API answer without a caching
 * policy of its own.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: SecurityHeaderOptions,
): Promise<void> {
  // Worked out once per set of module origins: @fastify/helmet built helmet's middleware again for every
  // request (its options parsed and checked each time), and the middleware itself wrote the CSP anew each
  // time; together about 7 % of the server's CPU per order in issue 31's profile.
  const modules = refreshedModules(options);
  let current: { modules: string; headers: HeaderOp[] } | undefined;
  app.addHook('onRequest', (request, reply, done) => {
    const now = modules();
    if (current?.modules !== now) current = { modules: now, headers: helmetHeaders(now) };
    const raw = reply.raw;
    for (const [name, value] of current.headers)
      if (value === null) raw.removeHeader(name);
      else raw.setHeader(name, value);
    done();
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    const url = request.url;
    if (url.startsWith('/swx/') || url === '/metrics' || url.startsWith('/metrics?')) {
      if (isAuthenticated(request) || !reply.hasHeader('cache-control'))
        reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
