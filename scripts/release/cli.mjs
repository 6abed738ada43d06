#!/usr/bin/env node
// Versioned module releases (docs/deployment.md, "Releasing a module"):
//   pnpm release <module> [--base-url <url>]    build, store as a new version, gate, point at it
//                [--stage]                      ... but leave the pointer (promote it once a CDN has it)
//   pnpm promote <module> <version>              gate, point at a stored version
//   pnpm rollback <module> <version>             gate, point back at a version that was active before
//   pnpm releases <module>                       list the stored versions, the active one marked
// Settings: RELEASES_DIR (default <repo>/releases), SHELL_DIST (the deployed shell's dist, default
// <WEB_ROOT or repo>/shell/dist), or the --releases-dir / --shell-dist options.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { checkCompatibility, formatReport } from './compat.mjs';
import {
  activeVersion,
  assertModuleFolder,
  assertVersion,
  listReleases,
  readHistory,
  readPointer,
  readRelease,
  releasesDir,
  storeRelease,
  updatePointer,
  versionDir,
} from './store.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

class RefusedError extends Error {}

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

function shellDistFrom(options) {
  return path.resolve(
    options['shell-dist'] ||
      process.env.SHELL_DIST ||
      path.join(process.env.WEB_ROOT || repoRoot, 'shell', 'dist'),
  );
}

/** The deployed shell's manifest and contract: what every module version is checked against. */
function readShell(shellDist) {
  const manifestFile = path.join(shellDist, 'mf-manifest.json');
  const contractFile = path.join(shellDist, 'remote-contract.json');
  for (const file of [manifestFile, contractFile])
    if (!fs.existsSync(file))
      throw new Error(`${file} is missing: build the shell (pnpm --dir shell build) or set SHELL_DIST`);
  return { shellManifest: readJson(manifestFile), shellContract: readJson(contractFile) };
}

/** Runs the gate on a module manifest; throws RefusedError (exit 1) with the report when it does not fit. */
function gate({ shellDist, moduleManifest, moduleName, module, version }) {
  const verdict = checkCompatibility({ ...readShell(shellDist), moduleManifest, moduleName });
  const report = formatReport({ moduleName: module, version, problems: verdict.problems });
  if (!verdict.compatible) throw new RefusedError(report);
  console.log(report);
  return verdict;
}

/** `0.1.0-20261127061530`: the package version and the UTC time of the build, sortable as text. */
export function newVersion(packageVersion, now = new Date()) {
  const stamp = now.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `${packageVersion}-${stamp}`;
}

function publicPathFor(baseUrl, module, version) {
  const base = (baseUrl || '/releases').replace(/\/+$/, '');
  if (!/^(https?:\/\/[^/]+)?(\/[A-Za-z0-9._~%-]+)*$/.test(base))
    throw new Error(`--base-url must be an http(s) URL or an absolute path, got "${baseUrl}"`);
  return `${base}/${module}/${version}/`;
}

function buildModule(module, { version, publicPath, outputDir }) {
  const moduleDir = path.join(repoRoot, module);
  console.log(`building ${module} ${version} for ${publicPath}`);
  const result = spawnSync(
    'pnpm',
    ['--dir', moduleDir, 'exec', 'webpack', '--mode', 'production', '--output-path', outputDir],
    {
      stdio: 'inherit',
      env: {
        ...process.env,
        SWX_RELEASE_VERSION: version,
        SWX_RELEASE_PUBLIC_PATH: publicPath,
        // The manifest's buildVersion: what the shell's diagnostics panel shows for the module.
        MF_BUILD_VERSION: version,
      },
    },
  );
  if (result.status !== 0) throw new Error(`the build of ${module} failed (exit ${result.status})`);
}

function release(module, options) {
  assertModuleFolder(module);
  const packageFile = path.join(repoRoot, module, 'package.json');
  if (!fs.existsSync(packageFile)) throw new Error(`no module folder ${module} in ${repoRoot}`);
  const dir = releasesDir(process.env, repoRoot);
  const version = newVersion(readJson(packageFile).version);
  if (fs.existsSync(versionDir(dir, module, version)))
    throw new Error(`release ${module} ${version} exists already: try again in a second`);
  const publicPath = publicPathFor(options['base-url'], module, version);
  const outputDir = fs.mkdtempSync(path.join(os.tmpdir(), `swx-release-${module}-`));
  try {
    buildModule(module, { version, publicPath, outputDir });
    const moduleManifest = readJson(path.join(outputDir, 'mf-manifest.json'));
    const shellDist = shellDistFrom(options);
    const verdict = checkCompatibility({ ...readShell(shellDist), moduleManifest });
    const manifestUrl = `${publicPath}mf-manifest.json`;
    storeRelease(dir, module, version, outputDir, {
      module,
      federationName: moduleManifest.name,
      version,
      createdAt: new Date().toISOString(),
      publicPath,
      manifestUrl,
      gate: verdict,
    });
    console.log(`stored ${path.join(dir, module, version)}`);
    const report = formatReport({ moduleName: module, version, problems: verdict.problems });
    if (!verdict.compatible) throw new RefusedError(report);
    console.log(report);
    if (options.stage) {
      console.log(`staged: the pointer is unchanged; activate with \`pnpm promote ${module} ${version}\``);
      return;
    }
    const change = updatePointer(dir, {
      action: 'release',
      module,
      version,
      federationName: moduleManifest.name,
      manifestUrl,
    });
    console.log(
      `${moduleManifest.name} → ${change.manifestUrl} (was ${change.previousManifestUrl ?? 'none'})`,
    );
  } finally {
    fs.rmSync(outputDir, { recursive: true, force: true });
  }
}

/** promote and rollback: the pointer moves to a stored version, after the gate; no file is rebuilt. */
function point(action, module, version, options) {
  assertModuleFolder(module);
  assertVersion(version);
  const dir = releasesDir(process.env, repoRoot);
  const stored = readRelease(dir, module, version);
  const pointer = readPointer(dir);
  if (activeVersion(pointer, stored.federationName, module) === version)
    throw new Error(`${module} ${version} is already the active version`);
  if (action === 'rollback') {
    const wasActive = readHistory(dir).some((entry) => entry.module === module && entry.version === version);
    if (!wasActive)
      throw new Error(
        `${module} ${version} was never active: use \`pnpm promote\` to activate it for the first time`,
      );
  }
  const moduleManifest = readJson(path.join(versionDir(dir, module, version), 'mf-manifest.json'));
  gate({
    shellDist: shellDistFrom(options),
    moduleManifest,
    moduleName: stored.federationName,
    module,
    version,
  });
  const change = updatePointer(dir, {
    action,
    module,
    version,
    federationName: stored.federationName,
    manifestUrl: stored.manifestUrl,
  });
  console.log(
    `${stored.federationName} → ${change.manifestUrl} (was ${change.previousManifestUrl ?? 'none'})`,
  );
}

function list(module) {
  const dir = releasesDir(process.env, repoRoot);
  const releases = listReleases(dir, module);
  if (releases.length === 0) {
    console.log(`no releases of ${module} in ${dir}`);
    return;
  }
  const pointer = readPointer(dir);
  for (const stored of releases) {
    const active = activeVersion(pointer, stored.federationName, module) === stored.version;
    const refused = stored.gate && !stored.gate.compatible ? '  (refused by the gate)' : '';
    console.log(
      `${active ? '*' : ' '} ${stored.version}  ${stored.createdAt}  ${stored.manifestUrl}${refused}`,
    );
  }
}

function main(argv) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      'base-url': { type: 'string' },
      'shell-dist': { type: 'string' },
      'releases-dir': { type: 'string' },
      stage: { type: 'boolean' },
    },
  });
  if (values['releases-dir']) process.env.RELEASES_DIR = values['releases-dir'];
  const [command, module, version] = positionals;
  switch (command) {
    case 'release':
      return release(module, values);
    case 'promote':
    case 'rollback':
      if (!version) throw new Error(`usage: pnpm ${command} <module> <version>`);
      return point(command, module, version, values);
    case 'list':
      return list(module);
    default:
      throw new Error(
        'usage: cli.mjs release|promote|rollback|list <module> [version] [--base-url url] [--stage]',
      );
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof RefusedError ? error.message : `release: ${error.message}`);
    process.exitCode = error instanceof RefusedError ? 2 : 1;
  }
}
