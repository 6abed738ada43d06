import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import {
  loadModuleRoutes,
  ModuleLoadError,
  moduleProblems,
  parseRemoteDirectory,
  registerModules,
} from './load-remote';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerPlugins: jest.fn(),
  registerRemotes: jest.fn(),
}));

const load = jest.mocked(loadRemote);
const register = jest.mocked(registerRemotes);

describe('parseRemoteDirectory', () => {
  it('keeps federation names with a manifest URL and drops anything else', () => {
    expect(
      parseRemoteDirectory({
        mf_markets: '/mf-markets/mf-manifest.json',
        'mf-trading': '/bad-name.json',
        mf_loan: 42,
        mf_nft: '',
      }),
    ).toEqual({ mf_markets: '/mf-markets/mf-manifest.json' });
    expect(parseRemoteDirectory(null)).toEqual({});
    expect(parseRemoteDirectory(['mf_markets'])).toEqual({});
  });
});

describe('registering and loading modules', () => {
  it('installs the load policy once and registers only new or moved modules', () => {
    registerModules({ mf_markets: '/a/mf-manifest.json', mf_loan: '/b/mf-manifest.json' });
    registerModules({ mf_markets: '/a/mf-manifest.json', mf_loan: '/c/mf-manifest.json' });
    expect(jest.mocked(registerPlugins)).toHaveBeenCalledTimes(1);
    expect(register).toHaveBeenNthCalledWith(
      1,
      [
        { name: 'mf_markets', entry: '/a/mf-manifest.json' },
        { name: 'mf_loan', entry: '/b/mf-manifest.json' },
      ],
      { force: true },
    );
    expect(register).toHaveBeenNthCalledWith(2, [{ name: 'mf_loan', entry: '/c/mf-manifest.json' }], {
      force: true,
    });
  });

  it('loads ./routes, and after a failure registers the module afresh before the next attempt', async () => {
    registerModules({ mf_trading: '/t/mf-manifest.json' });
    register.mockClear();
    const routes = { default: () => null };
    load.mockRejectedValueOnce(new Error('RUNTIME-003')).mockResolvedValueOnce(routes);

    const failure = loadModuleRoutes('mf_trading');
    await expect(failure).rejects.toBeInstanceOf(ModuleLoadError);
    await expect(failure).rejects.toMatchObject({ name: 'ChunkLoadError', moduleName: 'mf_trading' });
    expect(register).not.toHaveBeenCalled();

    await expect(loadModuleRoutes('mf_trading')).resolves.toBe(routes);
    expect(register).toHaveBeenCalledWith([{ name: 'mf_trading', entry: '/t/mf-manifest.json' }], {
      force: true,
    });
    expect(load).toHaveBeenLastCalledWith('mf_trading/routes');
  });

  it('reports a module without a ./routes expose as a load failure', async () => {
    load.mockResolvedValueOnce(null);
    await expect(loadModuleRoutes('mf_markets')).rejects.toThrow('exposes no ./routes');
  });

  it('keeps why a module was refused for the diagnostics panel, until it loads', async () => {
    load.mockRejectedValueOnce(
      new Error(
        '[ Federation Runtime ]: Version 1.0.0 from swx_shell of shared singleton module @swx/shared does not ' +
          'satisfy the requirement of mf_nft which needs ^2.0.0)',
      ),
    );
    await expect(loadModuleRoutes('mf_nft')).rejects.toBeInstanceOf(ModuleLoadError);
    expect(moduleProblems().get('mf_nft')).toEqual({
      kind: 'sharedVersion',
      library: '@swx/shared',
      required: '^2.0.0',
      provided: '1.0.0',
    });
    load.mockResolvedValueOnce({ default: () => null });
    await loadModuleRoutes('mf_nft');
    expect(moduleProblems().has('mf_nft')).toBe(false);
  });
});
