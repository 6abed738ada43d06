import { and, asc, count, desc, eq, gt, gte, like, lte, type SQL } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import { errors, type AuditExportQuery } from '@swx/shared/contract';
import type { Db, Tx } from '../db/client';
import { AppError } from '../http/errors';
import { textCell } from '../http/csv';
import { auditLog, staff } from './tables';

export interface AuditRecord {
  /** The acting staff member; null for the server itself (start-up bootstrap). */
  staffId: string | null;
  /** Dotted verb, e.g. `param.set`, `review.deposit.approve`. */
  action: string;
  /** What was acted on, e.g. `param:trade_fee_rate`, `deposit:42`. */
  target: string;
  details?: Record<string, unknown>;
}

export interface AuditFilters {
  /** An exact action, or — ending in `*` — every action it begins (`param.*`). */
  action?: string | undefined;
  staffId?: string | undefined;
  target?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** One export holds at most this many rows: a longer period is refused (`auditExportTooLarge`), not cut. */
export const AUDIT_EXPORT_LIMIT = 100_000;
const EXPORT_BATCH = 2_000;

const likePrefix = (value: string) => `${value.slice(0, -1).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Exact match, or a prefix when the filter ends with `*`. */
const matching = (column: typeof auditLog.action | typeof auditLog.target, value: string | undefined) =>
  value === undefined ? undefined : value.endsWith('*') ? like(column, likePrefix(value)) : eq(column, value);

function whereOf(filters: AuditFilters): SQL | undefined {
  return and(
    matching(auditLog.action, filters.action),
    filters.staffId ? eq(auditLog.staffId, BigInt(filters.staffId)) : undefined,
    matching(auditLog.target, filters.target),
    filters.from ? gte(auditLog.createdAt, new Date(filters.from)) : undefined,
    filters.to ? lte(auditLog.createdAt, new Date(filters.to)) : undefined,
  );
}

const columns = {
  id: auditLog.id,
  seq: auditLog.seq,
  staffId: auditLog.staffId,
  staffUsername: staff.username,
  action: auditLog.action,
  target: auditLog.target,
  details: auditLog.details,
  createdAt: auditLog.createdAt,
  prevHash: auditLog.prevHash,
  hash: auditLog.hash,
};

type Row = {
  id: bigint;
  seq: bigint;
  staffId: bigint | null;
  staffUsername: string | null;
  action: string;
  target: string;
  details: unknown;
  createdAt: Date;
  prevHash: string;
  hash: string;
};

const entryOf = (row: Row) => ({
  id: row.id.toString(),
  seq: row.seq.toString(),
  hash: row.hash,
  staffId: row.staffId === null ? null : row.staffId.toString(),
  staffUsername: row.staffUsername,
  action: row.action,
  target: row.target,
  details: row.details,
  createdAt: row.createdAt.toISOString(),
});

const exportHeader = [
  'seq',
  'id',
  'created_at',
  'staff_id',
  'staff_username',
  'action',
  'target',
  'details',
  'prev_hash',
  'hash',
];

/**
 * The staff audit log. `record` takes the caller's transaction on purpose: the audit row commits or rolls
 * back with the action it describes. The database chains every row to the one before it and refuses any
 * change to a written row (`audit-chain.ts` verifies the chain).
 */
export class AuditService {
  /** Rows one export may hold (tests lower it). */
  exportLimit = AUDIT_EXPORT_LIMIT;

  constructor(private readonly db: Db) {}

  async record(tx: Tx, entry: AuditRecord): Promise<void> {
    await tx.insert(auditLog).values({
      staffId: entry.staffId === null ? null : BigInt(entry.staffId),
      action: entry.action,
      target: entry.target,
      details: entry.details ?? {},
    });
  }

  /**
   * A page of the log, newest first, filtered by action (exact or prefix), staff member, target (exact, or a
   * prefix when it ends with `*`) and an inclusive time range.
   */
  async list(options: AuditFilters & { page: number; pageSize: number }) {
    const where = whereOf(options);
    const rows = await this.db
      .select(columns)
      .from(auditLog)
      .leftJoin(staff, eq(staff.id, auditLog.staffId))
      .where(where)
      .orderBy(desc(auditLog.seq))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize);
    const [totals] = await this.db.select({ total: count() }).from(auditLog).where(where);
    return {
      items: rows.map(entryOf),
      total: Number(totals?.total ?? 0),
      page: options.page,
      pageSize: options.pageSize,
    };
  }

  /**
   * The rows of a period (and actor, and kind of action) in chain order, as CSV or JSON pieces to stream.
   * Refused before anything is sent when the period holds more than `AUDIT_EXPORT_LIMIT` rows. Each row
   * carries `prev_hash` and `hash`, so an export can be checked link by link away from the server.
   */
  async export(query: AuditExportQuery): Promise<AsyncIterable<string>> {
    const where = whereOf(query);
    const [totals] = await this.db.select({ total: count() }).from(auditLog).where(where);
    const total = Number(totals?.total ?? 0);
    if (total > this.exportLimit) throw new AppError(errors.auditExportTooLarge);
    const db = this.db;
    const format = query.format;
    return (async function* pieces() {
      yield format === 'csv' ? stringify([exportHeader]) : '[';
      let after = -1n;
      let first = true;
      for (;;) {
        const rows = await db
          .select(columns)
          .from(auditLog)
          .leftJoin(staff, eq(staff.id, auditLog.staffId))
          .where(and(where, gt(auditLog.seq, after)))
          .orderBy(asc(auditLog.seq))
          .limit(EXPORT_BATCH);
        if (rows.length === 0) break;
        after = rows[rows.length - 1]!.seq;
        if (format === 'csv') {
          yield stringify(
            rows.map((row) => [
              row.seq.toString(),
              row.id.toString(),
              row.createdAt.toISOString(),
              row.staffId?.toString() ?? '',
              textCell(row.staffUsername ?? ''),
              textCell(row.action),
              textCell(row.target),
              textCell(JSON.stringify(row.details)),
              row.prevHash,
              row.hash,
            ]),
          );
        } else {
          const text = rows
            .map((row) => JSON.stringify({ ...entryOf(row), prevHash: row.prevHash }))
            .join(',\n');
          yield first ? `\n${text}` : `,\n${text}`;
          first = false;
        }
        if (rows.length < EXPORT_BATCH) break;
      }
      if (format === 'json') yield '\n]\n';
    })();
  }
}
