import { stringify } from 'csv-stringify/sync';
import type { AccountMode, TransactionRecord, TransactionRecordPage } from '@swx/shared/contract';
import { recordNames, type RecordNames } from '@swx/shared/contract/record-names';
import type { Owner } from '../platform/owned';
import type { EventMovement, Ledger } from '../ledger/service';
import { Money } from '../ledger/accounts';
import { textCell } from '../http/csv';
import { resolveContentLanguage, type ContentLanguage } from '../content/service';

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
  'available',
  'held',
  'net',
  'availableAfter',
  'heldAfter',
  'reference',
  'memo',
] as const;

/**
 * Transaction records (docs/product.md, business rules): the customer's money events in the active mode, one
 * per journal entry, each with what it did to available and held funds per currency and both balances after
 * it, read through the ledger's `eventsWithBalances` (the ledger owns its tables).
 */
export class RecordsService {
  constructor(private readonly ledger: Pick<Ledger, 'eventsWithBalances'>) {}

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

  /**
   * The records as CSV in the customer's language (header, type and reference names): one line per event
   * and currency, amounts as plain exact numbers a spreadsheet sums, text cells formula-safe.
   */
  async csv(owner: Owner, filters: RecordFilters, language: string): Promise<string> {
    const records = await this.query(owner.userId, owner.mode, filters, CSV_ROW_LIMIT, 0);
    const lang = resolveContentLanguage(language);
    const strings = recordStrings(lang);
    const rows = records.flatMap((r) =>
      r.movements.map((m) => [
        r.createdAt,
        textCell(strings.types[r.type] ?? r.type),
        m.currency,
        m.available,
        m.held,
        m.net,
        m.availableAfter,
        m.heldAfter,
        textCell(referenceText(strings, r.referenceType, r.referenceId)),
        textCell(r.memo ?? ''),
      ]),
    );
    const header = csvColumns.map((column) => textCell(strings.columns[column]));
    // A byte-order mark, so spreadsheets read the UTF-8 header (Chinese, Arabic) as such.
    return stringify([header, ...rows], { bom: true, record_delimiter: 'windows' });
  }

  private async query(
    userId: string,
    mode: AccountMode,
    filters: RecordFilters,
    limit: number,
    offset: number,
  ): Promise<TransactionRecord[]> {
    const rows = await this.ledger.eventsWithBalances({ userId, mode }, filters, { limit, offset });
    return groupByEvent(rows);
  }
}

/** Rows are ordered newest event first, currencies in order within one: consecutive rows of a journal join. */
export function groupByEvent(rows: readonly EventMovement[]): TransactionRecord[] {
  const records: TransactionRecord[] = [];
  for (const row of rows) {
    const movement = {
      currency: row.currency,
      available: row.available,
      held: row.held,
      net: new Money(row.available).plus(row.held).toFixed(),
      availableAfter: row.availableAfter,
      heldAfter: row.heldAfter,
    };
    const last = records.at(-1);
    if (last && last.id === row.journalId) {
      last.movements.push(movement);
      continue;
    }
    records.push({
      id: row.journalId,
      type: row.type,
      movements: [movement],
      referenceType: row.referenceType,
      referenceId: row.referenceId,
      memo: row.memo,
      createdAt: row.createdAt,
    });
  }
  return records;
}

interface RecordStrings {
  types: Record<string, string | undefined>;
  references: Record<string, string | undefined>;
  columns: RecordNames['columns'];
}

function recordStrings(lang: ContentLanguage): RecordStrings {
  return recordNames[lang];
}

function referenceText(strings: RecordStrings, type: string | null, id: string | null): string {
  if (!type || !id) return '';
  const template = strings.references[type];
  return template ? template.replace('{{id}}', id) : `${type} #${id}`;
}
