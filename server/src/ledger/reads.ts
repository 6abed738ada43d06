import { and, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { AccountMode, LedgerEntry, LedgerEntryPage } from '@swx/shared/contract';
import { AppError } from '../http/errors';
import { rowsOf } from '../db/rows';
import { formatAmount } from './accounts';
import { ledgerAccounts, ledgerJournalEntries, ledgerPostings } from './tables';
import type { EntryFilters, JournalPosting, PostingFilters, PostingWithBalance, Reader } from './types';
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
 * A customer's postings in one mode, newest first, each with its account's balance right after it. Type and
 * time filters apply after the running balance, which must count every earlier posting.
 */
export async function postingsWithBalance(
  reader: Reader,
  customer: { userId: string; mode: AccountMode },
  filters: PostingFilters,
  page: { limit: number; offset: number },
): Promise<PostingWithBalance[]> {
  const p = ledgerPostings;
  const a = ledgerAccounts;
  const j = ledgerJournalEntries;
  const inner: SQL[] = [
    sql`${a.ownerUserId} = ${customer.userId}::bigint`,
    sql`${a.mode} = ${customer.mode}`,
  ];
  if (filters.currency) inner.push(sql`${a.currency} = ${filters.currency}`);
  const outer: SQL[] = [sql`true`];
  if (filters.types?.length)
    outer.push(
      sql`t.type in (${sql.join(
        filters.types.map((type) => sql`${type}`),
        sql`, `,
      )})`,
    );
  if (filters.from) outer.push(sql`t.created_at >= ${new Date(filters.from).toISOString()}::timestamptz`);
  if (filters.to) outer.push(sql`t.created_at <= ${new Date(filters.to).toISOString()}::timestamptz`);
  const result = await reader.execute(sql`
    select t.* from (
      select ${p.id}::text as id, ${j.type} as type, ${a.currency} as currency, ${a.kind} as kind,
             ${p.amount}::text as amount,
             (sum(${p.amount}) over (partition by ${p.accountId} order by ${p.id}))::text as balance_after,
             ${j.referenceType} as reference_type, ${j.referenceId} as reference_id, ${j.memo} as memo,
             ${j.createdAt} as created_at, ${p.id} as posting_id
      from ${p}
      join ${a} on ${a.id} = ${p.accountId}
      join ${j} on ${j.id} = ${p.journalId}
      where ${sql.join(inner, sql` and `)}
    ) t
    where ${sql.join(outer, sql` and `)}
    order by t.posting_id desc
    limit ${page.limit} offset ${page.offset}`);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    id: String(row.id),
    type: String(row.type),
    currency: String(row.currency),
    kind: String(row.kind),
    amount: formatAmount(String(row.amount)),
    balanceAfter: formatAmount(String(row.balance_after)),
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
