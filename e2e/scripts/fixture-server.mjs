// Serves the built fixture modules (fixtures/mf-fixture/dist) on another origin than the site, with the
// CORS header a real module host sends, so the shell's cross-origin manifest and chunk loading is tested.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// FIXTURE_ROOT and FIXTURE_PREFIX make it any module host: release.spec.ts serves a releases folder under
// /cdn/ from it, as a CDN on another origin would.
const root = path.resolve(
  process.env.FIXTURE_ROOT ??
    path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'mf-fixture', 'dist'),
);
const prefix = (process.env.FIXTURE_PREFIX ?? '').replace(/\/+$/, '');
const port = Number(process.env.FIXTURE_PORT ?? 4175);
const types = {
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.css': 'text/css',
  '.html': 'text/html',
  '.map': 'application/json',
};

http
  .createServer((request, response) => {
    response.setHeader('Access-Control-Allow-Origin', '*');
    const url = new URL(request.url ?? '/', 'http://fixture');
    if (url.pathname === '/health') {
      response.end('ok');
      return;
    }
    if (prefix && !url.pathname.startsWith(`${prefix}/`)) {
      response.statusCode = 404;
      response.end('not found');
      return;
    }
    const local = decodeURIComponent(url.pathname.slice(prefix.length));
    const file = path.join(root, path.normalize(local).replace(/^([/\\])+/, ''));
    if (!file.startsWith(root + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      response.statusCode = 404;
      response.end('not found');
      return;
    }
    response.setHeader('Content-Type', types[path.extname(file)] ?? 'application/octet-stream');
    response.setHeader('Cache-Control', 'no-cache');
    fs.createReadStream(file).pipe(response);
  })
  .listen(port, '127.0.0.1', () => console.log(`fixture modules on http://127.0.0.1:${port}`));
