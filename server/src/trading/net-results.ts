import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

/** Real-money customers with a result in a window, and how many of them lost money net over it. */
export interface NetResults {
  customers: number;
  lost: number;
}

/**
 * The risk figure's count for one product (docs/product.md promise 9): per real-money customer, the sum of
 * `profit` over the rows `finished` selects; then how many customers there are and how many are below zero.
 */
export async function netResults(
  db: Db,
  table: PgTable & { userId: PgColumn; mode: PgColumn; profit: PgColumn },
  finished: SQL,
): Promise<NetResults> {
  const perCustomer = db
    .select({ userId: table.userId, net: sql<string>`sum(${table.profit})`.as('net') })
    .from(table)
    .where(and(eq(table.mode, 'real'), finished))
    .groupBy(table.userId)
    .as('per_customer');
  const [row] = await db
    .select({
      customers: sql<number>`count(*)::int`,
      lost: sql<number>`count(*) filter (where net < 0)::int`,
    })
    .from(perCustomer);
  return { customers: Number(row?.customers ?? 0), lost: Number(row?.lost ?? 0) };
}
