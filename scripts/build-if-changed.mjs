#!/usr/bin/env node
// Builds the workspace unless the build output was made from exactly these sources (scripts/start.sh).
//
//   node scripts/build-if-changed.mjs            build (`pnpm build`) when anything that feeds it changed
//   node scripts/build-if-changed.mjs --hash     print the sources' hash and exit
//   SWX_REBUILD=1 node scripts/build-if-changed.mjs   build whatever the stamps say
//
// The hash covers what a build reads: every file of the workspace packages (sources, configs, locales, build
// scripts; not their build output, installed modules or test results), the root's package.json, lockfile,
// workspace file and TypeScript base config, and the Node and pnpm versions. Each package that builds keeps
// the hash it was built from beside its output (`<package>/dist/.source-hash`, written after a successful
// build; e2e's build writes its fixture module under fixtures/, which the site does not serve, and its stamp
// still sits in e2e/dist/). The build is skipped only when every stamp holds the current hash, so an edited
// source, a changed lockfile, another Node, or one deleted `dist/` rebuilds everything. Contents are hashed,
// not times: a file saved again unchanged does not rebuild, nor does a fresh clone of the same commit.
//
// Options for tests: `--root <dir>` (the workspace), `--build "<command>"` (instead of `pnpm build`).
import { createHash } from 'node:crypto';
import { execSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Names never read by a build: outputs, installed modules, test and tool results. */
const SKIPPED = new Set([
  'node_modules',
  'dist',
  'coverage',
  'test-results',
  'playwright-report',
  'screenshots',
  '.lighthouse',
  '.test-results',
  'test-bundles',
  'data',
  '.data',
  '.git',
]);

/** Root files every build reads. */
const ROOT_FILES = ['package.json', 'pnpm-lock.yaml', 'pnpm-workspace.yaml', 'tsconfig.base.json', '.npmrc'];

export const STAMP = '.source-hash';

/** The workspace's package folders: top-level folders with a package.json. */
export function packages(root) {
  return fs
    .readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !SKIPPED.has(entry.name) && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .filter((name) => fs.existsSync(path.join(root, name, 'package.json')))
    .sort();
}

/** The packages whose build writes `dist/` (a `build` script): each keeps a stamp there. */
export function builtPackages(root) {
  return packages(root).filter((name) => {
    const manifest = JSON.parse(fs.readFileSync(path.join(root, name, 'package.json'), 'utf8'));
    return Boolean(manifest.scripts?.build);
  });
}

function filesUnder(dir, relative, out) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    const rel = `${relative}/${entry.name}`;
    if (entry.isDirectory()) filesUnder(full, rel, out);
    else if (entry.isFile()) out.push(rel);
  }
  return out;
}

function toolVersion(command) {
  try {
    return execSync(`${command} --version`, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'none';
  }
}

/** The hash of everything a build reads, with the tools' versions. */
export function sourceHash(root, { tools = true } = {}) {
  const files = [
    ...ROOT_FILES.filter((name) => fs.existsSync(path.join(root, name))),
    ...packages(root).flatMap((name) => filesUnder(path.join(root, name), name, [])),
  ].sort();
  const hash = createHash('sha256');
  if (tools) hash.update(`node ${process.version}\npnpm ${toolVersion('pnpm')}\n`);
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** Whether every built package's output carries `hash`. */
export function upToDate(root, hash) {
  return builtPackages(root).every((name) => {
    try {
      return fs.readFileSync(path.join(root, name, 'dist', STAMP), 'utf8').trim() === hash;
    } catch {
      return false;
    }
  });
}

export function writeStamps(root, hash) {
  for (const name of builtPackages(root)) {
    const dist = path.join(root, name, 'dist');
    fs.mkdirSync(dist, { recursive: true });
    fs.writeFileSync(path.join(dist, STAMP), `${hash}\n`);
  }
}

function removeStamps(root) {
  for (const name of builtPackages(root)) fs.rmSync(path.join(root, name, 'dist', STAMP), { force: true });
}

function option(args, name) {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
}

function main(args) {
  const root = path.resolve(
    option(args, '--root') ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'),
  );
  const hash = sourceHash(root);
  if (args.includes('--hash')) {
    console.log(hash);
    return 0;
  }
  if (process.env.SWX_REBUILD !== '1' && upToDate(root, hash)) {
    console.log(
      `[build] up to date: the output was built from these sources (${hash.slice(0, 12)}), skipped`,
    );
    return 0;
  }
  // A build that stops half-way must not leave stamps that claim the old output matches.
  removeStamps(root);
  const command = option(args, '--build') ?? 'pnpm build';
  console.log(`[build] sources changed (${hash.slice(0, 12)}): ${command}`);
  const run = spawnSync(command, { cwd: root, shell: true, stdio: 'inherit' });
  if (run.status !== 0) return run.status ?? 1;
  // Sources edited while the build ran are not in its output: leave no stamp, so the next start builds again.
  if (sourceHash(root) !== hash) {
    console.log('[build] sources changed during the build: not stamped, the next start builds again');
    return 0;
  }
  writeStamps(root, hash);
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
