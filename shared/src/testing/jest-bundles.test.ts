import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/* eslint-disable @typescript-eslint/no-require-imports -- the test command's Jest helpers are CommonJS files. */
const { writeBrowserTestBundles, evenGroups } = require('../../jest/bundles.cjs') as {
  writeBrowserTestBundles: (rootDir: string) => { testMatch: string[] };
  evenGroups: (
    files: string[],
    weights: Map<string, number>,
    count: number,
  ) => { files: string[]; weight: number }[];
};
const { windowState, restoreWindow } = require('../../jest/run-test-files.cjs') as {
  windowState: () => unknown;
  restoreWindow: (initial: unknown) => void;
};
/* eslint-enable @typescript-eslint/no-require-imports */

/**
 * The browser packages' test bundles (shared/jest/bundles.cjs): every test file runs exactly once, in a bundle
 * or alone, and a file that mocks a module alone; what a file leaves in the shared window is put back.
 */
describe('writeBrowserTestBundles', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swx-browser-bundles-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  function write(file: string, text: string) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }

  it('puts every file in one bundle, and a file that mocks a module alone', () => {
    const plain = Array.from({ length: 20 }, (_, i) => `src/screens/s${i}/__tests__/s${i}.test.tsx`);
    for (const file of plain) write(file, `test('x', () => {});\n`.repeat(1 + plain.indexOf(file)));
    write('src/mocking.test.ts', "jest.mock('signature_pad');\ntest('x', () => {});\n");
    write('src/helper.ts', 'export const x = 1;\n');
    write('test-bundles/bundle-09.test.ts', '// a bundle of an earlier run\n');

    const { testMatch } = writeBrowserTestBundles(dir);

    expect(testMatch).toEqual(['<rootDir>/test-bundles/*.test.ts', '<rootDir>/src/mocking.test.ts']);
    const bundles = fs.readdirSync(path.join(dir, 'test-bundles')).sort();
    expect(bundles).toEqual(['bundle-01.test.ts', 'bundle-02.test.ts']);
    const listed = bundles.flatMap(
      (name) =>
        JSON.parse(
          /runTestFiles\(__dirname, (\[[\s\S]*\])\);/.exec(
            fs.readFileSync(path.join(dir, 'test-bundles', name), 'utf8'),
          )![1]!,
        ) as string[],
    );
    expect(listed.sort()).toEqual([...plain].sort());
  });

  it('runs a package with a single test file as it is', () => {
    write('src/only.test.ts', "test('x', () => {});\n");
    expect(writeBrowserTestBundles(dir).testMatch).toEqual(['<rootDir>/src/only.test.ts']);
  });
});

describe('evenGroups', () => {
  it('puts each file, heaviest first, into the lightest group so far (the server bundles this way too)', () => {
    const weights = new Map([
      ['a', 7],
      ['b', 5],
      ['c', 4],
      ['d', 3],
      ['e', 3],
      ['f', 1],
    ]);
    expect(evenGroups([...weights.keys()], weights, 2)).toEqual([
      { files: ['a', 'd', 'f'], weight: 11 },
      { files: ['b', 'c', 'e'], weight: 12 },
    ]);
  });
});

describe('restoreWindow', () => {
  it('puts back the document, storage, cookies, the address, timers and spies as they were', () => {
    document.documentElement.setAttribute('lang', 'en');
    const initial = windowState();
    const realSetTimeout = globalThis.setTimeout;
    const spied = { read: () => 'real' };

    document.body.innerHTML = '<main>left behind</main>';
    document.body.setAttribute('class', 'modal-open');
    document.documentElement.setAttribute('lang', 'ar');
    document.documentElement.setAttribute('dir', 'rtl');
    document.title = 'A screen';
    localStorage.setItem('swx.language', 'ar');
    sessionStorage.setItem('swx.session', 'x');
    document.cookie = 'consent=1; path=/';
    window.history.replaceState(null, '', '/trade/BTCUSDT');
    jest.useFakeTimers();
    jest.spyOn(spied, 'read').mockReturnValue('spied');
    expect(globalThis.setTimeout).not.toBe(realSetTimeout);

    restoreWindow(initial);

    expect(document.body.innerHTML).toBe('');
    expect(document.body.getAttributeNames()).toEqual([]);
    expect(document.documentElement.getAttribute('lang')).toBe('en');
    expect(document.documentElement.hasAttribute('dir')).toBe(false);
    expect(document.title).toBe('');
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    expect(document.cookie).toBe('');
    expect(window.location.pathname).toBe('/');
    expect(globalThis.setTimeout).toBe(realSetTimeout);
    expect(spied.read()).toBe('real');
  });
});
