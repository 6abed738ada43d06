// Runs a browser package's test files inside one Jest test file (a bundle written by bundles.cjs for the test
// command): each in a `describe` named after its path, so its hooks and tests stay its own and a report names
// it. A file that cannot even load fails there, in a test of its own, and the others still run.
//
// The files share the module registry and the jsdom window. Testing Library unmounts after every test; what a
// file may leave behind in the window is put back after it, as a fresh window would have it: the document's
// body and root attributes, both storages, cookies, the address, fake timers and spies.
const path = require('node:path');
const { cleanup } = require('@testing-library/react');

function windowState() {
  const root = document.documentElement;
  return {
    attributes: [...root.attributes].map((attribute) => [attribute.name, attribute.value]),
    title: document.title,
  };
}

function restoreWindow(initial) {
  jest.useRealTimers();
  jest.restoreAllMocks();
  document.body.innerHTML = '';
  for (const name of document.body.getAttributeNames()) document.body.removeAttribute(name);
  const root = document.documentElement;
  for (const name of root.getAttributeNames()) root.removeAttribute(name);
  for (const [name, value] of initial.attributes) root.setAttribute(name, value);
  document.title = initial.title;
  window.localStorage.clear();
  window.sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0].trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  window.history.replaceState(null, '', '/');
}

/** @param {string} bundleDir the bundle's folder, <package>/test-bundles @param {string[]} files */
function runTestFiles(bundleDir, files) {
  const packageDir = path.resolve(bundleDir, '..');
  const initial = windowState();
  for (const file of files) {
    describe(file, () => {
      // Testing Library's own unmount after each test is registered at the top (setup.cjs loads it), so it
      // would run after this file's `afterEach` hooks; alone, the file's hooks run after it (a screen is
      // unmounted before its store is disposed). Registered first here, it runs first again.
      afterEach(cleanup);
      afterAll(() => restoreWindow(initial));
      try {
        require(path.join(packageDir, file));
      } catch (error) {
        it('loads', () => {
          throw error;
        });
      }
    });
  }
}

module.exports = { runTestFiles, windowState, restoreWindow };
