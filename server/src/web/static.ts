import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config';
import { failure } from '../http/envelope';
import { errors } from '@swx/shared/contract';

/**
 * Production web serving: the built shell at `/`, each built module under `/<module>/`, and `/remotes.json`
 * listing the modules found on disk (or the file named by REMOTES_FILE, `config.remotesFile`), so a module is redeployed by
 * replacing its folder — the shell is not rebuilt. Unknown non-API paths get the shell's index.html (the
 * shell's router redirects unknown routes to `/`).
 */
export async function registerWebRoot(app: FastifyInstance, config: Config): Promise<boolean> {
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
    const hashed = /\.[0-9a-f]{8,}\.(js|css|svg|png|woff2?)(\.br|\.gz)?$/.test(filePath);
    res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
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

  app.get('/remotes.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    if (config.remotesFile) return readRemotesFile(config.remotesFile);
    return Object.fromEntries(modules.map((m) => [m.name.replace(/-/g, '_'), `/${m.name}/mf-manifest.json`]));
  });

  const sendIndex = (_request: unknown, reply: FastifyReply) => reply.sendFile('index.html', shellDist);
  app.get('/', { schema: { hide: true } }, sendIndex);
  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const isApi = url.startsWith('/swx/') || url.startsWith('/message') || url.startsWith('/docs');
    if (request.method === 'GET' && !isApi && !path.extname(url.split('?')[0] ?? ''))
      return sendIndex(request, reply);
    return reply.status(404).send(failure(errors.notFound));
  });
  return true;
}

let remotesCache: { file: string; mtimeMs: number; directory: Record<string, unknown> } | undefined;

/** The remotes file, re-read when it changes (modules are moved by editing it, without a restart). */
function readRemotesFile(file: string): Record<string, unknown> {
  const { mtimeMs } = fs.statSync(file);
  if (remotesCache?.file !== file || remotesCache.mtimeMs !== mtimeMs)
    remotesCache = { file, mtimeMs, directory: JSON.parse(fs.readFileSync(file, 'utf8')) };
  return remotesCache.directory;
}

/**
 * The origins, other than this site, that federated modules load from: the absolute `http(s)` URLs of
 * REMOTES_FILE. The Content-Security-Policy allows scripts, styles and manifest fetches from them only.
 * Modules found on disk are served by this server ('self'). An unreadable file allows no other origin.
 */
export function moduleOrigins(config: Pick<Config, 'remotesFile'>): string[] {
  if (!config.remotesFile) return [];
  let directory: Record<string, unknown>;
  try {
    directory = readRemotesFile(config.remotesFile);
  } catch {
    return [];
  }
  const origins = new Set<string>();
  for (const entry of Object.values(directory ?? {})) {
    if (typeof entry !== 'string' || !/^https?:\/\//i.test(entry)) continue;
    try {
      origins.add(new URL(entry).origin);
    } catch {
      // Not a URL: the shell ignores the entry as well.
    }
  }
  return [...origins].sort();
}
