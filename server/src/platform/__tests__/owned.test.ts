import { desc, sql } from 'drizzle-orm';
import { bigint, pgTable, text } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import { type Database } from '../../db/client';
import { openTestDatabase } from '../../test/database';
import { findOwned, listOwned, ownedBy, recordId, type Owner } from '../owned';

/** A table kept per account set, and one per customer only. */
const perMode = pgTable('owned_probe', {
  id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: bigint('user_id', { mode: 'bigint' }).notNull(),
  mode: text('mode').notNull(),
  note: text('note').notNull(),
});
const perUser = pgTable('owned_probe_user', {
  id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: bigint('user_id', { mode: 'bigint' }).notNull(),
  note: text('note').notNull(),
});

describe('owned records', () => {
  let database: Database;
  const aliceReal: Owner = { userId: '7', mode: 'real' };
  const aliceDemo: Owner = { userId: '7', mode: 'demo' };
  const bobReal: Owner = { userId: '8', mode: 'real' };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db.execute(sql`create table owned_probe
      (id bigint generated always as identity primary key, user_id bigint not null, mode text not null,
       note text not null)`);
    await database.db.execute(sql`create table owned_probe_user
      (id bigint generated always as identity primary key, user_id bigint not null, note text not null)`);
    for (const [name, owner] of [
      ['alice real', aliceReal],
      ['alice demo', aliceDemo],
      ['bob real', bobReal],
      ['alice real 2', aliceReal],
    ] as const) {
      const [row] = await database.db
        .insert(perMode)
        .values({ userId: BigInt(owner.userId), mode: owner.mode, note: name })
        .returning();
      ids[name] = String(row!.id);
    }
    await database.db.insert(perUser).values([
      { userId: 7n, note: 'alice' },
      { userId: 8n, note: 'bob' },
    ]);
  });
  afterAll(async () => database.close());

  it('finds a record only through its owner: not the other mode, not another customer', async () => {
    expect((await findOwned(database.db, perMode, aliceReal, ids['alice real']!))?.note).toBe('alice real');
    expect(await findOwned(database.db, perMode, aliceDemo, ids['alice real']!)).toBeUndefined();
    expect(await findOwned(database.db, perMode, bobReal, ids['alice real']!)).toBeUndefined();
    expect((await findOwned(database.db, perMode, aliceDemo, ids['alice demo']!))?.note).toBe('alice demo');
    expect(await findOwned(database.db, perMode, aliceReal, ids['alice demo']!)).toBeUndefined();
  });

  it('lists only the owner’s records of that mode, in the order and limit asked', async () => {
    const notes = async (owner: Owner, limit?: number) =>
      (await listOwned(database.db, perMode, owner, { orderBy: [desc(perMode.id)], limit })).map(
        (r) => r.note,
      );
    expect(await notes(aliceReal)).toEqual(['alice real 2', 'alice real']);
    expect(await notes(aliceReal, 1)).toEqual(['alice real 2']);
    expect(await notes(aliceDemo)).toEqual(['alice demo']);
    expect(await notes(bobReal)).toEqual(['bob real']);
    expect(await notes({ userId: '9', mode: 'real' })).toEqual([]);
  });

  it('a table without a mode is per customer; a table with one is never read without it', async () => {
    const rows = await listOwned(database.db, perUser, { userId: '7' });
    expect(rows.map((r) => r.note)).toEqual(['alice']);
    expect((await listOwned(database.db, perUser, aliceDemo)).map((r) => r.note)).toEqual(['alice']);
    expect(() => ownedBy(perMode, { userId: '7' })).toThrow();
  });

  it('ids that cannot name a record are not found, never a database error', async () => {
    for (const id of ['0', '-1', '01', '1.5', '', ' 1', '9223372036854775808', '99999999999999999999', 'x']) {
      expect(await findOwned(database.db, perMode, aliceReal, id)).toBeUndefined();
    }
    expect(recordId('9223372036854775807')).toBe(2n ** 63n - 1n);
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 24 }), async (id) => {
        const found = await findOwned(database.db, perMode, aliceReal, id);
        const own = [ids['alice real'], ids['alice real 2']].includes(id);
        expect(found !== undefined).toBe(own);
      }),
      { numRuns: 200 },
    );
  });

  it('refuses an owner whose user id is not one', () => {
    expect(() => ownedBy(perMode, { userId: '1 or 1=1', mode: 'real' })).toThrow();
  });
});
