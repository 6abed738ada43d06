// The release gate against manifests shaped as the build writes them (see mf-*/dist/mf-manifest.json).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkCompatibility, formatReport } from '../compat.mjs';

function shared(name, version, { singleton = true, requiredVersion = `^${version}` } = {}) {
  return { id: `x:${name}`, name, version, requiredVersion, ...(singleton ? { singleton: true } : {}) };
}

const shellManifest = {
  name: 'swx_shell',
  exposes: [],
  shared: [
    shared('react', '19.3.1'),
    shared('react/jsx-runtime', '19.3.1', { singleton: false }),
    shared('react-dom', '19.3.1'),
    shared('react-dom/client', '19.3.1', { singleton: false }),
    shared('mobx', '7.1.3'),
    shared('@swx/shared', '0.1.0'),
  ],
};
const shellContract = { exposes: ['./routes'] };

function moduleManifest(overrides = {}) {
  return {
    name: 'mf_markets',
    exposes: [{ id: 'mf_markets:routes', name: 'routes', path: './routes' }],
    shared: shellManifest.shared.map((entry) => ({ ...entry })),
    ...overrides,
  };
}

describe('checkCompatibility', () => {
  it('accepts a module built with the same singletons and the expose the shell loads', () => {
    const verdict = checkCompatibility({ shellManifest, shellContract, moduleManifest: moduleManifest() });
    assert.deepEqual(verdict, { compatible: true, problems: [] });
  });

  it('refuses a module that no longer exposes ./routes', () => {
    const broken = moduleManifest({ exposes: [{ name: 'screens', path: './screens' }] });
    const verdict = checkCompatibility({ shellManifest, shellContract, moduleManifest: broken });
    assert.equal(verdict.compatible, false);
    assert.deepEqual(verdict.problems, [
      'the shell loads "./routes" but the module exposes only "./screens"',
    ]);
  });

  it('refuses a module built with an incompatible react, both ways', () => {
    const broken = moduleManifest({
      shared: moduleManifest().shared.map((entry) =>
        entry.name === 'react' ? shared('react', '18.3.1') : entry,
      ),
    });
    const verdict = checkCompatibility({ shellManifest, shellContract, moduleManifest: broken });
    assert.equal(verdict.compatible, false);
    assert.deepEqual(verdict.problems, [
      'shared singleton react: the module brings 18.3.1, the shell requires ^19.3.1',
      'shared singleton react: the shell provides 19.3.1, the module requires ^18.3.1',
    ]);
  });

  it('checks one direction on its own: a module that requires a newer shell copy', () => {
    const broken = moduleManifest({
      shared: moduleManifest().shared.map((entry) =>
        entry.name === 'mobx' ? shared('mobx', '7.1.3', { requiredVersion: '^7.2.0' }) : entry,
      ),
    });
    const { problems } = checkCompatibility({ shellManifest, shellContract, moduleManifest: broken });
    assert.deepEqual(problems, [
      'shared singleton mobx: the shell provides 7.1.3, the module requires ^7.2.0',
    ]);
  });

  it('checks the subpath entries of a singleton package (react-dom/client)', () => {
    const broken = moduleManifest({
      shared: moduleManifest().shared.map((entry) =>
        entry.name === 'react-dom/client'
          ? shared('react-dom/client', '20.0.0', { singleton: false })
          : entry,
      ),
    });
    const { problems } = checkCompatibility({ shellManifest, shellContract, moduleManifest: broken });
    assert.equal(problems.length, 2);
    assert.match(problems[0], /^shared singleton react-dom\/client: the module brings 20\.0\.0/);
  });

  it('accepts a range the other side satisfies and ignores libraries only one side shares', () => {
    const module = moduleManifest({
      shared: [
        ...moduleManifest().shared.map((entry) =>
          entry.name === 'react' ? shared('react', '19.4.0', { requiredVersion: '>=19.0.0 <20' }) : entry,
        ),
        shared('highcharts', '13.1.1'),
      ],
    });
    const verdict = checkCompatibility({ shellManifest, shellContract, moduleManifest: module });
    assert.deepEqual(verdict.problems, []);
  });

  it('treats requiredVersion false as no requirement but refuses a version it cannot read', () => {
    const module = moduleManifest({
      shared: moduleManifest().shared.map((entry) =>
        entry.name === 'mobx' ? shared('mobx', 'workspace', { requiredVersion: false }) : entry,
      ),
    });
    const { problems } = checkCompatibility({ shellManifest, shellContract, moduleManifest: module });
    assert.deepEqual(problems, [
      'shared singleton mobx: the module brings workspace, the shell requires ^7.1.3',
    ]);
  });

  it('refuses a manifest of another module than the one released', () => {
    const { problems } = checkCompatibility({
      shellManifest,
      shellContract,
      moduleManifest: moduleManifest(),
      moduleName: 'mf_trading',
    });
    assert.deepEqual(problems, ['the manifest is of "mf_markets", not of "mf_trading"']);
  });
});

describe('formatReport', () => {
  it('names every problem and says the pointer is unchanged', () => {
    const report = formatReport({ moduleName: 'mf-markets', version: '0.1.0-1', problems: ['a', 'b'] });
    assert.equal(
      report,
      [
        'compatibility gate: mf-markets 0.1.0-1 REFUSED (2 problems)',
        '  - a',
        '  - b',
        '  the pointer (remotes.json) is unchanged',
      ].join('\n'),
    );
  });
});
