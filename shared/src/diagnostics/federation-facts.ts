// What the Module Federation runtime actually did on this page, for support staff: which module versions
// were loaded from which manifest, and which copy of each shared library was chosen. Read from the runtime's
// page-wide registry (`globalThis.__FEDERATION__`), the one place both the shell and a module's standalone
// page can see it; nothing here changes it.

/** A module the page knows: registered from /remotes.json (shell) or the page itself (standalone). */
export interface ModuleFacts {
  name: string;
  /** The `mf-manifest.json` it is loaded from. */
  manifestUrl: string | null;
  /** The manifest's build version (a release: `0.1.0-20261127061530`); null until its manifest was read. */
  version: string | null;
  /** Its code has run on this page (the shell loaded it into a module area). */
  loaded: boolean;
  /** Why its last load failed, if it did (the shell records it: the runtime does not keep it). */
  problem?: ModuleProblem | null;
}

/**
 * Why a module could not load. `sharedVersion`: the federation runtime refused it because the page's copy of
 * a shared singleton (the SDK, React...) is outside the range the module was built against.
 */
export type ModuleProblem =
  | { kind: 'sharedVersion'; library: string; required: string; provided: string }
  | { kind: 'failed'; message: string };

/** One copy of a shared library the runtime handed out. */
export interface SharedLibraryFacts {
  name: string;
  version: string;
  /** The app whose copy it is (`swx_shell`, `mf_markets`). */
  from: string;
  /** The apps using this copy. */
  usedBy: string[];
}

export interface FederationFacts {
  modules: ModuleFacts[];
  shared: SharedLibraryFacts[];
}

type Loose = Record<string, unknown>;

function isObject(value: unknown): value is Loose {
  return typeof value === 'object' && value !== null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function federationGlobal(scope: unknown): Loose | null {
  const federation = isObject(scope) ? scope.__FEDERATION__ : undefined;
  return isObject(federation) ? federation : null;
}

/** The runtime instance of the page's host (`swx_shell`, or the module on its standalone page). */
function hostInstance(federation: Loose, hostName: string): Loose | null {
  const instances = Array.isArray(federation.__INSTANCES__) ? federation.__INSTANCES__ : [];
  const host = instances.find((instance) => isObject(instance) && instance.name === hostName);
  return isObject(host) ? host : null;
}

function buildVersionOf(federation: Loose, name: string, entry: string | null): string | null {
  const moduleInfo = isObject(federation.moduleInfo) ? federation.moduleInfo : {};
  const snapshot = entry ? moduleInfo[`${name}:${entry}`] : undefined;
  return isObject(snapshot) ? text(snapshot.buildVersion) : null;
}

function registeredModules(federation: Loose, host: Loose): ModuleFacts[] {
  const options = isObject(host.options) ? host.options : {};
  const remotes = Array.isArray(options.remotes) ? options.remotes : [];
  const cache = host.moduleCache instanceof Map ? host.moduleCache : new Map();
  return remotes.filter(isObject).map((remote) => {
    const name = String(remote.name);
    const manifestUrl = text(remote.entry);
    return {
      name,
      manifestUrl,
      version: buildVersionOf(federation, name, manifestUrl),
      loaded: cache.has(name),
      problem: null,
    };
  });
}

/**
 * The copies of shared libraries the runtime chose: in every share scope of the host, each version that was
 * loaded (with `loaded-first`, usually the shell's). A library no code asked for yet is not listed.
 */
function chosenShared(host: Loose): SharedLibraryFacts[] {
  const scopes = isObject(host.shareScopeMap) ? host.shareScopeMap : {};
  const chosen: SharedLibraryFacts[] = [];
  for (const scope of Object.values(scopes)) {
    if (!isObject(scope)) continue;
    for (const [name, versions] of Object.entries(scope)) {
      if (!isObject(versions)) continue;
      for (const [version, copy] of Object.entries(versions)) {
        if (!isObject(copy) || !(copy.loaded === true || copy.lib !== undefined)) continue;
        chosen.push({
          name,
          version: text(copy.version) ?? version,
          from: text(copy.from) ?? '?',
          usedBy: Array.isArray(copy.useIn) ? copy.useIn.map(String) : [],
        });
      }
    }
  }
  return chosen.sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
}

/** The federation facts of this page, as seen from its host `hostName`. Empty outside a federated page. */
export function readFederationFacts(hostName: string, scope: unknown = globalThis): FederationFacts {
  const federation = federationGlobal(scope);
  const host = federation && hostInstance(federation, hostName);
  if (!federation || !host) return { modules: [], shared: [] };
  return { modules: registeredModules(federation, host), shared: chosenShared(host) };
}

declare const __webpack_public_path__: string | undefined;

/**
 * Where this build's files are served from (its public path), made absolute; null outside webpack (tests).
 * A module's standalone page finds its own manifest there.
 */
export function ownPublicPath(base = window.location.href): string | null {
  if (typeof __webpack_public_path__ !== 'string' || __webpack_public_path__ === '') return null;
  try {
    return new URL(__webpack_public_path__, base).toString();
  } catch {
    return null;
  }
}

/** The build version a manifest declares (`metaData.buildInfo.buildVersion`); null when it cannot be read. */
export async function fetchManifestVersion(
  manifestUrl: string,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): Promise<string | null> {
  try {
    const response = await fetchImpl(manifestUrl, { cache: 'no-cache' });
    if (!response.ok) return null;
    const manifest: unknown = await response.json();
    const metaData = isObject(manifest) && isObject(manifest.metaData) ? manifest.metaData : {};
    const buildInfo = isObject(metaData.buildInfo) ? metaData.buildInfo : {};
    return text(buildInfo.buildVersion);
  } catch {
    return null;
  }
}
