import { Column, SQL, entityKind, is, sql } from 'drizzle-orm';
import { PgColumn, PgDialect, PgTable, integer, pgTable, text } from 'drizzle-orm/pg-core';

// drizzle-orm's is() is patched (patches/drizzle-orm@0.45.4.patch) to work out the entity kinds of a class's
// chain once per class. It must answer exactly as the unpatched walk did.
const accounts = pgTable('accounts', { id: integer('id').primaryKey(), name: text('name') });

describe("drizzle-orm's is(), patched", () => {
  it('knows an entity by its own class and by every class it extends', () => {
    expect(is(accounts.id, PgColumn)).toBe(true);
    expect(is(accounts.id, Column)).toBe(true);
    expect(is(accounts, PgTable)).toBe(true);
    expect(is(sql`1`, SQL)).toBe(true);
  });

  it('refuses what is not one, asked again and again (the per-class answer is kept, not a first answer)', () => {
    for (let round = 0; round < 3; round++) {
      expect(is(accounts.id, SQL)).toBe(false);
      expect(is(sql`1`, Column)).toBe(false);
      expect(is(accounts, Column)).toBe(false);
      expect(is(new Date(), SQL)).toBe(false);
      expect(is({ id: 1 }, SQL)).toBe(false);
      expect(is('text', SQL)).toBe(false);
      expect(is(null, SQL)).toBe(false);
    }
  });

  it('knows an entity of another copy of drizzle by its kind, as the walk did', () => {
    class ForeignBase {
      static readonly [entityKind] = (SQL as unknown as { [entityKind]: string })[entityKind];
    }
    class ForeignSql extends ForeignBase {}
    class Unrelated {
      static readonly [entityKind] = 'Unrelated';
    }
    expect(is(new ForeignSql(), SQL)).toBe(true);
    expect(is(new Unrelated(), SQL)).toBe(false);
  });

  it('refuses a class that is not an entity, as before', () => {
    // Untyped callers can pass any class; the types refuse it.
    const notAnEntity = class NotAnEntity {} as unknown as typeof SQL;
    expect(() => is({}, notAnEntity)).toThrow("doesn't look like a Drizzle entity");
  });

  it('builds the same statements', () => {
    const query = new PgDialect().sqlToQuery(
      sql`select ${accounts.name} from ${accounts} where ${accounts.id} = ${7}`,
    );
    expect(query).toEqual({
      sql: 'select "accounts"."name" from "accounts" where "accounts"."id" = $1',
      params: [7],
      typings: ['none'],
    });
  });
});
