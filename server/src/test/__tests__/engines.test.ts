import fs from 'node:fs';
import path from 'node:path';
import { propertyCases, propertyRuns } from '../property-runs';

// The test command's choice of which database files also run on PGlite (server/jest.database-files.cjs).
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the Jest configuration's own CommonJS helper.
const engines = require('../../../jest.database-files.cjs') as {
  onBothEnginesByName: string[];
  reachesDatabase: (file: string) => boolean;
  relativeToServer: (file: string) => string;
  runsOnBothEngines: (file: string) => boolean;
  testFiles: () => string[];
};

const serverDir = path.resolve(__dirname, '..', '..', '..');
const at = (relative: string) => path.join(serverDir, relative);

describe('which database test files the test command runs on PGlite too', () => {
  it('takes the database layer, the platform and the named files, the randomized money files among them', () => {
    expect(engines.runsOnBothEngines(at('src/db/__tests__/rows.test.ts'))).toBe(true);
    expect(engines.runsOnBothEngines(at('src/platform/__tests__/unit-of-work.test.ts'))).toBe(true);
    expect(engines.runsOnBothEngines(at('src/trading/__tests__/crash.test.ts'))).toBe(true);
    expect(engines.runsOnBothEngines(at('src/ledger/__tests__/ledger.property.test.ts'))).toBe(true);
    expect(engines.runsOnBothEngines(at('src/trading/__tests__/engine.property.test.ts'))).toBe(true);
  });

  it('leaves the routes of a product line, and the randomized input and rules files, to PostgreSQL', () => {
    expect(engines.runsOnBothEngines(at('src/loans/__tests__/loans.test.ts'))).toBe(false);
    expect(engines.runsOnBothEngines(at('src/staff/__tests__/roles.test.ts'))).toBe(false);
    expect(engines.runsOnBothEngines(at('src/http/__tests__/hostile.test.ts'))).toBe(false);
    expect(engines.runsOnBothEngines(at('src/security/__tests__/address-book.test.ts'))).toBe(false);
  });

  it('names only files that exist and reach a database', () => {
    for (const name of engines.onBothEnginesByName) {
      expect(fs.existsSync(at(name))).toBe(true);
      expect(engines.reachesDatabase(at(name))).toBe(true);
    }
  });

  it('names randomized money files that do split their cases, and leaves randomized files on PostgreSQL', () => {
    const randomized = engines
      .testFiles()
      .filter((file) => /property-runs['"]/.test(fs.readFileSync(file, 'utf8')))
      .filter((file) => engines.reachesDatabase(file));
    const both = randomized.filter((file) => engines.runsOnBothEngines(file)).map(engines.relativeToServer);
    expect(both).toEqual(
      expect.arrayContaining([
        'src/ledger/__tests__/ledger.property.test.ts',
        'src/trading/__tests__/engine.property.test.ts',
        'src/plans/__tests__/payouts.property.test.ts',
        'src/nfts/__tests__/property.test.ts',
      ]),
    );
    // Some randomized database files run on PostgreSQL alone, with all their cases.
    expect(randomized.length).toBeGreaterThan(both.length);
  });
});

describe('a randomized test on a pass', () => {
  const before = { ...process.env };
  afterEach(() => {
    for (const name of ['SWX_SPLIT_PROPERTY_RUNS', 'TEST_DATABASE_URL'])
      if (before[name] === undefined) delete process.env[name];
      else process.env[name] = before[name];
  });

  it('runs all its cases unless its bundle splits them with the other pass', () => {
    // The PGlite pass's half (PostgreSQL's is the other).
    delete process.env.TEST_DATABASE_URL;
    process.env.SWX_SPLIT_PROPERTY_RUNS = '0';
    expect(propertyRuns(200)).toBe(200);
    expect(propertyCases([1, 2, 3])).toEqual([1, 2, 3]);
    process.env.SWX_SPLIT_PROPERTY_RUNS = '1';
    expect(propertyRuns(200)).toBe(100);
    expect(propertyCases([1, 2, 3])).toEqual([1, 2]);
  });
});
