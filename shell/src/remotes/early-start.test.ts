import { preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { startLandingModule, takeStartupDirectory } from './early-start';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  preloadRemote: jest.fn(async () => undefined),
  registerPlugins: jest.fn(),
  registerRemotes: jest.fn(),
}));

const preload = jest.mocked(preloadRemote);
const register = jest.mocked(registerRemotes);

function answerRemotes(directory: unknown, ok = true) {
  globalThis.fetch = jest.fn(async () => ({
    ok,
    status: ok ? 200 : 503,
    json: async () => directory,
  })) as unknown as typeof fetch;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  preload.mockClear();
  register.mockClear();
  takeStartupDirectory();
});

test('reads the directory once and preloads the module that owns the path', async () => {
  answerRemotes({ mf_markets: '/mf-markets/mf-manifest.json', mf_account: '/mf-account/mf-manifest.json' });
  startLandingModule('/');
  await settle();
  expect(register).toHaveBeenCalled();
  expect(preload).toHaveBeenCalledWith([
    { nameOrAlias: 'mf_markets', exposes: ['./routes'], resourceCategory: 'sync' },
  ]);
  // The directory store gets that same answer once; later reads go to the server again.
  await expect(takeStartupDirectory()).resolves.toEqual({
    mf_markets: '/mf-markets/mf-manifest.json',
    mf_account: '/mf-account/mf-manifest.json',
  });
  expect(takeStartupDirectory()).toBeNull();
  expect(globalThis.fetch).toHaveBeenCalledTimes(1);
});

test('preloads nothing for an unknown path or a module that is not deployed', async () => {
  answerRemotes({ mf_account: '/mf-account/mf-manifest.json' });
  startLandingModule('/no-such-page');
  startLandingModule('/market');
  await settle();
  expect(preload).not.toHaveBeenCalled();
});

test('a failed directory read is left to the directory store to report', async () => {
  answerRemotes(null, false);
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  startLandingModule('/');
  await settle();
  expect(preload).not.toHaveBeenCalled();
  await expect(takeStartupDirectory()).rejects.toThrow('HTTP 503');
  warn.mockRestore();
});
