import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** The product's chunk-load timeout (seed §9), also applied to manifests and remote entries. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** A failed remote entry is tried once more after this pause (a redeploy swapping files, a flaky proxy). */
export const ENTRY_RETRY_DELAY_MS = 1_500;

export class LoadTimeoutError extends Error {
  override name = 'ChunkLoadError';
  constructor(
    readonly url: string,
    readonly timeoutMs: number,
  ) {
    super(`Loading chunk timed out after ${timeoutMs} ms: ${url}`);
  }
}

type LoadEntryErrorArgs = Parameters<NonNullable<ModuleFederationRuntimePlugin['loadEntryError']>>[0];
type RemoteEntryExports = Exclude<
  Awaited<ReturnType<LoadEntryErrorArgs['getRemoteEntry']>>,
  false | void | undefined
>;

interface LoadPolicy {
  timeoutMs?: number;
  retryDelayMs?: number;
  fetchImpl?: typeof fetch;
  wait?: (ms: number) => Promise<void>;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** fetch that gives up after `timeoutMs`, failing with the chunk-load error rather than hanging. */
export function fetchWithTimeout(
  url: string,
  init: RequestInit = {},
  timeoutMs = CHUNK_LOAD_TIMEOUT_MS,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): Promise<Response> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  return fetchImpl(url, { ...init, signal: controller.signal }).then(
    (response) => {
      clearTimeout(timer);
      if (!response.ok) throw new Error(`HTTP ${response.status} for ${url}`);
      return response;
    },
    (error: unknown) => {
      clearTimeout(timer);
      throw timedOut ? new LoadTimeoutError(url, timeoutMs) : error;
    },
  );
}

/**
 * Our Module Federation runtime plugin (the registry only has old versions of the official retry plugin):
 * a timeout on manifest fetches and on remote-entry scripts, and one delayed retry of a failed remote
 * entry. Anything that still fails is thrown on to `loadRemote`, and from there to the module area's
 * error boundary, which offers Retry.
 */
export function loadPolicyPlugin(policy: LoadPolicy = {}): ModuleFederationRuntimePlugin {
  const timeoutMs = policy.timeoutMs ?? CHUNK_LOAD_TIMEOUT_MS;
  const retryDelayMs = policy.retryDelayMs ?? ENTRY_RETRY_DELAY_MS;
  const wait = policy.wait ?? pause;
  return {
    name: 'swx-load-policy',
    fetch(url: string, init: RequestInit) {
      return fetchWithTimeout(url, init, timeoutMs, policy.fetchImpl);
    },
    createScript() {
      return { timeout: timeoutMs };
    },
    loadEntryError({ getRemoteEntry, origin, remoteInfo, remoteEntryExports, globalLoading, uniqueKey }) {
      // The failed attempt is still cached under its key; without clearing it the retry gets the same failure.
      delete globalLoading[uniqueKey];
      // Undefined (the retry failed too) lets the runtime throw the original error on to the caller.
      const retry = (): Promise<RemoteEntryExports | undefined> =>
        getRemoteEntry({ origin, remoteInfo, remoteEntryExports }).then(
          (exports) => (exports || undefined) as RemoteEntryExports | undefined,
          () => undefined,
        );
      // (The runtime's hook type is a promise of a promise; awaiting it yields the recovered entry.)
      return new Promise<Promise<RemoteEntryExports | undefined> | undefined>((resolve) => {
        void wait(retryDelayMs).then(() => resolve(retry()));
      });
    },
  };
}
