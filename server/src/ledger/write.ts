import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { rowsOf } from '../db/rows';
import type { Money } from './accounts';
import { ledgerBalances, ledgerJournalEntries, ledgerPostings } from './tables';
import type { TransferRequest } from './types';

export interface EntryWrite {
  /** The entry's place in this statement, and the caller's request index (`written.n`). */
  n: number;
  request: number;
  entry: TransferRequest;
}

/**
 * Journals, postings and balance rows in one statement (one round trip). Journal ids are drawn from the
 * sequence up front so postings can name them; the later parts read the journal rows actually inserted, so
 * when a `once` key makes the insert do nothing, nothing else is written either. The rows travel as three JSON
 * parameters: the statement's text is the same whatever the batch size. `alongside` (an `Attachment`'s
 * insert) runs in the same statement and reads `written(n, journal_id)`. Balance rows must be locked.
 */
export async function writeEntries(
  tx: Tx,
  parts: {
    entries: EntryWrite[];
    postings: { n: number; accountId: bigint; amount: Money }[];
    balances: { accountId: bigint; balance: Money }[];
    alongside: SQL | undefined;
  },
): Promise<{ n: number; id: string }[]> {
  const entries = JSON.stringify(
    parts.entries.map(({ n, request, entry: r }) => ({
      n,
      request,
      type: r.type,
      reference_type: r.reference?.type ?? null,
      reference_id: r.reference?.id ?? null,
      memo: r.memo ?? null,
      created_by_staff_id: r.createdByStaffId ?? null,
      once_key: r.once ?? null,
    })),
  );
  const postings = JSON.stringify(
    parts.postings.map((leg) => ({
      n: leg.n,
      account_id: String(leg.accountId),
      amount: leg.amount.toFixed(),
    })),
  );
  const balances = JSON.stringify(
    parts.balances.map((b) => ({ account_id: String(b.accountId), balance: b.balance.toFixed() })),
  );
  const { alongside } = parts;
  const written = await tx.execute(sql`
    with entry as (
      select e.n, e.request, nextval(pg_get_serial_sequence('ledger_journal_entries', 'id')) as id, e.type,
             e.reference_type, e.reference_id, e.memo, e.created_by_staff_id, e.once_key
      from json_to_recordset(${entries}::json)
           as e(n int, request int, type text, reference_type text, reference_id text, memo text,
                created_by_staff_id bigint, once_key text)
    ), journal as (
      insert into ${ledgerJournalEntries} (id, type, reference_type, reference_id, memo, created_by_staff_id, once_key)
      overriding system value
      select id, type, reference_type, reference_id, memo, created_by_staff_id, once_key from entry order by n
      on conflict (once_key) do nothing
      returning id
    ), postings as (
      insert into ${ledgerPostings} (journal_id, account_id, amount)
      select journal.id, leg.account_id, leg.amount
      from journal join entry on entry.id = journal.id
           join json_to_recordset(${postings}::json) as leg(n int, account_id bigint, amount numeric)
             on leg.n = entry.n
    ), balances as (
      -- The rows are locked above, so writing the computed balance is safe.
      update ${ledgerBalances} as b set balance = v.balance
      from json_to_recordset(${balances}::json) as v(account_id bigint, balance numeric)
      where b.account_id = v.account_id and exists (select 1 from journal)
    )${
      alongside
        ? sql`, written as (
      select entry.request as n, journal.id as journal_id from journal join entry on entry.id = journal.id
    ), alongside as (${alongside})`
        : sql``
    }
    select entry.n, journal.id::text as id from journal join entry on entry.id = journal.id`);
  return rowsOf<{ n: number; id: string }>(written);
}
