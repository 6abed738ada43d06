import { and, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AccountMode } from '@swx/shared/contract';
import type { Db, Tx } from '../db/client';

/**
 * Whose record it is: a customer and the account set (real or demo) the request acts on. Demo and real are
 * two separate books: a record written in one is never found through the other.
 */
export interface Owner {
  userId: string;
  mode: AccountMode;
}

/** The signed-in customer of a request: the owner its reads and writes are limited to. */
export type Customer = Owner;

/**
 * An owner as a table sees it: a table whose records belong to the customer whatever the account set
 * (it has no `mode` column) may be read with the user alone.
 */
export type OwnerRef = Owner | { userId: string; mode?: undefined };

/**
 * A table of customer records: a `userId` column, and a `mode` column when its records belong to one account
 * set. A table without `mode` (notifications, the watchlist, cashier records, which are real-only) holds
 * the customer's records of both sets.
 */
export type OwnedTable = PgTable & { userId: AnyPgColumn; mode?: AnyPgColumn };
type IdentifiedTable = OwnedTable & { id: AnyPgColumn };

const BIGINT_MAX = 2n ** 63n - 1n;
const idPattern = /^[1-9][0-9]{0,18}$/;

/**
 * A record id from the wire, or undefined when it cannot name a record: not a positive decimal integer, or
 * above PostgreSQL's bigint (which would otherwise fail inside the query instead of answering "not found").
 */
export function recordId(id: string): bigint | undefined {
  if (!idPattern.test(id)) return undefined;
  const value = BigInt(id);
  return value <= BIGINT_MAX ? value : undefined;
}

/** The condition "this row belongs to `owner`" for `table`. */
export function ownedBy(table: OwnedTable, owner: OwnerRef): SQL {
  const user = recordId(owner.userId);
  if (user === undefined) throw new Error(`owned: "${owner.userId}" is not a user id`);
  const byUser = eq(table.userId, user);
  if (!table.mode) return byUser;
  // Never "all modes" by omission: a table kept per account set is read with one.
  if (owner.mode === undefined) throw new Error('owned: this table needs the account mode');
  return and(byUser, eq(table.mode, owner.mode))!;
}

/**
 * The owner's record with this id, or undefined when there is none (another customer's, the other account
 * set's, or an id out of range all look the same: not found). `forUpdate` locks it for the transaction.
 */
export async function findOwned<T extends IdentifiedTable>(
  reader: Db | Tx,
  table: T,
  owner: OwnerRef,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<T['$inferSelect'] | undefined> {
  const key = recordId(id);
  if (key === undefined) return undefined;
  const query = reader
    .select()
    .from(table as PgTable)
    .where(and(eq(table.id, key), ownedBy(table, owner)));
  const rows = options.forUpdate ? await query.for('update') : await query;
  return rows[0] as T['$inferSelect'] | undefined;
}

/** The owner's records matching `where` (if given), in `orderBy` order, at most `limit`. */
export async function listOwned<T extends OwnedTable>(
  reader: Db | Tx,
  table: T,
  owner: OwnerRef,
  options: { where?: SQL | undefined; orderBy?: SQL[]; limit?: number; offset?: number } = {},
): Promise<T['$inferSelect'][]> {
  let query = reader
    .select()
    .from(table as PgTable)
    .where(and(ownedBy(table, owner), options.where))
    .$dynamic();
  if (options.orderBy?.length) query = query.orderBy(...options.orderBy);
  if (options.limit !== undefined) query = query.limit(options.limit);
  if (options.offset) query = query.offset(options.offset);
  return (await query) as T['$inferSelect'][];
}
