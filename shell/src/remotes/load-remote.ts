// The ONE place where the shell touches the Module Federation runtime. Jest has no federation runtime and
// no remotes: tests mock this module.
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ModuleProblem } from '@swx/shared';
import { describeLoadFailure } from './load-problem';
import { CHUNK_LOAD_TIMEOUT_MS, fetchWithTimeout, loadPolicyPlugin } from './load-policy-plugin';

/** `/remotes.json`: federation name → URL of the module's `mf-manifest.json`. */
export type RemoteDirectory = Record<string, string>;

/** Why a module area could not show its module: reported to the customer as a chunk-load error. */
export class ModuleLoadError extends Error {
  override name = 'ChunkLoadError';
  constructor(
    readonly moduleName: string,
    override readonly cause: unknown,
  ) {
    super(
      `Module ${moduleName} could not be loaded: ${cause instanceof Error ? cause.message : String(cause)}`,
    );
  }
}

const FEDERATION_NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Keeps the entries of a remotes list that name a module and a manifest URL; ignores anything else. */
export function parseRemoteDirectory(json: unknown): RemoteDirectory {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return {};
  const directory: RemoteDirectory = {};
  for (const [name, entry] of Object.entries(json)) {
    if (FEDERATION_NAME.test(name) && typeof entry === 'string' && entry.length > 0) directory[name] = entry;
  }
  return directory;
}

/** Reads the list of deployed modules. Never cached: a redeployed module is picked up on the next read. */
export async function discoverRemotes(url = '/remotes.json'): Promise<RemoteDirectory> {
  const response = await fetchWithTimeout(url, { cache: 'no-store' }, CHUNK_LOAD_TIMEOUT_MS);
  return parseRemoteDirectory(await response.json());
}

let pluginRegistered = false;
const registeredEntries = new Map<string, string>();
const failedModules = new Set<string>();
const problems = new Map<string, ModuleProblem>();

/**
 * Why each module's last load failed (support diagnostics): a refused shared version names the library, the
 * range the module was built for and the copy the page has. Cleared when the module loads.
 */
export function moduleProblems(): ReadonlyMap<string, ModuleProblem> {
  return problems;
}

/** Registers new or moved modules with the federation runtime (loaded-first sharing, set at build time). */
export function registerModules(directory: RemoteDirectory): void {
  if (!pluginRegistered) {
    registerPlugins([loadPolicyPlugin()]);
    pluginRegistered = true;
  }
  const changed = Object.entries(directory).filter(([name, entry]) => registeredEntries.get(name) !== entry);
  if (changed.length === 0) return;
  registerRemotes(
    changed.map(([name, entry]) => ({ name, entry })),
    { force: true },
  );
  for (const [name, entry] of changed) {
    registeredEntries.set(name, entry);
    failedModules.delete(name);
  }
}

/**
 * Loads a module's `./routes` expose. After a failure the module is registered afresh before the next
 * attempt, so the runtime drops whatever it cached of the failed load (manifest, entry, expose).
 */
export async function loadModuleRoutes(moduleName: string): Promise<unknown> {
  const entry = registeredEntries.get(moduleName);
  if (entry && failedModules.has(moduleName)) {
    registerRemotes([{ name: moduleName, entry }], { force: true });
    failedModules.delete(moduleName);
  }
  try {
    const exposed = await loadRemote<unknown>(`${moduleName}/routes`);
    if (exposed === null || exposed === undefined) throw new Error('the module exposes no ./routes');
    problems.delete(moduleName);
    return exposed;
  } catch (error) {
    failedModules.add(moduleName);
    problems.set(moduleName, describeLoadFailure(error));
    throw new ModuleLoadError(moduleName, error);
  }
}
