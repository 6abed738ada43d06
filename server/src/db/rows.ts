import { getTableColumns, is, sql, SQL, type Column } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/** The rows of a raw `execute`: node-postgres answers `{ rows }`, and so does PGlite. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** json and jsonb values travel as JSON inside the record set, not as the string drizzle would send. */
function isJsonColumn(column: Column): boolean {
  const type = column.getSQLType();
  return type === 'json' || type === 'jsonb';
}

/**
 * Rows for `insert` as one JSON parameter keyed by column name, the form `json_populate_recordset` reads.
 * Every row must set the same columns: a column left out of one row would be inserted as NULL there instead
 * of taking its default.
 */
function recordSet<T extends PgTable>(
  table: T,
  rows: readonly T['$inferInsert'][],
): {
  columns: Column[];
  json: string;
} {
  const all = getTableColumns(table) as Record<string, Column>;
  const keys = Object.keys(rows[0] ?? {}).filter(
    (key) => (rows[0] as Record<string, unknown>)[key] !== undefined,
  );
  for (const key of keys) if (!all[key]) throw new Error(`insertRows: ${key} is not a column`);
  const columns = keys.map((key) => all[key]!);
  const records = rows.map((row) => {
    const values = row as Record<string, unknown>;
    let defined = 0;
    for (const key in values) if (values[key] !== undefined) defined++;
    if (defined !== keys.length || keys.some((key) => values[key] === undefined))
      throw new Error('insertRows: every row must set the same columns');
    const record: Record<string, unknown> = {};
    keys.forEach((key, k) => {
      const value = values[key];
      const column = columns[k]!;
      if (is(value, SQL)) throw new Error('insertRows: SQL values are not supported');
      const driver = value === null || isJsonColumn(column) ? value : column.mapToDriverValue(value);
      // bigint columns hand the driver a BigInt, which JSON cannot carry; PostgreSQL reads the digits.
      record[column.name] = typeof driver === 'bigint' ? driver.toString() : driver;
    });
    return record;
  });
  return { columns, json: JSON.stringify(records) };
}

/** A raw row (column names, driver values) as drizzle's select model. */
function fromDriver<T extends PgTable>(table: T, raw: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table) as Record<string, Column>)) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}

interface Executor {
  execute(query: SQL): Promise<unknown>;
}

/**
 * A multi-row insert as one fixed-shape statement whose rows travel as a single JSON parameter
 * (`json_populate_recordset`), returning the inserted rows in their order. drizzle's `.values(rows)` binds
 * one parameter per cell, each walked through its query builder (a 64-row batch of 25 columns is 1,600 of
 * them), and writes a different statement for every row count, which PostgreSQL plans anew each time; on the
 * order path that building was a third of the server's CPU. `tail` adds an `on conflict` clause.
 */
export async function insertRows<T extends PgTable>(
  db: Executor,
  table: T,
  rows: readonly T['$inferInsert'][],
  tail: SQL = sql``,
): Promise<T['$inferSelect'][]> {
  if (rows.length === 0) return [];
  const { columns, json } = recordSet(table, rows);
  const names = sql.join(
    columns.map((column) => sql.identifier(column.name)),
    sql`, `,
  );
  const result = await db.execute(sql`
    insert into ${table} (${names})
    select ${names} from json_populate_recordset(null::${table}, ${json}::json)
    ${tail}
    returning *`);
  return rowsOf<Record<string, unknown>>(result).map((raw) => fromDriver(table, raw));
}
