import { and, count, desc, eq, gte, like, lte } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
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
  action?: string | undefined;
  staffId?: string | undefined;
  target?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * The staff audit log. `record` takes the caller's transaction on purpose: the audit row commits or rolls
 * back with the action it describes.
 */
export class AuditService {
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
   * A page of the log, newest first, filtered by action, staff member, target (exact, or a prefix when it
   * ends with `*`) and an inclusive time range.
   */
  async list(options: AuditFilters & { page: number; pageSize: number }) {
    const target = options.target;
    const where = and(
      options.action ? eq(auditLog.action, options.action) : undefined,
      options.staffId ? eq(auditLog.staffId, BigInt(options.staffId)) : undefined,
      target === undefined
        ? undefined
        : target.endsWith('*')
          ? like(auditLog.target, `${target.slice(0, -1).replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
          : eq(auditLog.target, target),
      options.from ? gte(auditLog.createdAt, new Date(options.from)) : undefined,
      options.to ? lte(auditLog.createdAt, new Date(options.to)) : undefined,
    );
    const rows = await this.db
      .select({
        id: auditLog.id,
        staffId: auditLog.staffId,
        staffUsername: staff.username,
        action: auditLog.action,
        target: auditLog.target,
        details: auditLog.details,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .leftJoin(staff, eq(staff.id, auditLog.staffId))
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize);
    const [totals] = await this.db.select({ total: count() }).from(auditLog).where(where);
    return {
      items: rows.map((row) => ({
        id: row.id.toString(),
        staffId: row.staffId === null ? null : row.staffId.toString(),
        staffUsername: row.staffUsername,
        action: row.action,
        target: row.target,
        details: row.details,
        createdAt: row.createdAt.toISOString(),
      })),
      total: Number(totals?.total ?? 0),
      page: options.page,
      pageSize: options.pageSize,
    };
  }
}
