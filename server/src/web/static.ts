import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { failure } from '../http/envelope';
import { errors } from '@swx/shared/contract';
import { readJsonFile } from './json-file';
import { cacheControlFor, RELEASE_PAGE, registerReleases, releasePointer } from './releases';

/** The slice of the server's configuration the web root reads (WEB_ROOT, RELEASES_DIR, REMOTES_FILE). */
export interface WebRootConfig {
  webRoot: string;
  releasesDir: string;
  remotesFile: string | undefined;
}

/**
 * Production web serving: the built shell at `/`, each built module under `/<module>/`, the versioned module
 * releases under `/releases/` (web/releases.ts), and `/remotes.json`: the modules found on disk (or the file
 * named by REMOTES_FILE, `config.remotesFile`), with the released modules' active versions from the release
 * pointer in their place. A module is released or rolled back by changing the pointer (`pnpm release`,
 * `pnpm rollback`) — the shell is not rebuilt. Unknown non-API paths get the shell's index.html (the shell's
 * router redirects unknown routes to `/`).
 */
export async function registerWebRoot(app: FastifyInstance, config: WebRootConfig): Promise<boolean> {
  const shellDist = path.join(config.webRoot, 'shell', 'dist');
  if (!fs.existsSync(path.join(shellDist, 'index.html'))) {
    app.log.warn({ shellDist }, 'no built shell found: run `pnpm build` first; serving the API only');
    return false;
  }
  const modules = fs
    .readdirSync(config.webRoot, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name.startsWith('mf-'))
    .map((entry) => ({ name: entry.name, dist: path.join(config.webRoot, entry.name, 'dist') }))
    .filter((m) => fs.existsSync(path.join(m.dist, 'mf-manifest.json')));

  // Content-hashed files never change: cache them for a year. Entry points (index.html, remoteEntry.js,
  // mf-manifest.json) must be re-read so a redeployed module is picked up. Files are looked up per request
  // (wildcard), so a rebuild needs no restart; `.br`/`.gz` siblings made at build time are sent when accepted.
  const setHeaders = (res: { setHeader(name: string, value: string): void }, filePath: string) => {
    res.setHeader('cache-control', cacheControlFor(filePath));
  };
  // Source maps hold the full source: a build should not make them, and if one is left on disk it is not
  // served (they belong with an error-reporting service, not on the public site).
  const allowedPath = (pathName: string) => !/\.map(\.br|\.gz)?$/i.test(pathName);
  await app.register(fastifyStatic, {
    root: shellDist,
    prefix: '/',
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders,
    allowedPath,
  });
  for (const m of modules) {
    await app.register(fastifyStatic, {
      root: m.dist,
      prefix: `/${m.name}/`,
      decorateReply: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders,
      allowedPath,
    });
  }

  await registerReleases(app, config.releasesDir, allowedPath);

  // `no-cache`: the pointer changes with every release and rollback; a browser asks again each time.
  app.get('/remotes.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    const deployed = config.remotesFile
      ? readJsonFile(config.remotesFile)
      : Object.fromEntries(modules.map((m) => [m.name.replace(/-/g, '_'), `/${m.name}/mf-manifest.json`]));
    return { ...deployed, ...releasePointer(config.releasesDir) };
  });

  const sendIndex = (_request: unknown, reply: FastifyReply) => reply.sendFile('index.html', shellDist);
  app.get('/', { schema: { hide: true } }, sendIndex);
  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const pathname = url.split('?')[0] ?? '';
    const isApi = url.startsWith('/swx/') || url.startsWith('/message') || url.startsWith('/docs');
    // A page inside a release's standalone module page (`/releases/mf-markets/<version>/market`) gets that
    // version's own page; every other page is the shell's. (A version has dots: only the rest is a path.)
    const release = RELEASE_PAGE.exec(pathname);
    if (request.method === 'GET' && release && !path.extname(pathname.slice(release[0].length)))
      return reply.sendFile(path.join(release[1]!, release[2]!, 'index.html'), config.releasesDir);
    if (request.method === 'GET' && !isApi && !release && !path.extname(pathname))
      return sendIndex(request, reply);
    return reply.status(404).send(failure(errors.notFound));
  });
  return true;
}

/**
 * The origins, other than this site, that federated modules load from: the absolute `http(s)` URLs of
 * REMOTES_FILE and of the release pointer. The Content-Security-Policy allows scripts, styles and manifest
 * fetches from them only. Modules served by this server are 'self'. An unreadable file allows no other
 * origin.
 */
export function moduleOrigins(config: Pick<WebRootConfig, 'remotesFile' | 'releasesDir'>): string[] {
  let directory: Record<string, unknown> = {};
  try {
    if (config.remotesFile) directory = { ...readJsonFile(config.remotesFile) };
  } catch {
    directory = {};
  }
  const entries = [...Object.values(directory), ...Object.values(releasePointer(config.releasesDir))];
  const origins = new Set<string>();
  for (const entry of entries) {
    if (typeof entry !== 'string' || !/^https?:\/\//i.test(entry)) continue;
    try {
      origins.add(new URL(entry).origin);
    } catch {
      // Not a URL: the shell ignores the entry as well.
    }
  }
  return [...origins].sort();
}
