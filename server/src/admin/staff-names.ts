import { inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { staff } from './tables';

/**
 * Staff usernames by id, for domains that show who asked for and who approved a four-eyes request (loan
 * write-offs, charity payouts) without reading the staff table themselves.
 */
export async function staffUsernames(reader: Db | Tx, ids: readonly string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids)].filter((id) => /^[1-9][0-9]{0,18}$/.test(id));
  if (wanted.length === 0) return new Map();
  const rows = await reader
    .select({ id: staff.id, username: staff.username })
    .from(staff)
    .where(
      inArray(
        staff.id,
        wanted.map((id) => BigInt(id)),
      ),
    );
  return new Map(rows.map((row) => [String(row.id), row.username]));
}
