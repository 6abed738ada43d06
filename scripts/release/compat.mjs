// The compatibility gate of a module release: does this module version still fit the shell that serves it?
// Pure functions over two mf-manifest.json files and the shell's remote-contract.json, so they are tested
// without building anything (scripts/release/__tests__/compat.test.mjs).
import semver from 'semver';

/**
 * Shared packages that must exist once per page. A manifest marks them `singleton`; a subpath entry
 * (`react-dom/client`, `react/jsx-runtime`, shared through the `react-dom/` and `react/` keys) carries no
 * flag of its own and belongs to its package.
 */
function singletonNames(manifest) {
  const flagged = new Set((manifest.shared ?? []).filter((s) => s.singleton).map((s) => s.name));
  const names = new Set();
  for (const shared of manifest.shared ?? []) {
    const base = shared.name.startsWith('@')
      ? shared.name.split('/').slice(0, 2).join('/')
      : shared.name.split('/')[0];
    if (flagged.has(shared.name) || flagged.has(base)) names.add(shared.name);
  }
  return names;
}

function sharedByName(manifest) {
  return new Map((manifest.shared ?? []).map((shared) => [shared.name, shared]));
}

/** The exposes a manifest offers, as the host asks for them (`./routes`). */
function exposedPaths(manifest) {
  return new Set(
    (manifest.exposes ?? []).map((expose) => expose.path ?? `./${String(expose.name).replace(/^\.\//, '')}`),
  );
}

/**
 * A `requiredVersion` of false, '*' or absent accepts anything; a version that is not semver cannot be
 * checked against a range and is refused (a gate that guesses lets the blank page through).
 */
function satisfiesRange(version, range) {
  if (range === false || range === undefined || range === null || range === '' || range === '*') return true;
  if (!semver.valid(version)) return false;
  return semver.satisfies(version, String(range), { includePrerelease: true });
}

/**
 * Compares a module's manifest with the shell's. Problems, each a sentence for the release report:
 * - an expose the shell loads (remote-contract.json) is missing;
 * - a singleton both sides share, where one side's version is outside the other side's required range (both
 *   ways: with `loaded-first` the shell's copy usually wins, but a module loaded first on a standalone page
 *   or after a shell upgrade can provide it);
 * - the manifest names another federation module than the one released.
 */
export function checkCompatibility({ shellManifest, shellContract, moduleManifest, moduleName }) {
  const problems = [];
  if (moduleName && moduleManifest.name !== moduleName) {
    problems.push(`the manifest is of "${moduleManifest.name}", not of "${moduleName}"`);
  }
  const offered = exposedPaths(moduleManifest);
  for (const wanted of shellContract?.exposes ?? []) {
    if (!offered.has(wanted))
      problems.push(`the shell loads "${wanted}" but the module exposes only ${listOf([...offered])}`);
  }
  const shellShared = sharedByName(shellManifest);
  const moduleShared = sharedByName(moduleManifest);
  const singletons = new Set([...singletonNames(shellManifest), ...singletonNames(moduleManifest)]);
  for (const name of [...singletons].sort()) {
    const host = shellShared.get(name);
    const remote = moduleShared.get(name);
    if (!host || !remote) continue;
    if (!satisfiesRange(remote.version, host.requiredVersion))
      problems.push(
        `shared singleton ${name}: the module brings ${remote.version}, the shell requires ${host.requiredVersion}`,
      );
    if (!satisfiesRange(host.version, remote.requiredVersion))
      problems.push(
        `shared singleton ${name}: the shell provides ${host.version}, the module requires ${remote.requiredVersion}`,
      );
  }
  return { compatible: problems.length === 0, problems };
}

function listOf(items) {
  return items.length === 0 ? 'nothing' : items.map((item) => `"${item}"`).join(', ');
}

/** The gate's verdict as the release command prints it. */
export function formatReport({ moduleName, version, problems }) {
  if (problems.length === 0) return `compatibility gate: ${moduleName} ${version} fits the shell`;
  return [
    `compatibility gate: ${moduleName} ${version} REFUSED (${problems.length} problem${problems.length === 1 ? '' : 's'})`,
    ...problems.map((problem) => `  - ${problem}`),
    '  the pointer (remotes.json) is unchanged',
  ].join('\n');
}
