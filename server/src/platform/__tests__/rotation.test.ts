import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { openFreshDatabase } from '../../test/database';
import { Keyring, KeyRotation, LegacyVault, Sealer, keyIdOf, sealedColumn, splitSealed } from '../crypto';
import { sealLegacy } from '../crypto/legacy';

/**
 * Rotation with a fake keyring: keys made here, a probe table of sealed values (bytea, and base64 text as
 * the staff TOTP column stores them), values from before envelopes, a run interrupted half-way.
 */
const oldKey = crypto.randomBytes(32);
const newKey = crypto.randomBytes(32);
const before = new Keyring([['old', oldKey]], 'old');
const during = new Keyring(
  [
    ['old', oldKey],
    ['new', newKey],
  ],
  'new',
);
const scope = (owner: string | null, id: string) => ({ kind: 'probe', owner: `user:${owner}`, record: id });

let database: Database;
let drop: () => Promise<void>;
const ROWS = 23;

async function values(table: string, column: string): Promise<Map<string, Buffer>> {
  const rows = rowsOf<{ id: string; value: unknown }>(
    await database.db.execute(
      sql`select id::text as id, ${sql.identifier(column)} as value from ${sql.identifier(table)} where ${sql.identifier(column)} is not null order by id`,
    ),
  );
  return new Map(
    rows.map((row) => [
      row.id,
      typeof row.value === 'string' ? Buffer.from(row.value, 'base64') : Buffer.from(row.value as Uint8Array),
    ]),
  );
}

function rotationWith(keyring: Keyring) {
  const sealer = new Sealer(keyring);
  const legacy = new LegacyVault(keyring, 'production');
  const rotation = new KeyRotation(sealer);
  rotation.register(
    sealedColumn(database.db, sealer, {
      name: 'probe.bytes',
      table: 'seal_probe',
      id: 'id',
      column: 'value',
      scopeColumns: ['owner'],
      scope: (row, id) => scope(row.owner!, id),
      legacy: (value, row, id) =>
        value.subarray(0, 4).toString('latin1') === 'SWXI'
          ? legacy.open(`${id}:${row.owner}`, value)
          : value.subarray(0, 5).toString('latin1') === '%PDF-'
            ? value
            : undefined,
    }),
  );
  rotation.register(
    sealedColumn(database.db, sealer, {
      name: 'probe.text',
      table: 'seal_probe_text',
      id: 'id',
      column: 'value',
      encoding: 'base64',
      scopeColumns: [],
      scope: (_row, id) => ({ kind: 'probe.text', owner: `staff:${id}` }),
    }),
  );
  return { sealer, rotation };
}

beforeAll(async () => {
  ({ database, drop } = await openFreshDatabase());
  await database.db.execute(
    sql`create table seal_probe (id bigint primary key, owner text not null, value bytea)`,
  );
  await database.db.execute(sql`create table seal_probe_text (id bigint primary key, value text)`);
  const sealer = new Sealer(before);
  for (let id = 1; id <= ROWS; id++) {
    const owner = String(100 + id);
    await database.db.execute(
      sql`insert into seal_probe values (${id}, ${owner}, ${sealer.seal(scope(owner, String(id)), Buffer.from(`secret ${id}`))})`,
    );
    await database.db.execute(
      sql`insert into seal_probe_text values (${id}, ${sealer
        .seal({ kind: 'probe.text', owner: `staff:${id}` }, Buffer.from(`totp ${id}`))
        .toString('base64')})`,
    );
  }
  // Two values from before envelopes, one with no value at all, one damaged beyond reading.
  await database.db.execute(
    sql`insert into seal_probe values (101, '7', ${sealLegacy(oldKey, '101:7', Buffer.from('old vault'))}), (102, '7', ${Buffer.from('%PDF-1.7 plain')}), (103, '7', null), (104, '7', ${Buffer.from('garbage bytes that are no envelope')})`,
  );
});
afterAll(async () => {
  await database.close();
  await drop();
});

describe('key rotation', () => {
  it('reports which key each stored value is under', async () => {
    const { rotation } = rotationWith(during);
    expect(await rotation.usage()).toEqual({
      'probe.bytes': { old: ROWS, legacy: 3 },
      'probe.text': { old: ROWS },
    });
  });

  it('stops when interrupted half-way, and the next run finishes the rest; the data bytes never change', async () => {
    const dataBefore = new Map(
      [...(await values('seal_probe', 'value'))]
        .filter(([id]) => Number(id) <= ROWS)
        .map(([id, v]) => [id, splitSealed(v).data]),
    );
    const { rotation, sealer } = rotationWith(during);
    let batches = 0;
    await expect(
      rotation.run({
        batchSize: 5,
        onBatch: () => {
          batches += 1;
          if (batches === 2) throw new Error('interrupted (the operator pressed Ctrl-C)');
        },
      }),
    ).rejects.toThrow(/interrupted/);
    const halfway = await values('seal_probe', 'value');
    const moved = [...halfway.values()].filter(
      (v) => v.subarray(0, 4).toString() === 'SWXE' && keyIdOf(v) === 'new',
    );
    expect(moved.length).toBe(10);
    // Half-way, every value opens: the old key is still in the keyring.
    for (const [id, value] of halfway)
      if (Number(id) <= ROWS)
        expect(sealer.open(scope(String(100 + Number(id)), id), value).toString()).toBe(`secret ${id}`);

    const unreadable: string[] = [];
    const report = await rotation.run({
      batchSize: 5,
      onUnreadable: (source, id) => unreadable.push(`${source}:${id}`),
    });
    expect(report['probe.bytes']).toEqual({ rewrapped: ROWS - 10, upgraded: 2, changed: 0, unreadable: 1 });
    expect(report['probe.text']).toEqual({ rewrapped: ROWS, upgraded: 0, changed: 0, unreadable: 0 });
    expect(unreadable).toEqual(['probe.bytes:104']);

    const after = await values('seal_probe', 'value');
    const onlyNew = new Sealer(new Keyring([['new', newKey]], 'new'));
    for (let id = 1; id <= ROWS; id++) {
      const value = after.get(String(id))!;
      expect(keyIdOf(value)).toBe('new');
      expect(splitSealed(value).data.equals(dataBefore.get(String(id))!)).toBe(true);
      expect(onlyNew.open(scope(String(100 + id), String(id)), value).toString()).toBe(`secret ${id}`);
    }
    expect(onlyNew.open(scope('7', '101'), after.get('101')!).toString()).toBe('old vault');
    expect(onlyNew.open(scope('7', '102'), after.get('102')!).toString()).toBe('%PDF-1.7 plain');
    for (const [id, value] of await values('seal_probe_text', 'value'))
      expect(onlyNew.open({ kind: 'probe.text', owner: `staff:${id}` }, value).toString()).toBe(`totp ${id}`);
    expect(await rotation.usage()).toEqual({
      'probe.bytes': { new: ROWS + 2, legacy: 1 },
      'probe.text': { new: ROWS },
    });
    // Nothing left to do: a third run changes nothing.
    expect((await rotation.run())['probe.bytes']).toEqual({
      rewrapped: 0,
      upgraded: 0,
      changed: 0,
      unreadable: 1,
    });
  });

  it('leaves a value the application rewrote meanwhile as it is (compare-and-set)', async () => {
    const { sealer } = rotationWith(before);
    const owner = '555';
    await database.db.execute(
      sql`insert into seal_probe values (200, ${owner}, ${sealer.seal(scope(owner, '200'), Buffer.from('v1'))})`,
    );
    const rotated = rotationWith(during);
    const source = sealedColumn(database.db, rotated.sealer, {
      name: 'race',
      table: 'seal_probe',
      id: 'id',
      column: 'value',
      scopeColumns: ['owner'],
      scope: (row, id) => scope(row.owner!, id),
    });
    const [cell] = (await source.scan('199', 10, 'new')).filter((c) => c.id === '200');
    // The customer resubmits between the scan and the replacement: a new value under the new key.
    const fresh = rotated.sealer.seal(scope(owner, '200'), Buffer.from('v2'));
    await database.db.execute(sql`update seal_probe set value = ${fresh} where id = 200`);
    const { keyPart } = splitSealed(cell!.head);
    expect(await source.replace(cell!, keyPart, rotated.sealer.rewrap(cell!.scope, keyPart)!)).toBe(false);
    expect(
      rotated.sealer.open(scope(owner, '200'), (await values('seal_probe', 'value')).get('200')!).toString(),
    ).toBe('v2');
  });
});
