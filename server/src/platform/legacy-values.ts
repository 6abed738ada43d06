import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { legacyPlainValues } from './tables';

/**
 * Plain values a migration moved out of the columns it dropped (`legacy_plain_values`), for the domain that
 * seals them into their new place at start-up. `takeLegacyValue` removes the value in the caller's
 * transaction, so it is sealed exactly once even when two instances start together.
 */
export async function legacyValueRefs(db: Db, kind: string): Promise<string[]> {
  const rows = await db
    .select({ ref: legacyPlainValues.ref })
    .from(legacyPlainValues)
    .where(eq(legacyPlainValues.kind, kind));
  return rows.map((row) => row.ref);
}

export async function takeLegacyValue(tx: Tx, kind: string, ref: string): Promise<unknown> {
  const where = and(eq(legacyPlainValues.kind, kind), eq(legacyPlainValues.ref, ref));
  const [row] = await tx.select().from(legacyPlainValues).where(where).for('update');
  if (!row) return undefined;
  await tx.delete(legacyPlainValues).where(where);
  return row.value;
}
