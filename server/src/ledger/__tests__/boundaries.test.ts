import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The server's boundary rules (`.dependency-cruiser.cjs`, run by `pnpm run check:boundaries`) on tiny trees
 * laid out like the server: a domain reaching into another's tables, or past its published surface, must be
 * reported; the same domains meeting through a service must not.
 */
const root = path.resolve(__dirname, '../../../..');
const config = path.join(root, '.dependency-cruiser.cjs');
const depcruise = path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

/** Writes the files into a fresh directory and runs depcruise there with the project's configuration. */
function cruise(files: Record<string, string>): Violation[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swx-boundaries-'));
  try {
    fs.writeFileSync(path.join(dir, 'tsconfig.base.json'), '{ "compilerOptions": { "strict": true } }');
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    }
    const run = spawnSync(
      process.execPath,
      [depcruise, '--config', config, '--output-type', 'json', 'server/src'],
      { cwd: dir, encoding: 'utf8' },
    );
    if (!run.stdout) throw new Error(`depcruise produced nothing: ${run.stderr}`);
    return (JSON.parse(run.stdout) as { summary: { violations: Violation[] } }).summary.violations;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
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

it('accepts domains meeting through a service, the schema and tests reading tables', () => {
  const violations = cruise({
    ...ledger,
    'server/src/records/service.ts':
      "import { postings } from '../ledger/service';\nexport const read = postings;\n",
    'server/src/db/schema.ts': "export * from '../ledger/tables';\n",
    'server/src/records/__tests__/records.test.ts':
      "import { ledgerPostings } from '../../ledger/tables';\nvoid ledgerPostings;\n",
  });
  expect(violations).toEqual([]);
});
