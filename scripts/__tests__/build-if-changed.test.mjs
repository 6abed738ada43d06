// The start script's build skip (scripts/build-if-changed.mjs): the same tree skips, any change that feeds the
// build rebuilds. Run with `node --test scripts/__tests__/` (part of `pnpm test:scripts`).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { STAMP, sourceHash } from '../build-if-changed.mjs';

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'build-if-changed.mjs');

/** A small workspace: one package that builds, one that does not, a lockfile, and a build that counts runs. */
function workspace() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'swx-build-skip-'));
  const write = (file, text) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  write('package.json', JSON.stringify({ name: 'ws', private: true }));
  write('pnpm-lock.yaml', "lockfileVersion: '9.0'\n");
  write('app/package.json', JSON.stringify({ name: 'app', scripts: { build: 'build' } }));
  write('app/src/index.ts', 'export const answer = 42;\n');
  write('lib/package.json', JSON.stringify({ name: 'lib' }));
  write('lib/src/lib.ts', 'export const lib = 1;\n');
  write('docs/notes.md', 'not read by the build\n');
  // The build: count the run, write the output (and fail when asked to).
  write(
    'build.sh',
    'echo run >> builds.log\n[ -f fail ] && exit 3\nmkdir -p app/dist && echo out > app/dist/main.js\n',
  );
  return { root, write };
}

function start(root, env = {}) {
  const run = spawnSync(process.execPath, [script, '--root', root, '--build', 'sh build.sh'], {
    encoding: 'utf8',
    env: { ...process.env, SWX_REBUILD: '', ...env },
  });
  const builds = fs.existsSync(path.join(root, 'builds.log'))
    ? fs.readFileSync(path.join(root, 'builds.log'), 'utf8').split('\n').filter(Boolean).length
    : 0;
  return { status: run.status, output: run.stdout + run.stderr, builds };
}

test('builds once, then skips while the tree is the same', () => {
  const { root } = workspace();
  assert.equal(start(root).builds, 1);
  assert.ok(fs.existsSync(path.join(root, 'app', 'dist', STAMP)), 'the stamp sits beside the output');
  const again = start(root);
  assert.equal(again.status, 0);
  assert.equal(again.builds, 1);
  assert.match(again.output, /up to date/);
});

test('a touched but unchanged source, or an edited file outside the packages, does not rebuild', () => {
  const { root, write } = workspace();
  start(root);
  const later = new Date(Date.now() + 60_000);
  fs.utimesSync(path.join(root, 'app', 'src', 'index.ts'), later, later);
  write('docs/notes.md', 'edited\n');
  assert.equal(start(root).builds, 1);
});

test('an edited source, a new file, a changed lockfile or config each rebuild', () => {
  const { root, write } = workspace();
  start(root);
  write('app/src/index.ts', 'export const answer = 43;\n');
  assert.equal(start(root).builds, 2);
  write('lib/src/new.ts', 'export const added = true;\n');
  assert.equal(start(root).builds, 3);
  write('pnpm-lock.yaml', "lockfileVersion: '9.0'\n# changed\n");
  assert.equal(start(root).builds, 4);
  write('app/package.json', JSON.stringify({ name: 'app', version: '2.0.0', scripts: { build: 'build' } }));
  assert.equal(start(root).builds, 5);
  assert.equal(start(root).builds, 5);
});

test('a deleted output rebuilds; SWX_REBUILD=1 forces a build', () => {
  const { root } = workspace();
  start(root);
  fs.rmSync(path.join(root, 'app', 'dist'), { recursive: true });
  assert.equal(start(root).builds, 2);
  assert.equal(start(root, { SWX_REBUILD: '1' }).builds, 3);
});

test('a failed build leaves no stamp and fails the start', () => {
  const { root, write } = workspace();
  start(root);
  write('app/src/index.ts', 'broken(\n');
  write('fail', '');
  const failed = start(root);
  assert.equal(failed.status, 3);
  assert.ok(!fs.existsSync(path.join(root, 'app', 'dist', STAMP)), 'no stamp claims the old output');
  fs.rmSync(path.join(root, 'fail'));
  assert.equal(start(root).builds, 3);
});

test('the hash ignores build output and installed modules, and covers file names', () => {
  const { root, write } = workspace();
  const before = sourceHash(root, { tools: false });
  write('app/dist/extra.js', 'output\n');
  write('app/node_modules/dep/index.js', 'installed\n');
  assert.equal(sourceHash(root, { tools: false }), before);
  fs.renameSync(path.join(root, 'lib', 'src', 'lib.ts'), path.join(root, 'lib', 'src', 'renamed.ts'));
  assert.notEqual(sourceHash(root, { tools: false }), before);
});
