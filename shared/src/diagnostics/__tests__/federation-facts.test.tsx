import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../../i18n/create-i18n';
import { languages } from '../../i18n/languages';
import { diagnosticsResources } from '../diagnostics-strings';
import { fetchManifestVersion, readFederationFacts, type ModuleProblem } from '../federation-facts';
import { FederationFactsView } from '../federation-facts-view';

/**
 * The runtime's page registry as @module-federation/runtime-core 2.9 leaves it in the shell after loading
 * mf_markets from a release (shape copied from a running page; only the fields read are kept).
 */
function shellPage() {
  const marketsEntry = '/releases/mf-markets/0.1.0-2/mf-manifest.json';
  const copy = (version: string, from: string, loaded: boolean, useIn: string[]) => ({
    version,
    from,
    loaded: loaded || undefined,
    useIn,
  });
  return {
    __FEDERATION__: {
      moduleInfo: {
        [`mf_markets:${marketsEntry}`]: { buildVersion: '0.1.0-2', version: marketsEntry },
        swx_shell: { remotesInfo: {} },
      },
      __INSTANCES__: [
        { name: 'mf_markets', options: { id: 'mf_markets:0.1.0-2', remotes: [] } },
        {
          name: 'swx_shell',
          options: {
            remotes: [
              { name: 'mf_markets', entry: marketsEntry },
              { name: 'mf_trading', entry: 'https://cdn.example/mf-trading/1/mf-manifest.json' },
            ],
          },
          moduleCache: new Map([['mf_markets', {}]]),
          shareScopeMap: {
            default: {
              react: {
                '19.3.1': copy('19.3.1', 'swx_shell', true, ['swx_shell', 'mf_markets']),
              },
              mobx: {
                '7.1.3': copy('7.1.3', 'swx_shell', true, ['swx_shell']),
                '7.1.2': copy('7.1.2', 'mf_markets', false, []),
              },
              highcharts: { '13.1.1': copy('13.1.1', 'mf_markets', false, []) },
            },
          },
        },
      ],
    },
  };
}

describe('readFederationFacts', () => {
  it('lists the registered modules with version and manifest, and only the shared copies loaded', () => {
    expect(readFederationFacts('swx_shell', shellPage())).toEqual({
      modules: [
        {
          name: 'mf_markets',
          manifestUrl: '/releases/mf-markets/0.1.0-2/mf-manifest.json',
          version: '0.1.0-2',
          loaded: true,
          problem: null,
        },
        {
          name: 'mf_trading',
          manifestUrl: 'https://cdn.example/mf-trading/1/mf-manifest.json',
          version: null,
          loaded: false,
          problem: null,
        },
      ],
      shared: [
        { name: 'mobx', version: '7.1.3', from: 'swx_shell', usedBy: ['swx_shell'] },
        { name: 'react', version: '19.3.1', from: 'swx_shell', usedBy: ['swx_shell', 'mf_markets'] },
      ],
    });
  });

  it('is empty outside a federated page or for a host that is not there', () => {
    expect(readFederationFacts('swx_shell', {})).toEqual({ modules: [], shared: [] });
    expect(readFederationFacts('mf_loan', shellPage())).toEqual({ modules: [], shared: [] });
  });
});

/** What fetch answers (jsdom has no Response): a status and a JSON body, or a body that is not JSON. */
function answer(status: number, body: unknown) {
  return async () =>
    ({
      ok: status >= 200 && status < 300,
      status,
      json: async () => (typeof body === 'string' ? JSON.parse(body) : body),
    }) as Response;
}

describe('fetchManifestVersion', () => {
  it('reads the build version a manifest declares', async () => {
    const fetchImpl = jest.fn(
      answer(200, { metaData: { buildInfo: { buildVersion: '0.1.0-20261127061530' } } }),
    );
    expect(await fetchManifestVersion('/releases/x/mf-manifest.json', fetchImpl)).toBe(
      '0.1.0-20261127061530',
    );
    expect(fetchImpl).toHaveBeenCalledWith('/releases/x/mf-manifest.json', { cache: 'no-cache' });
  });

  it('gives null for a missing or unreadable manifest', async () => {
    expect(await fetchManifestVersion('/x', answer(404, { metaData: {} }))).toBeNull();
    expect(await fetchManifestVersion('/x', answer(200, '{'))).toBeNull();
    expect(await fetchManifestVersion('/x', answer(200, { metaData: { buildInfo: {} } }))).toBeNull();
  });
});

describe('FederationFactsView', () => {
  it('shows each module, the chosen shared copies and the socket state, in the page language', async () => {
    const i18n = createI18n('de');
    render(
      <I18nextProvider i18n={i18n}>
        <FederationFactsView facts={readFederationFacts('swx_shell', shellPage())} socketState="open" />
      </I18nextProvider>,
    );
    expect(screen.getByTestId('diagnostics-socket')).toHaveTextContent('Verbunden');
    const modules = within(screen.getByRole('region', { name: 'Module' }));
    const markets = modules.getByRole('row', { name: /mf_markets/ });
    expect(markets).toHaveTextContent('0.1.0-2');
    expect(markets).toHaveTextContent('/releases/mf-markets/0.1.0-2/mf-manifest.json');
    expect(markets).toHaveTextContent('Geladen');
    expect(modules.getByRole('row', { name: /mf_trading/ })).toHaveTextContent('Unbekannt');
    const shared = within(screen.getByRole('region', { name: /gemeinsame Bibliotheken/ }));
    expect(shared.getByRole('row', { name: /react/ })).toHaveTextContent('swx_shell, mf_markets');
    expect(shared.queryByRole('row', { name: /highcharts/ })).not.toBeInTheDocument();
  });
});

describe('a module the runtime refused', () => {
  it('shows as refused in the panel, naming the library, the range it was built for and the page’s copy', () => {
    const refused: ModuleProblem = {
      kind: 'sharedVersion',
      library: '@swx/shared',
      required: '^2.0.0',
      provided: '1.0.0',
    };
    const facts = readFederationFacts('swx_shell', shellPage());
    facts.modules[1] = { ...facts.modules[1]!, problem: refused };
    const i18n = createI18n('en');
    render(
      <I18nextProvider i18n={i18n}>
        <FederationFactsView facts={facts} socketState="open" />
      </I18nextProvider>,
    );
    expect(screen.getByTestId('status-mf_trading')).toHaveTextContent(
      'Refused: built for @swx/shared ^2.0.0, the page has 1.0.0',
    );
    expect(screen.getByTestId('status-mf_markets')).toHaveTextContent('Loaded');
  });
});

describe('diagnostics strings', () => {
  it('has every key in every language', () => {
    const keys = (value: object, prefix = ''): string[] =>
      Object.entries(value).flatMap(([key, child]) =>
        typeof child === 'object' ? keys(child as object, `${prefix}${key}.`) : [`${prefix}${key}`],
      );
    const english = keys(diagnosticsResources.en).sort();
    for (const lang of languages)
      expect({ lang, keys: keys(diagnosticsResources[lang]).sort() }).toEqual({ lang, keys: english });
  });
});
