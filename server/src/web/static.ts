import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { failure } from '../http/envelope';

/**
 * Production web serving: the built shell at `/`, each built module under `/<module>/`, and `/remotes.json`
 * listing the modules found on disk (or the file named by REMOTES_FILE), so a module is redeployed by
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

  await app.register(fastifyStatic, { root: shellDist, prefix: '/', index: false, wildcard: false, decorateReply: true });
  for (const m of modules) {
    await app.register(fastifyStatic, { root: m.dist, prefix: `/${m.name}/`, decorateReply: false, cacheControl: false });
  }

  const remotesFile = process.env.REMOTES_FILE;
  app.get('/remotes.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    if (remotesFile) return JSON.parse(fs.readFileSync(remotesFile, 'utf8'));
    return Object.fromEntries(modules.map((m) => [m.name.replace(/-/g, '_'), `/${m.name}/mf-manifest.json`]));
  });

  const indexHtml = fs.readFileSync(path.join(shellDist, 'index.html'));
  const sendIndex = (_request: unknown, reply: import('fastify').FastifyReply) =>
    reply.header('cache-control', 'no-cache').type('text/html').send(indexHtml);
  app.get('/', { schema: { hide: true } }, sendIndex);
  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const isApi = url.startsWith('/swx/') || url.startsWith('/message') || url.startsWith('/docs');
    if (request.method === 'GET' && !isApi && !path.extname(url.split('?')[0] ?? '')) return sendIndex(request, reply);
    return reply.status(404).send(failure('404'));
  });
  return true;
}
