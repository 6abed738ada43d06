import { and, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { AccountMode, LedgerEntry, LedgerEntryPage } from '@swx/shared/contract';
import { AppError } from '../http/errors';
import { rowsOf } from '../db/rows';
import { formatAmount } from './accounts';
import { ledgerAccounts, ledgerJournalEntries, ledgerPostings } from './tables';
import type { EntryFilters, EventMovement, JournalPosting, PostingFilters, Reader } from './types';
import { userIdPattern } from './validate';
import { errors } from '@swx/shared/contract';

/** Every posting of these journal entries, in posting order (a receipt's ledger lines). */
export async function postingsOfJournals(
  reader: Reader,
  journalIds: readonly string[],
): Promise<JournalPosting[]> {
  if (journalIds.length === 0) return [];
  const rows = await reader
    .select({
      journalId: ledgerPostings.journalId,
      type: ledgerJournalEntries.type,
      currency: ledgerAccounts.currency,
      kind: ledgerAccounts.kind,
      ownerUserId: ledgerAccounts.ownerUserId,
      amount: ledgerPostings.amount,
    })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .innerJoin(ledgerJournalEntries, eq(ledgerJournalEntries.id, ledgerPostings.journalId))
    .where(
      inArray(
        ledgerPostings.journalId,
        journalIds.map((id) => BigInt(id)),
      ),
    )
    .orderBy(ledgerPostings.id);
  return rows.map((row) => ({
    journalId: String(row.journalId),
    type: row.type,
    currency: row.currency,
    kind: row.kind,
    ownerUserId: row.ownerUserId === null ? null : String(row.ownerUserId),
    amount: row.amount,
  }));
}

/**
 * A customer's money events in one mode, newest first: one per journal entry and currency, with the change of
 * available and of held funds and both balances right after it. The running balances count every posting, so
 * type, currency and time filters choose events without changing them; a page is a page of journal entries.
 */
export async function eventsWithBalances(
  reader: Reader,
  customer: { userId: string; mode: AccountMode },
  filters: PostingFilters,
  page: { limit: number; offset: number },
): Promise<EventMovement[]> {
  const p = ledgerPostings;
  const a = ledgerAccounts;
  const j = ledgerJournalEntries;
  const chosen: SQL[] = [sql`true`];
  if (filters.currency) chosen.push(sql`m.currency = ${filters.currency}`);
  if (filters.types?.length)
    chosen.push(
      sql`${j.type} in (${sql.join(
        filters.types.map((type) => sql`${type}`),
        sql`, `,
      )})`,
    );
  if (filters.from) chosen.push(sql`${j.createdAt} >= ${new Date(filters.from).toISOString()}::timestamptz`);
  if (filters.to) chosen.push(sql`${j.createdAt} <= ${new Date(filters.to).toISOString()}::timestamptz`);
  const currency = filters.currency ? sql`m.currency = ${filters.currency}` : sql`true`;
  const balanceAfter = (kind: string) => sql`coalesce((
      select b.balance_after from mine b
      where b.currency = v.currency and b.kind = ${kind} and b.posting_id <= v.last_posting
      order by b.posting_id desc limit 1), 0)::text`;
  const result = await reader.execute(sql`
    with mine as (
      select ${p.id} as posting_id, ${p.journalId} as journal_id, ${a.currency} as currency, ${a.kind} as kind,
             ${p.amount} as amount,
             sum(${p.amount}) over (partition by ${p.accountId} order by ${p.id}) as balance_after
      from ${p}
      join ${a} on ${a.id} = ${p.accountId}
      where ${a.ownerUserId} = ${customer.userId}::bigint and ${a.mode} = ${customer.mode}
    ), events as (
      select m.journal_id, max(m.posting_id) as last_posting
      from mine m
      join ${j} on ${j.id} = m.journal_id
      where ${sql.join(chosen, sql` and `)}
      group by m.journal_id
      order by last_posting desc
      limit ${page.limit} offset ${page.offset}
    ), moves as (
      select e.journal_id, e.last_posting, m.currency,
             coalesce(sum(m.amount) filter (where m.kind = 'customer_available'), 0) as available,
             coalesce(sum(m.amount) filter (where m.kind = 'customer_held'), 0) as held
      from events e
      join mine m on m.journal_id = e.journal_id
      where ${currency}
      group by e.journal_id, e.last_posting, m.currency
    )
    select v.journal_id::text as journal_id, v.currency, v.available::text as available, v.held::text as held,
           ${balanceAfter('customer_available')} as available_after,
           ${balanceAfter('customer_held')} as held_after,
           ${j.type} as type, ${j.referenceType} as reference_type, ${j.referenceId} as reference_id,
           ${j.memo} as memo, ${j.createdAt} as created_at
    from moves v
    join ${j} on ${j.id} = v.journal_id
    order by v.last_posting desc, v.currency`);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    journalId: String(row.journal_id),
    type: String(row.type),
    currency: String(row.currency),
    available: formatAmount(String(row.available)),
    held: formatAmount(String(row.held)),
    availableAfter: formatAmount(String(row.available_after)),
    heldAfter: formatAmount(String(row.held_after)),
    referenceType: (row.reference_type as string | null) ?? null,
    referenceId: (row.reference_id as string | null) ?? null,
    memo: (row.memo as string | null) ?? null,
    createdAt: new Date(row.created_at as string | Date).toISOString(),
  }));
}

/** A customer's ledger entries (one per posting on their accounts), newest first, a page at a time. */
export async function entriesFor(
  reader: Reader,
  customer: { userId: string; mode: AccountMode },
  filters: EntryFilters,
): Promise<LedgerEntryPage> {
  const limit = Math.min(Math.max(Math.trunc(filters.limit ?? 50), 1), 200);
  const conditions: SQL[] = [
    eq(ledgerAccounts.ownerUserId, BigInt(customer.userId)),
    eq(ledgerAccounts.mode, customer.mode),
  ];
  if (filters.currency) conditions.push(eq(ledgerAccounts.currency, filters.currency));
  if (filters.types?.length) conditions.push(inArray(ledgerJournalEntries.type, filters.types));
  if (filters.reference) {
    conditions.push(
      eq(ledgerJournalEntries.referenceType, filters.reference.type),
      eq(ledgerJournalEntries.referenceId, filters.reference.id),
    );
  }
  if (filters.before) {
    if (!userIdPattern.test(filters.before)) throw new AppError(errors.invalidRequest, 'Invalid cursor');
    conditions.push(lt(ledgerPostings.id, BigInt(filters.before)));
  }
  const rows = await reader
    .select({
      id: ledgerPostings.id,
      journalId: ledgerPostings.journalId,
      amount: ledgerPostings.amount,
      currency: ledgerAccounts.currency,
      kind: ledgerAccounts.kind,
      type: ledgerJournalEntries.type,
      referenceType: ledgerJournalEntries.referenceType,
      referenceId: ledgerJournalEntries.referenceId,
      memo: ledgerJournalEntries.memo,
      createdAt: ledgerJournalEntries.createdAt,
    })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .innerJoin(ledgerJournalEntries, eq(ledgerJournalEntries.id, ledgerPostings.journalId))
    .where(and(...conditions))
    .orderBy(desc(ledgerPostings.id))
    .limit(limit + 1);
  const entries: LedgerEntry[] = rows.slice(0, limit).map((row) => ({
    id: String(row.id),
    journalId: String(row.journalId),
    type: row.type,
    referenceType: row.referenceType,
    referenceId: row.referenceId,
    memo: row.memo,
    currency: row.currency,
    account: row.kind === 'customer_held' ? 'held' : 'available',
    amount: formatAmount(row.amount),
    createdAt: row.createdAt.toISOString(),
  }));
  return { entries, nextBefore: rows.length > limit ? (entries.at(-1)?.id ?? null) : null };
}

// ---- nfts ----
/** One business record's net postings on a platform account (a charity donation per NFT sale). */
export interface PlatformPostingByReference {
  journalId: string;
  referenceId: string;
  /** Signed, formatted: what the entry added to the platform account. */
  amount: string;
  createdAt: Date;
}

/**
 * The postings on one platform account whose entries reference records of `referenceType`, one row per
 * journal entry, oldest first: sums of these are the account's totals per record (never a stored counter).
 */
export async function platformPostingsByReference(
  reader: Reader,
  account: { kind: string; currency: string; mode: AccountMode },
  referenceType: string,
): Promise<PlatformPostingByReference[]> {
  const rows = await reader
    .select({
      journalId: ledgerJournalEntries.id,
      referenceId: ledgerJournalEntries.referenceId,
      amount: sql<string>`sum(${ledgerPostings.amount})`,
      createdAt: ledgerJournalEntries.createdAt,
    })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .innerJoin(ledgerJournalEntries, eq(ledgerJournalEntries.id, ledgerPostings.journalId))
    .where(
      and(
        sql`${ledgerAccounts.ownerUserId} is null`,
        eq(ledgerAccounts.kind, account.kind),
        eq(ledgerAccounts.currency, account.currency),
        eq(ledgerAccounts.mode, account.mode),
        eq(ledgerJournalEntries.referenceType, referenceType),
      ),
    )
    .groupBy(ledgerJournalEntries.id)
    .orderBy(ledgerJournalEntries.id);
  return rows.map((row) => ({
    journalId: String(row.journalId),
    referenceId: row.referenceId ?? '',
    amount: formatAmount(String(row.amount)),
    createdAt: row.createdAt,
  }));
}
