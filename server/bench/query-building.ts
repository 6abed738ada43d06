/**
 * drizzle's statement building alone, no database: a select with three conditions built and turned into SQL
 * text and parameters, 20,000 times to warm up and 100,000 measured (docs/decisions.md, "Toolchain": the
 * patched `is()`).
 *
 *   pnpm --dir server exec tsx bench/query-building.ts
 *
 * Prints the processor time per statement. To see the unpatched figure, undo the patch in a scratch copy
 * (`pnpm patch-remove drizzle-orm@0.45.4`) and run it again; run both on a quiet machine, one after the other.
 */
import { and, eq, sql } from 'drizzle-orm';
import { PgDialect, QueryBuilder, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';

const accounts = pgTable('accounts', {
  id: integer('id').primaryKey(),
  name: text('name'),
  amount: numeric('amount'),
});
const dialect = new PgDialect();
const builder = new QueryBuilder();

function build() {
  const query = builder
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, 5), eq(accounts.name, 'x'), sql`${accounts.amount} > ${'10.5'}`));
  return dialect.sqlToQuery(query.getSQL());
}

for (let i = 0; i < 20_000; i++) build();
const before = process.cpuUsage();
const measured = 100_000;
for (let i = 0; i < measured; i++) build();
const used = process.cpuUsage(before);
process.stdout.write(
  `${((used.user + used.system) / measured).toFixed(2)} µs of processor time per statement built\n`,
);
