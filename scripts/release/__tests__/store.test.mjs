// The releases folder and the promote / rollback / list commands, on a temporary folder with a shell and
// module manifests written by the test (the release command's build is covered by e2e/tests/release.spec.ts).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, it } from 'node:test';
import {
  activeVersion,
  listReleases,
  readHistory,
  readPointer,
  storeRelease,
  updatePointer,
  versionDir,
} from '../store.mjs';

const cli = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'cli.mjs');
const shared = [{ name: 'react', version: '19.3.1', requiredVersion: '^19.3.1', singleton: true }];
let root;
let releases;
let shellDist;

function writeJson(file, value) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(value));
}

/** A stored release as `pnpm release` leaves it, with the manifest the test chooses. */
function addRelease(version, { createdAt, manifest } = {}) {
  const build = fs.mkdtempSync(path.join(root, 'build-'));
  writeJson(
    path.join(build, 'mf-manifest.json'),
    manifest ?? { name: 'mf_markets', exposes: [{ name: 'routes', path: './routes' }], shared },
  );
  const manifestUrl = `/releases/mf-markets/${version}/mf-manifest.json`;
  storeRelease(releases, 'mf-markets', version, build, {
    module: 'mf-markets',
    federationName: 'mf_markets',
    version,
    createdAt: createdAt ?? new Date().toISOString(),
    publicPath: `/releases/mf-markets/${version}/`,
    manifestUrl,
    gate: { compatible: true, problems: [] },
  });
  return manifestUrl;
}

function run(...args) {
  return spawnSync(process.execPath, [cli, ...args], {
    encoding: 'utf8',
    env: { ...process.env, RELEASES_DIR: releases, SHELL_DIST: shellDist },
  });
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'swx-release-test-'));
  releases = path.join(root, 'releases');
  shellDist = path.join(root, 'shell-dist');
  writeJson(path.join(shellDist, 'mf-manifest.json'), { name: 'swx_shell', exposes: [], shared });
  writeJson(path.join(shellDist, 'remote-contract.json'), { exposes: ['./routes'] });
});

describe('the releases folder', () => {
  it('never overwrites a stored version', () => {
    addRelease('0.1.0-1');
    assert.throws(() => addRelease('0.1.0-1'), /exists already: never overwritten/);
    assert.deepEqual(
      listReleases(releases, 'mf-markets').map((r) => r.version),
      ['0.1.0-1'],
    );
  });

  it('refuses version and module names that are not plain path segments', () => {
    assert.throws(() => versionDir(releases, 'mf-markets', '../x'), /not a release version/);
    assert.throws(() => versionDir(releases, '../etc', '1'), /not a module folder name/);
  });

  it('writes the pointer whole, keeps the other modules and records each change', () => {
    updatePointer(releases, {
      action: 'release',
      module: 'mf-trading',
      version: '1',
      federationName: 'mf_trading',
      manifestUrl: '/releases/mf-trading/1/mf-manifest.json',
    });
    const change = updatePointer(releases, {
      action: 'release',
      module: 'mf-markets',
      version: '2',
      federationName: 'mf_markets',
      manifestUrl: '/releases/mf-markets/2/mf-manifest.json',
    });
    assert.deepEqual(readPointer(releases), {
      mf_markets: '/releases/mf-markets/2/mf-manifest.json',
      mf_trading: '/releases/mf-trading/1/mf-manifest.json',
    });
    assert.equal(change.previousManifestUrl, null);
    assert.deepEqual(
      readHistory(releases).map((entry) => [entry.action, entry.module, entry.version]),
      [
        ['release', 'mf-trading', '1'],
        ['release', 'mf-markets', '2'],
      ],
    );
    assert.deepEqual(
      fs.readdirSync(releases).filter((name) => name.endsWith('.tmp') || name.endsWith('.lock')),
      [],
    );
    assert.equal(activeVersion(readPointer(releases), 'mf_markets', 'mf-markets'), '2');
  });
});

describe('promote, rollback and list', () => {
  it('promotes a stored version and rolls back to the one active before', () => {
    const first = addRelease('0.1.0-1', { createdAt: '2026-01-01T00:00:00Z' });
    const second = addRelease('0.1.0-2', { createdAt: '2026-01-02T00:00:00Z' });
    assert.equal(run('promote', 'mf-markets', '0.1.0-1').status, 0);
    assert.equal(run('promote', 'mf-markets', '0.1.0-2').status, 0);
    assert.equal(readPointer(releases).mf_markets, second);

    const rollback = run('rollback', 'mf-markets', '0.1.0-1');
    assert.equal(rollback.status, 0, rollback.stderr);
    assert.match(rollback.stdout, /fits the shell/);
    assert.equal(readPointer(releases).mf_markets, first);
    assert.deepEqual(
      readHistory(releases).map((entry) => entry.action),
      ['promote', 'promote', 'rollback'],
    );

    const listed = run('list', 'mf-markets');
    assert.equal(listed.stdout.split('\n')[0].startsWith('* 0.1.0-1'), true, listed.stdout);
    assert.equal(listed.stdout.split('\n')[1].startsWith('  0.1.0-2'), true, listed.stdout);
  });

  it('refuses to roll back to a version that was never active', () => {
    addRelease('0.1.0-1');
    const result = run('rollback', 'mf-markets', '0.1.0-1');
    assert.equal(result.status, 1);
    assert.match(result.stderr, /was never active: use `pnpm promote`/);
    assert.deepEqual(readPointer(releases), {});
  });

  it('refuses an incompatible version with a report, a non-zero exit and the pointer unchanged', () => {
    const good = addRelease('0.1.0-1');
    assert.equal(run('promote', 'mf-markets', '0.1.0-1').status, 0);
    addRelease('0.1.0-2', {
      manifest: {
        name: 'mf_markets',
        exposes: [],
        shared: [{ name: 'react', version: '18.3.1', requiredVersion: '^18.3.1', singleton: true }],
      },
    });
    const pointerBefore = fs.readFileSync(path.join(releases, 'remotes.json'), 'utf8');

    const result = run('promote', 'mf-markets', '0.1.0-2');
    assert.equal(result.status, 2);
    assert.match(result.stderr, /compatibility gate: mf-markets 0\.1\.0-2 REFUSED \(3 problems\)/);
    assert.match(result.stderr, /the shell loads "\.\/routes" but the module exposes only nothing/);
    assert.match(result.stderr, /react: the module brings 18\.3\.1, the shell requires \^19\.3\.1/);
    assert.equal(fs.readFileSync(path.join(releases, 'remotes.json'), 'utf8'), pointerBefore);
    assert.equal(readPointer(releases).mf_markets, good);
    assert.equal(readHistory(releases).length, 1);
  });

  it('says what is missing when the shell is not built', () => {
    addRelease('0.1.0-1');
    fs.rmSync(path.join(shellDist, 'remote-contract.json'));
    const result = run('promote', 'mf-markets', '0.1.0-1');
    assert.equal(result.status, 1);
    assert.match(result.stderr, /remote-contract\.json is missing: build the shell/);
  });
});
