import crypto from 'node:crypto';
import { and, desc, eq, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { errors, type DataExport } from '@swx/shared/contract';
import type { Db, Tx } from '../db/client';
import { AppError } from '../http/errors';
import type { NotificationsService } from '../notifications/service';
import type { Scheduler } from '../platform/scheduler';
import type { UnitOfWork } from '../platform/unit-of-work';
import { buildArchive } from './archive';
import type { ExportFiles } from './export-files';
import type { PrivacySources } from './sources';
import { privacyExports } from './tables';

/** How long a prepared download works. */
export const EXPORT_HOURS = 24;
const HOUR_MS = 3_600_000;
/** A build that failed this many times is given up (the customer is told and may ask again). */
const MAX_ATTEMPTS = 3;
/** Builds per pass: each holds one customer's ZIP in memory. */
const BUILDS_PER_PASS = 5;
/** Downloads listed on the page. */
const LISTED = 5;

type ExportRow = typeof privacyExports.$inferSelect;

export interface DataExportsDeps {
  db: Db;
  units: UnitOfWork;
  files: ExportFiles;
  sources: PrivacySources;
  notifications: Pick<NotificationsService, 'add'>;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/**
 * The customer's data download (docs/security.md, "The customer's data"):
 *
 * - `request` stores a `preparing` row; a second one while the first is preparing answers 11527 (a partial
 *   unique index decides, so two requests at once cannot both pass);
 * - the scheduler's `privacy.exports` pass (leader only, every 15 s and at start) builds each preparing
 *   export: the ZIP is sealed to a file named by the export id, then ONE transaction sets `ready` (only if it
 *   is still `preparing`) with the key part and stores the notification. A build interrupted by a restart
 *   is simply built again by the next pass, over the same file; the notification goes once;
 * - the same pass deletes every download whose 24 hours have run (`expired`, file and key gone).
 *
 * Everything reads the pass's `now` (the scheduler's clock), so tests move time with a fake clock.
 */
export class DataExports {
  /** The request clock (tests move it with the scheduler's). */
  now: () => number = Date.now;

  constructor(private readonly deps: DataExportsDeps) {}

  registerJobs(scheduler: Pick<Scheduler, 'every'>): void {
    scheduler.every('privacy.exports', 15_000, (now) => this.pass(now), { runOnStart: true });
  }

  async list(userId: string): Promise<DataExport[]> {
    const rows = await this.deps.db
      .select()
      .from(privacyExports)
      .where(eq(privacyExports.userId, BigInt(userId)))
      .orderBy(desc(privacyExports.requestedAt))
      .limit(LISTED);
    return rows.map(toDataExport);
  }

  async request(userId: string): Promise<DataExport> {
    const [row] = await this.deps.db
      .insert(privacyExports)
      .values({
        id: crypto.randomBytes(16).toString('hex'),
        userId: BigInt(userId),
        status: 'preparing',
        requestedAt: new Date(this.now()),
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError(errors.dataExportPending);
    return toDataExport(row);
  }

  /** The ZIP of a ready download, to its owner only (anyone else's, or an expired one, answers 11528). */
  async download(userId: string, id: string): Promise<{ zip: Buffer; sha256: string }> {
    const [row] = await this.deps.db
      .select()
      .from(privacyExports)
      .where(and(eq(privacyExports.id, id), eq(privacyExports.userId, BigInt(userId))));
    const now = this.now();
    if (!row || row.status !== 'ready' || !row.sealedKey || !row.expiresAt || row.expiresAt.getTime() <= now)
      throw new AppError(errors.dataExportNotFound);
    const zip = await this.deps.files.read(row.id, userId, row.sealedKey);
    if (!zip) throw new AppError(errors.dataExportNotFound);
    return { zip, sha256: row.sha256 ?? '' };
  }

  /** One scheduler pass: builds what is preparing, deletes what expired. */
  async pass(now: number): Promise<{ built: number; failed: number; expired: number }> {
    const preparing = await this.deps.db
      .select()
      .from(privacyExports)
      .where(eq(privacyExports.status, 'preparing'))
      .orderBy(privacyExports.requestedAt)
      .limit(BUILDS_PER_PASS);
    let built = 0;
    let failed = 0;
    for (const row of preparing) {
      if (await this.build(row, now)) built += 1;
      else failed += 1;
    }
    return { built, failed, expired: await this.expire(now) };
  }

  private async build(row: ExportRow, now: number): Promise<boolean> {
    const userId = String(row.userId);
    let zip: Buffer;
    let keyPart: Buffer;
    try {
      zip = await buildArchive(this.deps.sources, userId, new Date(now));
      keyPart = await this.deps.files.write(row.id, userId, zip);
    } catch (error) {
      await this.failed(row, error);
      return false;
    }
    const readyAt = new Date(now);
    const expiresAt = new Date(now + EXPORT_HOURS * HOUR_MS);
    await this.deps.units.run(async (unit) => {
      const done = await unit.tx
        .update(privacyExports)
        .set({
          status: 'ready',
          readyAt,
          expiresAt,
          sealedKey: keyPart,
          sizeBytes: zip.length,
          sha256: crypto.createHash('sha256').update(zip).digest('hex'),
        })
        .where(and(eq(privacyExports.id, row.id), eq(privacyExports.status, 'preparing')))
        .returning({ id: privacyExports.id });
      if (done.length === 0) return;
      await this.deps.notifications.add(unit, userId, {
        kind: 'privacy.export_ready',
        titleKey: 'notifications.privacy.exportReady.title',
        bodyKey: 'notifications.privacy.exportReady.body',
        params: { hours: EXPORT_HOURS, expiresAt: expiresAt.toISOString() },
        reference: { type: 'privacy_export', id: row.id },
      });
    });
    return true;
  }

  /** Counts a failed build; the third one gives up and tells the customer. The error text is not stored. */
  private async failed(row: ExportRow, error: unknown): Promise<void> {
    const attempts = row.attempts + 1;
    this.deps.log.warn(
      { err: error, exportId: row.id, attempts },
      'privacy: building a data download failed',
    );
    await this.deps.files.remove(row.id);
    await this.deps.units.run(async (unit) => {
      const giveUp = attempts >= MAX_ATTEMPTS;
      const updated = await unit.tx
        .update(privacyExports)
        .set({ attempts, ...(giveUp ? { status: 'failed' as const } : {}) })
        .where(and(eq(privacyExports.id, row.id), eq(privacyExports.status, 'preparing')))
        .returning({ id: privacyExports.id });
      if (giveUp && updated.length > 0)
        await this.deps.notifications.add(unit, String(row.userId), {
          kind: 'privacy.export_failed',
          titleKey: 'notifications.privacy.exportFailed.title',
          bodyKey: 'notifications.privacy.exportFailed.body',
          reference: { type: 'privacy_export', id: row.id },
        });
    });
  }

  private async expire(now: number): Promise<number> {
    const expired = await this.deps.db
      .update(privacyExports)
      .set({ status: 'expired', sealedKey: null })
      .where(and(eq(privacyExports.status, 'ready'), lte(privacyExports.expiresAt, new Date(now))))
      .returning({ id: privacyExports.id });
    for (const { id } of expired) await this.deps.files.remove(id);
    return expired.length;
  }

  /** A closed account's downloads go at once (in the closure's transaction; files after it commits). */
  async forget(tx: Tx, userId: string): Promise<string[]> {
    const rows = await tx
      .delete(privacyExports)
      .where(eq(privacyExports.userId, BigInt(userId)))
      .returning({ id: privacyExports.id });
    return rows.map((row) => row.id);
  }

  async removeFiles(ids: readonly string[]): Promise<void> {
    for (const id of ids) await this.deps.files.remove(id);
  }
}

function toDataExport(row: ExportRow): DataExport {
  return {
    id: row.id,
    status: row.status,
    requestedAt: row.requestedAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.status === 'ready' ? (row.expiresAt?.toISOString() ?? null) : null,
    sizeBytes: row.status === 'ready' ? row.sizeBytes : null,
  };
}
