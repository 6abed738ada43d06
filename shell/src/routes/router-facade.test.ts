// The page's router is shared as shared/build/router-facade.mjs, a subset of react-router-dom, and its
// react-i18next as shared/build/i18n-react-facade.mjs (see shared/build/webpack.cjs). A name imported from
// either package anywhere in the workspace but missing from its facade would be undefined at run time in the
// built site while every unit test (which uses the real package) passes; this test is the guard.

// The shell's type set has no Node types (it is browser code); the few calls this test makes, typed here.
interface DirEntry {
  name: string;
  isDirectory(): boolean;
}
interface NodeFs {
  existsSync(file: string): boolean;
  readFileSync(file: string, encoding: 'utf8'): string;
  readdirSync(dir: string): string[];
  readdirSync(dir: string, options: { withFileTypes: true }): DirEntry[];
}
interface NodePath {
  join(...parts: string[]): string;
  resolve(...parts: string[]): string;
  relative(from: string, to: string): string;
}
// `var`, as Node's own types declare it: a program that also holds Node types (the workspace's) merges the two.
// eslint-disable-next-line no-var
declare var __dirname: string;
const fs = jest.requireActual<NodeFs>('node:fs');
const path = jest.requireActual<NodePath>('node:path');

const root = path.resolve(__dirname, '..', '..', '..');

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Value imports only: `import type` and inline `type X` names are erased and never reach the bundle. */
function importedNames(source: string, request: string): string[] {
  const names: string[] = [];
  for (const match of source.matchAll(
    new RegExp(`import\\s+(type\\s+)?\\{([^}]*)\\}\\s*from\\s*'${request}'`, 'g'),
  )) {
    if (match[1]) continue;
    for (const part of (match[2] ?? '').split(',')) {
      const name =
        part
          .trim()
          .split(/\s+as\s+/)[0]
          ?.trim() ?? '';
      if (name && !name.startsWith('type ')) names.push(name);
    }
  }
  return names;
}

const facades = [
  {
    request: 'react-router-dom',
    file: 'router-facade.mjs',
    from: 'react-router',
    sample: 'BrowserRouter',
    size: 10,
  },
  {
    request: 'react-i18next',
    file: 'i18n-react-facade.mjs',
    from: 'react-i18next-entry',
    sample: 'useTranslation',
    size: 2,
  },
];

describe.each(facades)('$request facade', ({ request, file, from, sample, size }) => {
  const facade = fs.readFileSync(path.join(root, 'shared', 'build', file), 'utf8');
  const exported = new Set(
    (new RegExp(`export\\s*\\{([^}]*)\\}\\s*from\\s*'${from}'`).exec(facade)?.[1] ?? '')
      .split(',')
      .map((name: string) => name.trim())
      .filter((name: string) => name.length > 0),
  );

  it(`exports every ${request} name the apps import`, () => {
    const apps = fs
      .readdirSync(root)
      .filter((name: string) => name === 'shell' || name === 'shared' || name.startsWith('mf-'))
      .map((name: string) => path.join(root, name, 'src'));
    const missing = new Set<string>();
    for (const source of apps.flatMap(sourceFiles)) {
      for (const name of importedNames(fs.readFileSync(source, 'utf8'), request)) {
        if (!exported.has(name)) missing.add(`${name} (${path.relative(root, source)})`);
      }
    }
    expect([...missing]).toEqual([]);
  });

  it('reads the facade', () => {
    expect(exported.has(sample)).toBe(true);
    expect(exported.size).toBeGreaterThan(size);
  });
});
