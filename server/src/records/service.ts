import { sql, type SQL } from 'drizzle-orm';
import type { AccountMode, TransactionRecord, TransactionRecordPage } from '@swx/shared/contract';
import type { Db } from '../db/client';
import type { Owner } from '../platform/owned';
import { formatAmount } from '../ledger/accounts';
import { ledgerAccounts, ledgerJournalEntries, ledgerPostings } from '../ledger/tables';

export interface RecordFilters {
  types?: string[];
  currency?: string;
  from?: string;
  to?: string;
}

/** The CSV export is bounded so one request cannot stream the whole ledger. */
export const CSV_ROW_LIMIT = 10_000;

const csvColumns = [
  'time',
  'type',
  'currency',
  'account',
  'amount',
  'balance_after',
  'reference',
  'memo',
] as const;

/**
 * Transaction records (PRODUCT.md §4): the customer's ledger postings in the active mode with the account's
 * balance right after each one. Read-only over the ledger's tables; the ledger stays the only writer.
 */
export class RecordsService {
  constructor(private readonly db: Db) {}

  /** A page of the owner's records: only the account set of `owner.mode`, never the other one. */
  async page(
    owner: Owner,
    filters: RecordFilters,
    page: number,
    pageSize: number,
  ): Promise<TransactionRecordPage> {
    const rows = await this.query(owner.userId, owner.mode, filters, pageSize + 1, (page - 1) * pageSize);
    return { items: rows.slice(0, pageSize), page, pageSize, hasMore: rows.length > pageSize };
  }

  async csv(owner: Owner, filters: RecordFilters): Promise<string> {
    const rows = await this.query(owner.userId, owner.mode, filters, CSV_ROW_LIMIT, 0);
    const lines = [csvColumns.join(',')];
    for (const r of rows) {
      lines.push(
        [
          r.createdAt,
          r.type,
          r.currency,
          r.account,
          r.amount,
          r.balanceAfter,
          r.referenceType && r.referenceId ? `${r.referenceType}:${r.referenceId}` : '',
          r.memo ?? '',
        ]
          .map(csvCell)
          .join(','),
      );
    }
    return `${lines.join('\r\n')}\r\n`;
  }

  private async query(
    userId: string,
    mode: AccountMode,
    filters: RecordFilters,
    limit: number,
    offset: number,
  ): Promise<TransactionRecord[]> {
    const p = ledgerPostings;
    const a = ledgerAccounts;
    const j = ledgerJournalEntries;
    const inner: SQL[] = [sql`${a.ownerUserId} = ${userId}::bigint`, sql`${a.mode} = ${mode}`];
    if (filters.currency) inner.push(sql`${a.currency} = ${filters.currency}`);
    // Type and time filters apply after the running balance, which must count every earlier posting.
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
    const result = await this.db.execute(sql`
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
      limit ${limit} offset ${offset}`);
    const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
    return rows.map((row) => ({
      id: String(row.id),
      type: String(row.type),
      currency: String(row.currency),
      account: row.kind === 'customer_held' ? 'held' : 'available',
      amount: formatAmount(String(row.amount)),
      balanceAfter: formatAmount(String(row.balance_after)),
      referenceType: (row.reference_type as string | null) ?? null,
      referenceId: (row.reference_id as string | null) ?? null,
      memo: (row.memo as string | null) ?? null,
      createdAt: new Date(row.created_at as string | Date).toISOString(),
    }));
  }
}

/**
 * One CSV cell (RFC 4180 quoting). A cell a spreadsheet would run as a formula (starting with = + - @, tab
 * or carriage return) gets a leading apostrophe, so an exported memo cannot execute anything.
 */
export function csvCell(value: string): string {
  let text = value;
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  if (/[",\r\n]/.test(text)) text = `"${text.replace(/"/g, '""')}"`;
  return text;
}
