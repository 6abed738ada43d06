import {
  CHUNK_LOAD_TIMEOUT_MS,
  fetchWithTimeout,
  LoadTimeoutError,
  loadPolicyPlugin,
} from './load-policy-plugin';

type Plugin = ReturnType<typeof loadPolicyPlugin>;
type EntryErrorArgs = Parameters<NonNullable<Plugin['loadEntryError']>>[0];

function entryErrorArgs(getRemoteEntry: jest.Mock, globalLoading: Record<string, unknown>) {
  return {
    getRemoteEntry,
    origin: {},
    remoteInfo: { name: 'mf_trading', entry: '/mf-trading/remoteEntry.js' },
    remoteEntryExports: undefined,
    globalLoading,
    uniqueKey: 'mf_trading:/mf-trading/remoteEntry.js',
  } as unknown as EntryErrorArgs;
}

describe('fetchWithTimeout', () => {
  afterEach(() => jest.useRealTimers());

  it('answers a reachable manifest', async () => {
    const response = { ok: true, status: 200 } as Response;
    await expect(fetchWithTimeout('/m.json', {}, 1000, async () => response)).resolves.toBe(response);
  });

  it('refuses an error status', async () => {
    const response = { ok: false, status: 404 } as Response;
    await expect(fetchWithTimeout('/m.json', {}, 1000, async () => response)).rejects.toThrow('HTTP 404');
  });

  it('gives up after the timeout with the chunk-load error', async () => {
    jest.useFakeTimers();
    const hanging = (_url: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
      );
    const result = fetchWithTimeout('/m.json', {}, CHUNK_LOAD_TIMEOUT_MS, hanging);
    jest.advanceTimersByTime(CHUNK_LOAD_TIMEOUT_MS);
    await expect(result).rejects.toBeInstanceOf(LoadTimeoutError);
    await expect(result).rejects.toMatchObject({ name: 'ChunkLoadError', timeoutMs: 120_000 });
  });
});

describe('loadPolicyPlugin', () => {
  it('gives remote-entry scripts the 120 s chunk timeout', () => {
    const plugin = loadPolicyPlugin();
    expect(plugin.createScript?.({ url: '/mf-x/remoteEntry.js' })).toEqual({ timeout: 120_000 });
  });

  it('fetches manifests with the timeout', async () => {
    const fetchImpl = jest.fn(async () => ({ ok: true, status: 200 }) as Response);
    const plugin = loadPolicyPlugin({ fetchImpl });
    await plugin.fetch?.('/mf-x/mf-manifest.json', {});
    expect(fetchImpl).toHaveBeenCalledWith(
      '/mf-x/mf-manifest.json',
      expect.objectContaining({ signal: expect.any(AbortSignal) }),
    );
  });

  it('retries a failed remote entry once, after a pause, without the cached failure', async () => {
    const waited: number[] = [];
    const plugin = loadPolicyPlugin({ retryDelayMs: 1500, wait: async (ms) => void waited.push(ms) });
    const exportsAfterRetry = { get: jest.fn(), init: jest.fn() };
    const getRemoteEntry = jest.fn(async () => exportsAfterRetry);
    const globalLoading: Record<string, unknown> = {
      'mf_trading:/mf-trading/remoteEntry.js': Promise.resolve(),
    };
    const recovered = await plugin.loadEntryError?.(entryErrorArgs(getRemoteEntry, globalLoading));
    expect(recovered).toBe(exportsAfterRetry);
    expect(waited).toEqual([1500]);
    expect(getRemoteEntry).toHaveBeenCalledTimes(1);
    expect(globalLoading).toEqual({});
  });

  it('lets the original error through when the retry fails too', async () => {
    const plugin = loadPolicyPlugin({ wait: async () => undefined });
    const getRemoteEntry = jest.fn(async () => {
      throw new Error('still unreachable');
    });
    await expect(plugin.loadEntryError?.(entryErrorArgs(getRemoteEntry, {}))).resolves.toBeUndefined();
    expect(getRemoteEntry).toHaveBeenCalledTimes(1);
  });
});
