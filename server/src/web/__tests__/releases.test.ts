import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { registerSecurityHeaders } from '../../http/security-headers';
import { moduleOrigins, registerWebRoot } from '../static';

// The web root as a deployment has it: a built shell, one module built on disk, and a releases folder with
// two versions of mf-markets and the pointer the release commands write (scripts/release).
let root: string;
let releasesDir: string;
let app: FastifyInstance;
let config: Pick<Config, 'webRoot' | 'remotesFile' | 'releasesDir'>;

function write(file: string, content: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

function writePointer(pointer: Record<string, string>) {
  // As the release commands do: a new file renamed over the old one.
  const file = path.join(releasesDir, 'remotes.json');
  write(`${file}.tmp`, JSON.stringify(pointer));
  fs.renameSync(`${file}.tmp`, file);
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'swx-web-releases-'));
  releasesDir = path.join(root, 'releases');
  write(path.join(root, 'shell', 'dist', 'index.html'), '<title>shell</title>');
  write(path.join(root, 'mf-trading', 'dist', 'mf-manifest.json'), '{"name":"mf_trading"}');
  for (const version of ['0.1.0-1', '0.1.0-2']) {
    const dir = path.join(releasesDir, 'mf-markets', version);
    write(path.join(dir, 'mf-manifest.json'), JSON.stringify({ name: 'mf_markets', version }));
    write(path.join(dir, 'remoteEntry.js'), `/* ${version} */`);
    write(path.join(dir, '216.e7538adbdc.js'), `/* chunk of ${version} */`);
    write(path.join(dir, 'index.html'), `<title>standalone ${version}</title>`);
    write(path.join(dir, 'release.json'), '{}');
  }
  write(path.join(releasesDir, 'history.jsonl'), '{}\n');
  config = { webRoot: root, remotesFile: undefined, releasesDir };
  app = Fastify();
  await registerSecurityHeaders(app, { moduleOrigins: () => moduleOrigins(config) });
  await registerWebRoot(app, config as Config);
  await app.ready();
});

afterAll(async () => {
  await app.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('/remotes.json with a release pointer', () => {
  it('lists the modules on disk while no release was made', async () => {
    const answer = await app.inject('/remotes.json');
    expect(answer.json()).toEqual({ mf_trading: '/mf-trading/mf-manifest.json' });
    expect(answer.headers['cache-control']).toBe('no-cache');
  });

  it('names the active version of a released module, read afresh after each pointer change', async () => {
    writePointer({ mf_markets: '/releases/mf-markets/0.1.0-2/mf-manifest.json' });
    expect((await app.inject('/remotes.json')).json()).toEqual({
      mf_trading: '/mf-trading/mf-manifest.json',
      mf_markets: '/releases/mf-markets/0.1.0-2/mf-manifest.json',
    });
    writePointer({ mf_markets: '/releases/mf-markets/0.1.0-1/mf-manifest.json', extra: '' });
    const answer = await app.inject('/remotes.json');
    expect(answer.json().mf_markets).toBe('/releases/mf-markets/0.1.0-1/mf-manifest.json');
    expect(answer.headers['cache-control']).toBe('no-cache');
  });

  it('puts a module released on another origin in the CSP origins, and only that one', () => {
    writePointer({ mf_markets: 'https://cdn.example.com/releases/mf-markets/0.1.0-2/mf-manifest.json' });
    expect(moduleOrigins(config)).toEqual(['https://cdn.example.com']);
    writePointer({ mf_markets: '/releases/mf-markets/0.1.0-2/mf-manifest.json' });
    expect(moduleOrigins(config)).toEqual([]);
  });

  it('keeps serving the modules on disk when the pointer is unreadable', async () => {
    write(path.join(releasesDir, 'remotes.json'), '{ half a file');
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect((await app.inject('/remotes.json')).json()).toEqual({
      mf_trading: '/mf-trading/mf-manifest.json',
    });
    expect(spy).toHaveBeenCalledWith(expect.stringMatching(/release pointer cannot be read/));
    spy.mockRestore();
  });
});

describe('/releases/', () => {
  it('serves every stored version, hashed files immutable and the rest revalidated, to any origin', async () => {
    const chunk = await app.inject('/releases/mf-markets/0.1.0-1/216.e7538adbdc.js');
    expect(chunk.statusCode).toBe(200);
    expect(chunk.body).toBe('/* chunk of 0.1.0-1 */');
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(chunk.headers['access-control-allow-origin']).toBe('*');
    // The site's own pages stay same-origin only; a release may be another site's module host.
    expect(chunk.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect((await app.inject('/')).headers['cross-origin-resource-policy']).toBe('same-origin');
    const manifest = await app.inject('/releases/mf-markets/0.1.0-2/mf-manifest.json');
    expect(manifest.json()).toEqual({ name: 'mf_markets', version: '0.1.0-2' });
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('answers a deep link into a standalone page with that version’s page', async () => {
    const page = await app.inject('/releases/mf-markets/0.1.0-1/market');
    expect(page.body).toBe('<title>standalone 0.1.0-1</title>');
    expect((await app.inject('/releases/mf-markets/0.1.0-2/')).body).toBe(
      '<title>standalone 0.1.0-2</title>',
    );
  });

  it('does not serve the pointer, the history, release records or paths outside a version', async () => {
    for (const url of [
      '/releases/remotes.json',
      '/releases/history.jsonl',
      '/releases/mf-markets/0.1.0-1/release.json',
      '/releases/mf-markets/0.1.0-1/../../history.jsonl',
      '/releases/mf-markets/0.1.0-3/remoteEntry.js',
    ]) {
      expect({ url, status: (await app.inject(url)).statusCode }).toEqual({ url, status: 404 });
    }
  });
});
