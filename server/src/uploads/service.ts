import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { AppError } from '../http/errors';
import type { AuditService } from '../staff/audit';
import {
  sealedColumn,
  splitSealed,
  type RewrapSource,
  type SealScope,
  type Sealer,
} from '../platform/crypto';
import type { Scheduler } from '../platform/scheduler';
import { reencodeImage } from './image';
import { imageMime, signatureLength } from './magic';
import { uploads, type UploadPurpose } from './tables';
import { errors } from '@swx/shared/contract';

/** How much one customer may upload in any 24 hours (parameters `upload_daily_count`, `upload_daily_bytes`). */
export interface UploadQuota {
  count: number;
  bytes: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** First key of the advisory locks that serialise one customer's uploads (the second is the customer id). */
const QUOTA_LOCK_CLASS = 0x75706c64; // "upld"
/** Identity uploads no submission took over are purged after this long (docs/security.md, retention). */
export const IDENTITY_DRAFT_MS = DAY_MS;

export interface StoredUpload {
  id: string;
  ownerUserId: string;
  mime: string;
  size: number;
  sha256: string;
  purpose: UploadPurpose;
  createdAt: Date;
}

const idPattern = /^[0-9a-f]{32}$/;

function toStored(row: typeof uploads.$inferSelect): StoredUpload {
  const { sealedKey: _key, ...rest } = row;
  return { ...rest, ownerUserId: row.ownerUserId.toString() };
}

export interface UploadsOptions {
  db: Db;
  /** Where the sealed files live: outside any folder served to the web. */
  uploadDir: string;
  /** Largest upload, bytes. */
  limit: number;
  quota: () => UploadQuota;
  sealer: Sealer;
  clock?: { now: () => Date };
}

const scopeOf = (upload: { id: string; ownerUserId: string; purpose: UploadPurpose }): SealScope => ({
  kind: `upload.${upload.purpose}`,
  owner: `user:${upload.ownerUserId}`,
  record: upload.id,
});

/**
 * Customer image uploads (deposit proofs, identity photos). Every image is decoded and encoded again on the
 * server (`reencodeImage`), so what is stored and served is pixels only, never the bytes the customer sent;
 * and it is sealed before it touches the disk (`platform/crypto`, one data key per upload, owner and id as
 * associated data): the file `<uploadDir>/<id[0..2]>/<id>.sealed` holds the data part, the row the key part.
 * Identity photos (`purpose` identity) are only ever taken over by a KYC submission: no staff route serves
 * them, and those not taken over are purged after 24 hours.
 */
export class UploadsService {
  private readonly db: Db;
  private readonly uploadDir: string;
  readonly limit: number;
  private readonly quota: () => UploadQuota;
  private readonly sealer: Sealer;
  private readonly clock: { now: () => Date };

  constructor(options: UploadsOptions) {
    this.db = options.db;
    this.uploadDir = options.uploadDir;
    this.limit = options.limit;
    this.quota = options.quota;
    this.sealer = options.sealer;
    this.clock = options.clock ?? { now: () => new Date() };
  }

  private filePath(id: string): string {
    return path.join(this.uploadDir, id.slice(0, 2), `${id}.sealed`);
  }

  /** Where a file stored in plain before sealing lies (read once by `upgradeLegacy`). */
  private legacyPath(id: string): string {
    return path.join(this.uploadDir, id.slice(0, 2), id);
  }

  /**
   * Stores an image read from `chunks`: the first bytes must be PNG or JPEG (refused early otherwise), the
   * size limit is enforced while reading (`isTruncated` reports the multipart parser cutting the file at the
   * limit), then the image is re-encoded, sealed, and counted against the customer's daily quota (11044).
   */
  async store(
    ownerUserId: string,
    chunks: AsyncIterable<Buffer>,
    isTruncated: () => boolean = () => false,
    purpose: UploadPurpose = 'general',
  ): Promise<StoredUpload> {
    const quota = this.quota();
    // Refused before reading when the count is already used up; bytes are checked again under the lock.
    if ((await this.usedToday(this.db, ownerUserId)).count >= quota.count)
      throw new AppError(errors.uploadQuotaExceeded);
    const received = await this.receive(chunks, isTruncated);
    const image = await reencodeImage(received);
    const id = crypto.randomBytes(16).toString('hex');
    const { keyPart, data } = splitSealed(
      this.sealer.seal(scopeOf({ id, ownerUserId, purpose }), image.bytes),
    );
    const finalPath = this.filePath(id);
    await fs.promises.mkdir(path.dirname(finalPath), { recursive: true, mode: 0o700 });
    await fs.promises.writeFile(finalPath, data, { flag: 'wx', mode: 0o600 });
    try {
      return await this.db.transaction(async (tx) => {
        // One customer's uploads are counted one at a time, so parallel uploads cannot overrun the quota.
        await tx.execute(sql`select pg_advisory_xact_lock(${QUOTA_LOCK_CLASS}, ${Number(ownerUserId) | 0})`);
        const used = await this.usedToday(tx, ownerUserId);
        if (used.count + 1 > quota.count || used.bytes + image.bytes.length > quota.bytes) {
          throw new AppError(errors.uploadQuotaExceeded);
        }
        const [row] = await tx
          .insert(uploads)
          .values({
            id,
            ownerUserId: BigInt(ownerUserId),
            mime: image.mime,
            size: image.bytes.length,
            sha256: crypto.createHash('sha256').update(data).digest('hex'),
            purpose,
            sealedKey: Buffer.from(keyPart),
            createdAt: this.clock.now(),
          })
          .returning();
        return toStored(row!);
      });
    } catch (error) {
      await fs.promises.rm(finalPath, { force: true });
      throw error;
    }
  }

  /** Reads the upload into memory, refusing a wrong signature early and anything over the size limit. */
  private async receive(chunks: AsyncIterable<Buffer>, isTruncated: () => boolean): Promise<Buffer> {
    const tooLarge = () => new AppError(errors.imageTooLarge, `Image too large: at most ${this.limit} bytes`);
    const parts: Buffer[] = [];
    let size = 0;
    let checked = false;
    for await (const chunk of chunks) {
      size += chunk.length;
      if (isTruncated() || size > this.limit) throw tooLarge();
      parts.push(chunk);
      if (!checked && size >= signatureLength) {
        if (!imageMime(Buffer.concat(parts).subarray(0, signatureLength)))
          throw new AppError(errors.imageFormatIncorrect);
        checked = true;
      }
    }
    if (isTruncated()) throw tooLarge();
    const bytes = Buffer.concat(parts);
    if (!imageMime(bytes)) throw new AppError(errors.imageFormatIncorrect);
    return bytes;
  }

  /** Uploads the customer stored in the last 24 hours: how many, and their stored bytes. */
  private async usedToday(db: Db | Tx, ownerUserId: string): Promise<{ count: number; bytes: number }> {
    const since = new Date(this.clock.now().getTime() - DAY_MS);
    const [row] = await db
      .select({
        count: sql<number>`count(*)::int`,
        bytes: sql<string>`coalesce(sum(${uploads.size}), 0)::text`,
      })
      .from(uploads)
      .where(and(eq(uploads.ownerUserId, BigInt(ownerUserId)), gt(uploads.createdAt, since)));
    return { count: row?.count ?? 0, bytes: Number(row?.bytes ?? 0) };
  }

  /** The upload if it belongs to `userId`; anyone else gets 404 (not 403), so ids cannot be probed. */
  async findOwned(id: string, userId: string): Promise<StoredUpload> {
    if (!idPattern.test(id)) throw new AppError(errors.notFound);
    const [row] = await this.db
      .select()
      .from(uploads)
      .where(and(eq(uploads.id, id), eq(uploads.ownerUserId, BigInt(userId))));
    if (!row) throw new AppError(errors.notFound);
    return toStored(row);
  }

  /** A general upload (a deposit proof) for staff; identity photos are not found here, ever. */
  async findGeneral(id: string): Promise<StoredUpload> {
    if (!idPattern.test(id)) throw new AppError(errors.notFound);
    const [row] = await this.db
      .select()
      .from(uploads)
      .where(and(eq(uploads.id, id), eq(uploads.purpose, 'general')));
    if (!row) throw new AppError(errors.notFound);
    return toStored(row);
  }

  /**
   * For domains that take an upload id in a customer's request (deposit proof, KYC photos): the upload must
   * exist, belong to that customer and have been made for this `purpose`, else `11008` (the image is
   * missing or not theirs).
   */
  async assertOwned(
    tx: Tx,
    uploadId: string,
    userId: string,
    purpose: UploadPurpose = 'general',
  ): Promise<StoredUpload> {
    const missing = () =>
      new AppError(errors.imageFormatIncorrect, 'Image not found, please upload it again');
    if (!idPattern.test(uploadId)) throw missing();
    const [row] = await tx
      .select()
      .from(uploads)
      .where(
        and(eq(uploads.id, uploadId), eq(uploads.ownerUserId, BigInt(userId)), eq(uploads.purpose, purpose)),
      );
    if (!row) throw missing();
    return toStored(row);
  }

  /**
   * The image's bytes, opened from its sealed file (a missing file answers `11040`, a damaged one `11240`).
   * Inside a transaction, pass it: PGlite has one connection.
   */
  async read(upload: StoredUpload, reader: Db | Tx = this.db): Promise<Buffer> {
    const [row] = await reader
      .select({ sealedKey: uploads.sealedKey })
      .from(uploads)
      .where(eq(uploads.id, upload.id));
    if (!row?.sealedKey) throw new AppError(errors.imageMissing, 'Image not found, please upload it again');
    let data: Buffer;
    try {
      data = await fs.promises.readFile(this.filePath(upload.id));
    } catch {
      throw new AppError(errors.imageMissing, 'Image not found, please upload it again');
    }
    return this.sealer.open(scopeOf(upload), Buffer.concat([row.sealedKey, data]));
  }

  /**
   * Hands an upload over to the domain that keeps it from now on (KYC seals the photo again under its own
   * record): the row goes in the caller's transaction, the file once that transaction has committed.
   */
  async takeOver(tx: Tx, upload: StoredUpload): Promise<() => Promise<void>> {
    await tx.delete(uploads).where(eq(uploads.id, upload.id));
    return () => fs.promises.rm(this.filePath(upload.id), { force: true });
  }

  /** The hourly purge of identity uploads no submission took over (each purge audited with its count). */
  registerJobs(scheduler: Scheduler, audit: AuditService): void {
    scheduler.every('uploads.identity-drafts', 60 * 60_000, (now) => this.purgeIdentityDrafts(now, audit), {
      runOnStart: true,
    });
  }

  /**
   * Purges identity uploads older than 24 hours at `now`: photos picked for a verification that was never
   * submitted. Rows go in one transaction with its audit entry (a count, never which customer or photo),
   * files after it commits. Answers how many were purged.
   */
  async purgeIdentityDrafts(now: number, audit: AuditService): Promise<number> {
    const cutoff = new Date(now - IDENTITY_DRAFT_MS);
    const purged = await this.db.transaction(async (tx) => {
      const rows = await tx
        .delete(uploads)
        .where(and(eq(uploads.purpose, 'identity'), lt(uploads.createdAt, cutoff)))
        .returning({ id: uploads.id });
      if (rows.length > 0)
        await audit.record(tx, {
          staffId: null,
          action: 'retention.purge',
          target: 'uploads:identity-drafts',
          details: { uploads: rows.length, olderThan: cutoff.toISOString() },
        });
      return rows;
    });
    for (const { id } of purged) await fs.promises.rm(this.filePath(id), { force: true });
    return purged.length;
  }

  /**
   * Seals the files stored in plain before uploads were sealed (rows without `sealed_key`), one row at a
   * time under its row lock (two instances starting together do each file once): the sealed file is written,
   * the row updated, then the plain file deleted. A row whose plain file is gone (an identity photo taken
   * over by KYC before this version) is deleted. Idempotent; answers how many were sealed.
   */
  async upgradeLegacy(): Promise<number> {
    let sealed = 0;
    const pending = await this.db.select({ id: uploads.id }).from(uploads).where(isNull(uploads.sealedKey));
    for (const { id } of pending) {
      const done = await this.db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(uploads)
          .where(and(eq(uploads.id, id), isNull(uploads.sealedKey)))
          .for('update');
        if (!row) return false;
        let plain: Buffer;
        try {
          plain = await fs.promises.readFile(this.legacyPath(id));
        } catch {
          await tx.delete(uploads).where(eq(uploads.id, id));
          return false;
        }
        const { keyPart, data } = splitSealed(this.sealer.seal(scopeOf(toStored(row)), plain));
        await fs.promises.writeFile(this.filePath(id), data, { mode: 0o600 });
        await tx
          .update(uploads)
          .set({
            sealedKey: Buffer.from(keyPart),
            sha256: crypto.createHash('sha256').update(data).digest('hex'),
          })
          .where(eq(uploads.id, id));
        return true;
      });
      if (done) sealed += 1;
      await fs.promises.rm(this.legacyPath(id), { force: true });
    }
    return sealed;
  }

  /** The key parts of uploads, for the key rotation. */
  rewrapSource(): RewrapSource {
    return sealedColumn(this.db, this.sealer, {
      name: 'uploads',
      table: 'uploads',
      id: 'id',
      column: 'sealed_key',
      scopeColumns: ['owner_user_id', 'purpose'],
      scope: (row, id) =>
        scopeOf({ id, ownerUserId: row.owner_user_id!, purpose: row.purpose as UploadPurpose }),
    });
  }
}

/** Re-encoding is part of the domain's surface: other domains (NFT artwork) clean images the same way. */
export { reencodeImage, type CleanImage } from './image';
