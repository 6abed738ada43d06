import { and, asc, eq } from 'drizzle-orm';
import type { AccountMode, Receipt } from '@swx/shared/contract';
import type { Db, Tx } from '../db/client';
import { AppError } from '../http/errors';
import type { Ledger } from '../ledger/service';
import type { FeedTick } from '../markets/feed/types';
import { listOwned, recordId, type Customer } from '../platform/owned';
import { fmt } from './rules';
import { tradingReceipts } from './tables';
import { errors } from '@swx/shared/contract';

export interface ReceiptValues {
  kind: 'spot' | 'margin' | 'option';
  recordId: bigint;
  userId: bigint;
  mode: AccountMode;
  event: string;
  code: string;
  requestedPrice: string | null;
  fillPrice: string;
  tick: FeedTick;
  /** The rule that chose the tick when it was not the ordinary one (an option expiring on a stale market). */
  rule?: 'stale_first_fresh' | 'stale_void';
}

/** A receipt's row without its journal ids (the ledger adds them when it writes the row with the entry). */
export function receiptRow(values: ReceiptValues): Omit<typeof tradingReceipts.$inferInsert, 'journalIds'> {
  const { tick, ...rest } = values;
  return { ...rest, tickPrice: tick.price, tickTime: new Date(tick.time), tickSeq: tick.seq };
}

/** Stores the receipt of one fill, close or settlement in its transaction (unique per record and event). */
export async function writeReceipt(tx: Tx, values: ReceiptValues & { journalIds: string[] }): Promise<void> {
  const { journalIds, ...rest } = values;
  await tx.insert(tradingReceipts).values({ ...receiptRow(rest), journalIds });
}

/** Execution receipts (docs/product.md, business rules): the price asked and filled, the feed tick used, the ledger lines. */
export class ReceiptsService {
  constructor(
    private readonly db: Db,
    private readonly ledger: Pick<Ledger, 'postingsOfJournals'>,
  ) {}

  async list(customer: Customer, kind: Receipt['kind'], id: string): Promise<Receipt[]> {
    const record = recordId(id);
    if (record === undefined) throw new AppError(errors.orderNotFound);
    const rows = await listOwned(this.db, tradingReceipts, customer, {
      where: and(eq(tradingReceipts.kind, kind), eq(tradingReceipts.recordId, record)),
      orderBy: [asc(tradingReceipts.id)],
    });
    if (rows.length === 0) throw new AppError(errors.orderNotFound);
    const postings = await this.ledger.postingsOfJournals([...new Set(rows.flatMap((r) => r.journalIds))]);
    return rows.map((row) => ({
      id: String(row.id),
      kind: row.kind,
      recordId: String(row.recordId),
      event: row.event,
      code: row.code,
      requestedPrice: row.requestedPrice === null ? null : fmt(row.requestedPrice),
      fillPrice: fmt(row.fillPrice),
      tick: { price: fmt(row.tickPrice), time: row.tickTime.toISOString(), seq: String(row.tickSeq) },
      rule: row.rule ?? null,
      entries: postings
        .filter((p) => row.journalIds.includes(p.journalId))
        .map((p) => ({
          journalId: p.journalId,
          type: p.type,
          currency: p.currency,
          // The customer's own accounts by name; the platform's by kind (fees, trading counterparty).
          account:
            p.kind === 'customer_available' ? 'available' : p.kind === 'customer_held' ? 'held' : p.kind,
          amount: fmt(p.amount),
        })),
      createdAt: row.createdAt.toISOString(),
    }));
  }
}
