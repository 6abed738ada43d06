// The releases folder (RELEASES_DIR, default `<repo>/releases`):
//   <module>/<version>/        one immutable release: the module's built files and release.json
//   remotes.json               the pointer: federation name → manifest URL of the active version
//   history.jsonl              one line per pointer change (who, when, from which version to which)
// The server serves the folder under /releases/ and /remotes.json from the pointer (server/src/web/static.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const POINTER_FILE = 'remotes.json';
export const HISTORY_FILE = 'history.jsonl';
export const RELEASE_FILE = 'release.json';

/** A module folder name (`mf-markets`) and a version (`0.1.0-20261127061530`): path segments, nothing more. */
const MODULE_FOLDER = /^mf-[a-z0-9-]+$/;
const VERSION = /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,79}$/;

export function assertModuleFolder(module) {
  if (!MODULE_FOLDER.test(module ?? '')) throw new Error(`"${module}" is not a module folder name (mf-…)`);
}

export function assertVersion(version) {
  if (!VERSION.test(version ?? '') || version.includes('..'))
    throw new Error(`"${version}" is not a release version`);
}

export function releasesDir(env = process.env, repoRoot = process.cwd()) {
  return path.resolve(env.RELEASES_DIR || path.join(repoRoot, 'releases'));
}

export function versionDir(dir, module, version) {
  assertModuleFolder(module);
  assertVersion(version);
  return path.join(dir, module, version);
}

export function readPointer(dir) {
  const file = path.join(dir, POINTER_FILE);
  if (!fs.existsSync(file)) return {};
  const pointer = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (typeof pointer !== 'object' || pointer === null || Array.isArray(pointer))
    throw new Error(`${file} is not an object of module → manifest URL`);
  return pointer;
}

/** Writes a file so that a reader sees the old content or the new, never half of it. */
export function writeFileAtomic(file, content) {
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  const handle = fs.openSync(temporary, 'wx');
  try {
    fs.writeFileSync(handle, content);
    fs.fsyncSync(handle);
  } finally {
    fs.closeSync(handle);
  }
  fs.renameSync(temporary, file);
}

/**
 * Points `federationName` at `manifestUrl` and records the change. One writer at a time: a lock file made
 * with O_EXCL, so two release commands never lose each other's pointer change.
 */
export function updatePointer(dir, change) {
  fs.mkdirSync(dir, { recursive: true });
  return withLock(dir, () => {
    const pointer = readPointer(dir);
    const previous = pointer[change.federationName];
    const next = { ...pointer, [change.federationName]: change.manifestUrl };
    const sorted = Object.fromEntries(Object.entries(next).sort(([a], [b]) => a.localeCompare(b)));
    writeFileAtomic(path.join(dir, POINTER_FILE), `${JSON.stringify(sorted, null, 2)}\n`);
    const entry = {
      at: new Date().toISOString(),
      action: change.action,
      module: change.module,
      version: change.version,
      manifestUrl: change.manifestUrl,
      previousManifestUrl: previous ?? null,
      by: os.userInfo().username,
    };
    fs.appendFileSync(path.join(dir, HISTORY_FILE), `${JSON.stringify(entry)}\n`);
    return entry;
  });
}

function withLock(dir, work) {
  const lock = path.join(dir, '.pointer.lock');
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      fs.closeSync(fs.openSync(lock, 'wx'));
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      if (Date.now() > deadline)
        throw new Error(`${lock} is held by another release command (remove it if none is running)`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
    }
  }
  try {
    return work();
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

export function readHistory(dir) {
  const file = path.join(dir, HISTORY_FILE);
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line));
}

export function readRelease(dir, module, version) {
  const file = path.join(versionDir(dir, module, version), RELEASE_FILE);
  if (!fs.existsSync(file)) throw new Error(`no release ${module} ${version} in ${dir}`);
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** Every stored release of a module, oldest first. */
export function listReleases(dir, module) {
  assertModuleFolder(module);
  const moduleDir = path.join(dir, module);
  if (!fs.existsSync(moduleDir)) return [];
  return fs
    .readdirSync(moduleDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(moduleDir, entry.name, RELEASE_FILE)))
    .map((entry) => readRelease(dir, module, entry.name))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.version.localeCompare(b.version));
}

/**
 * Moves a finished build into `<module>/<version>/`. The folder is filled under a temporary name and renamed
 * at the end, so a half-copied release is never visible; an existing version is never overwritten.
 */
export function storeRelease(dir, module, version, buildDir, release) {
  const target = versionDir(dir, module, version);
  if (fs.existsSync(target))
    throw new Error(`release ${module} ${version} exists already: never overwritten`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const partial = `${target}.partial-${process.pid}`;
  fs.cpSync(buildDir, partial, { recursive: true, errorOnExist: true, force: false });
  fs.writeFileSync(path.join(partial, RELEASE_FILE), `${JSON.stringify(release, null, 2)}\n`);
  fs.renameSync(partial, target);
  return target;
}

/** The active version of a module: the version folder its pointer entry names. */
export function activeVersion(pointer, federationName, module) {
  const entry = pointer[federationName];
  if (typeof entry !== 'string') return null;
  const match = new RegExp(`/${module}/([^/]+)/mf-manifest\\.json$`).exec(entry);
  return match ? match[1] : null;
}
