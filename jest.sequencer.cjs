// The order Jest runs the test files in. The server's test bundles (server/jest.bundles.cjs; the test
// command's) come first, heaviest first, as that file orders them; then the browser packages' bundles
// (shared/jest/bundles.cjs); every other file follows in Jest's own
// order (longest first where an earlier run is cached, else largest first). Without it a fresh clone ran the
// bundles last (their generated files are the smallest), and one worker ended the run alone on a bundle of a
// minute or more while the other had nothing left.
const fs = require('node:fs');
const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

const orderFile = path.join(__dirname, 'server', 'test-bundles', 'order.json');

class BundlesFirst extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    const order = fs.existsSync(orderFile) ? JSON.parse(fs.readFileSync(orderFile, 'utf8')) : [];
    const rank = (test) =>
      path.dirname(test.path) === path.dirname(orderFile) ? order.indexOf(path.basename(test.path)) : -1;
    const bundles = sorted.filter((test) => rank(test) >= 0).sort((a, b) => rank(a) - rank(b));
    // Then the browser packages' bundles (shared/jest/bundles.cjs), a few files each, before the single files.
    const browserBundles = sorted.filter(
      (test) => rank(test) < 0 && path.basename(path.dirname(test.path)) === 'test-bundles',
    );
    return [
      ...bundles,
      ...browserBundles,
      ...sorted.filter((test) => rank(test) < 0 && !browserBundles.includes(test)),
    ];
  }
}

module.exports = BundlesFirst;
