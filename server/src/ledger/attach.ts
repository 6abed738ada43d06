import { getTableColumns, is, sql, SQL, type Column } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Attachment } from './types';

/**
 * The part of the entries' statement that writes an `Attachment`'s rows: a CTE reading `written(n,
 * journal_id)` (request index and journal id of every entry the statement wrote). The rows travel as one JSON
 * parameter keyed by column name (`json_populate_record` against the table's own row type), so the statement
 * text is the same whatever the batch size, and a row whose request wrote no entry joins nothing.
 */
export function attachedRows<T extends PgTable>(
  attachment: Attachment<T>,
  accepted: number[],
): SQL | undefined {
  const rows = attachment.rows(accepted);
  if (rows.length === 0) return undefined;
  const columns = getTableColumns(attachment.table as PgTable) as Record<string, Column>;
  const target = columns[attachment.journalIdColumn];
  if (!target) throw new Error(`ledger: attach: ${attachment.journalIdColumn} is not a column`);
  const keys = Object.keys(rows[0]!.values).filter((key) => key !== attachment.journalIdColumn);
  for (const key of keys) if (!columns[key]) throw new Error(`ledger: attach: ${key} is not a column`);
  const records = rows.map(({ request, values }) => {
    const record: Record<string, unknown> = { n: request };
    for (const key of keys)
      record[columns[key]!.name] = driverValue(columns[key]!, (values as Record<string, unknown>)[key]);
    return record;
  });
  const names = keys.map((key) => sql.identifier(columns[key]!.name));
  const journalId =
    attachment.as === 'array' ? sql`jsonb_build_array(w.journal_id::text)` : sql`w.journal_id`;
  return sql`insert into ${attachment.table} (${sql.join(names, sql`, `)}, ${sql.identifier(target.name)})
    select ${sql.join(
      names.map((name) => sql`r.${name}`),
      sql`, `,
    )}, ${journalId}
    from json_array_elements(${JSON.stringify(records)}::json) as e(doc)
         cross join lateral json_populate_record(null::${attachment.table}, e.doc) as r
         join written w on w.n = (e.doc->>'n')::int`;
}

function driverValue(column: Column, value: unknown): unknown {
  if (value === undefined) throw new Error('ledger: attach: every row must set the same columns');
  if (is(value, SQL)) throw new Error('ledger: attach: SQL values are not supported');
  const type = column.getSQLType();
  const driver =
    value === null || type === 'json' || type === 'jsonb' ? value : column.mapToDriverValue(value);
  // bigint columns hand the driver a BigInt, which JSON cannot carry; PostgreSQL reads the digits.
  return typeof driver === 'bigint'
    ? driver.toString()
    : driver instanceof Date
      ? driver.toISOString()
      : driver;
}
