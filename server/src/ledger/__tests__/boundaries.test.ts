import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The server's boundary rules (`.dependency-cruiser.cjs` and `scripts/check-boundaries.mjs`, run by `pnpm run
 * check:boundaries`) on tiny trees laid out like the server: a domain reaching into another's tables, or past
 * its published surface, an import up the layers (mechanisms < staff < domains < back office < root) and a
 * cycle between folders must be reported; the same code importing downwards must not.
 */
const root = path.resolve(__dirname, '../../../..');
const config = path.join(root, '.dependency-cruiser.cjs');
const depcruise = path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

/** Writes the files into a fresh directory laid out like the repository and runs `check` there. */
function inTree<T>(files: Record<string, string>, check: (dir: string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swx-boundaries-'));
  try {
    fs.writeFileSync(path.join(dir, 'tsconfig.base.json'), '{ "compilerOptions": { "strict": true } }');
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    }
    return check(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs depcruise over the tree with the project's configuration: the violations it reports. */
function cruise(files: Record<string, string>): Violation[] {
  return inTree(files, (dir) => {
    const run = spawnSync(
      process.execPath,
      [depcruise, '--config', config, '--output-type', 'json', 'server/src'],
      { cwd: dir, encoding: 'utf8' },
    );
    if (!run.stdout) throw new Error(`depcruise produced nothing: ${run.stderr}`);
    return (JSON.parse(run.stdout) as { summary: { violations: Violation[] } }).summary.violations;
  });
}

const ledger = {
  'server/src/ledger/tables.ts': 'export const ledgerPostings = { name: "ledger_postings" };\n',
  'server/src/ledger/write.ts': 'export const write = () => 1;\n',
  'server/src/ledger/service.ts':
    "import { ledgerPostings } from './tables';\nexport const postings = () => ledgerPostings.name;\n",
};

// Each run starts depcruise and TypeScript afresh: seconds on a busy machine.
jest.setTimeout(120_000);

it('reports a domain that imports another domain’s tables', () => {
  const violations = cruise({
    ...ledger,
    'server/src/records/service.ts':
      "import { ledgerPostings } from '../ledger/tables';\nexport const read = () => ledgerPostings.name;\n",
  });
  expect(violations.map((v) => [v.rule.name, v.from, v.to])).toEqual([
    ['server-domain-tables-are-private', 'server/src/records/service.ts', 'server/src/ledger/tables.ts'],
  ]);
});

it('reports a domain that imports another past its published surface', () => {
  const violations = cruise({
    ...ledger,
    'server/src/records/service.ts': "import { write } from '../ledger/write';\nexport const read = write;\n",
  });
  expect(violations.map((v) => [v.rule.name, v.from, v.to])).toEqual([
    [
      'server-domain-imports-published-surface',
      'server/src/records/service.ts',
      'server/src/ledger/write.ts',
    ],
  ]);
});

it('accepts domains meeting through a service, and tests reading tables', () => {
  const violations = cruise({
    ...ledger,
    'server/src/records/service.ts':
      "import { postings } from '../ledger/service';\nexport const read = postings;\n",
    'server/src/records/__tests__/records.test.ts':
      "import { ledgerPostings } from '../../ledger/tables';\nvoid ledgerPostings;\n",
  });
  expect(violations).toEqual([]);
});

const staffBase = {
  'server/src/db/client.ts': 'export type Db = { name: string };\n',
  'server/src/staff/audit.ts':
    "import type { Db } from '../db/client';\nexport const audit = (db: Db) => db.name;\n",
  'server/src/config.ts': 'export const config = { port: 1 };\n',
};

it('reports imports up the layers: a mechanism, the staff domain, a domain reaching above itself', () => {
  const violations = cruise({
    ...ledger,
    ...staffBase,
    'server/src/platform/clock.ts':
      "import { postings } from '../ledger/service';\nexport const now = postings;\n",
    'server/src/staff/four-eyes.ts':
      "import { postings } from '../ledger/service';\nexport const two = postings;\n",
    'server/src/backoffice/service.ts':
      "import { postings } from '../ledger/service';\nexport const correct = postings;\n",
    'server/src/records/service.ts':
      "import { correct } from '../backoffice/service';\nimport { config } from '../config';\n" +
      'export const read = () => [correct, config];\n',
  });
  expect(violations.map((v) => [v.rule.name, v.from, v.to]).sort()).toEqual([
    ['server-back-office-is-on-top', 'server/src/records/service.ts', 'server/src/backoffice/service.ts'],
    ['server-mechanisms-import-no-domain', 'server/src/platform/clock.ts', 'server/src/ledger/service.ts'],
    ['server-root-is-the-top', 'server/src/records/service.ts', 'server/src/config.ts'],
    ['server-staff-imports-only-mechanisms', 'server/src/staff/four-eyes.ts', 'server/src/ledger/service.ts'],
  ]);
});

it('accepts imports down the layers: the root over the back office over domains over staff over mechanisms', () => {
  const violations = cruise({
    ...ledger,
    ...staffBase,
    'server/src/ledger/service.ts':
      "import { audit } from '../staff/audit';\nimport { ledgerPostings } from './tables';\n" +
      'export const postings = () => [audit, ledgerPostings.name];\n',
    'server/src/backoffice/service.ts':
      "import { postings } from '../ledger/service';\nimport { audit } from '../staff/audit';\n" +
      'export const correct = () => [postings, audit];\n',
    'server/src/services.ts':
      "import { correct } from './backoffice/service';\nimport { config } from './config';\n" +
      'export const services = () => [correct, config];\n',
  });
  expect(violations).toEqual([]);
});

it('refuses a cycle between two server folders that no single file closes', () => {
  const files = {
    'server/package.json': '{ "name": "server" }\n',
    ...ledger,
    'server/src/ledger/rules.ts': "import { read } from '../records/service';\nexport const rule = read;\n",
    'server/src/records/service.ts':
      "import { postings } from '../ledger/service';\nexport const read = () => postings;\n",
  };
  const run = inTree(files, (dir) =>
    spawnSync(process.execPath, [path.join(root, 'scripts/check-boundaries.mjs')], {
      cwd: dir,
      encoding: 'utf8',
    }),
  );
  expect(run.status).toBe(1);
  expect(run.stderr).toContain('server-folders-form-no-cycle: ledger → records → ledger');
  expect(run.stderr).toContain('server/src/ledger/rules.ts → server/src/records/service.ts');

  const acyclic = inTree({ ...files, 'server/src/ledger/rules.ts': 'export const rule = 1;\n' }, (dir) =>
    spawnSync(process.execPath, [path.join(root, 'scripts/check-boundaries.mjs')], {
      cwd: dir,
      encoding: 'utf8',
    }),
  );
  expect(acyclic.stderr).toBe('');
  expect(acyclic.status).toBe(0);
});
