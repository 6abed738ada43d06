import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ledgerEntryTypes, recordReferenceTypes } from '@swx/shared/contract';

/**
 * Every journal entry type the server's code posts is in the contract's `ledgerEntryTypes` (which the SDK
 * names in all ten languages), and so is every reference kind: a new kind of money movement cannot reach a
 * customer's records as a raw code. Found by reading the source: the `type:` and `reference: { type: }`
 * literals of the objects handed to the ledger's writing methods.
 */
const src = path.resolve(__dirname, '../..');

function sources(dir: string, found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== '__tests__') sources(full, found);
    } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) found.push(full);
  }
  return found;
}

const writes = /\b(?:ledger|this)\.(?:transfer|transferMany|hold|release|settleHeld|moveWithin)\(/;

function postedTypes(): { entries: Set<string>; references: Set<string> } {
  const entries = new Set<string>();
  const references = new Set<string>();
  for (const file of sources(src)) {
    const text = readFileSync(file, 'utf8');
    if (!writes.test(text)) continue;
    for (const line of text.split('\n')) {
      const reference = /reference:\s*\{\s*type:\s*([^,}]+)/.exec(line);
      if (reference) for (const [, t] of reference[1]!.matchAll(/'([a-z_]+)'(?!\s*\?)/g)) references.add(t!);
      const entry = /^\s*type:\s*(.+?),?\s*$/.exec(line);
      // A literal followed by `?` is a condition (`kind === 'margin' ? ...`), not a type.
      if (entry) for (const [, t] of entry[1]!.matchAll(/'([a-z_]+)'(?!\s*\?)/g)) entries.add(t!);
    }
  }
  return { entries, references };
}

/** `type:` also names account events and notifications in the same files; these are not journal entries. */
const notJournalTypes = new Set([
  'order_filled',
  'position_closed',
  'position_liquidated',
  'margin_call',
  'option_settled',
  'balance',
  'liquidation',
]);

describe('ledger entry types', () => {
  it('lists every entry type and reference kind the server posts', () => {
    const { entries, references } = postedTypes();
    const known = new Set<string>(ledgerEntryTypes);
    const unknown = [...entries].filter((type) => !known.has(type) && !notJournalTypes.has(type));
    expect(unknown).toEqual([]);
    // The scan does find the entries it is about (it has not silently stopped matching).
    expect([...entries].filter((type) => known.has(type)).length).toBeGreaterThan(20);
    const referenceKinds = new Set<string>(recordReferenceTypes);
    // The demo grant refers to the customer themselves: nothing to open, so no name is needed.
    referenceKinds.add('user');
    expect([...references].filter((type) => !referenceKinds.has(type))).toEqual([]);
  });
});
