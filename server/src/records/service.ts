import type { AccountMode, TransactionRecord, TransactionRecordPage } from '@swx/shared/contract';
import type { Owner } from '../platform/owned';
import type { Ledger } from '../ledger/service';

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
 * Transaction records (docs/product.md, business rules): the customer's ledger postings in the active mode with the account's
 * balance right after each one, read through the ledger's `postingsWithBalance` (the ledger owns its tables).
 */
export class RecordsService {
  constructor(private readonly ledger: Pick<Ledger, 'postingsWithBalance'>) {}

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
    const rows = await this.ledger.postingsWithBalance({ userId, mode }, filters, { limit, offset });
    return rows.map((row) => ({
      id: row.id,
      type: row.type,
      currency: row.currency,
      account: row.kind === 'customer_held' ? 'held' : 'available',
      amount: row.amount,
      balanceAfter: row.balanceAfter,
      referenceType: row.referenceType,
      referenceId: row.referenceId,
      memo: row.memo,
      createdAt: row.createdAt,
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
