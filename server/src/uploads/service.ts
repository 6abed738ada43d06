import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { AppError } from '../http/errors';
import { reencodeImage } from './image';
import { imageMime, signatureLength } from './magic';
import { uploads } from './tables';
import { errors } from '@swx/shared/contract';

/** How much one customer may upload in any 24 hours (parameters `upload_daily_count`, `upload_daily_bytes`). */
export interface UploadQuota {
  count: number;
  bytes: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** First key of the advisory locks that serialise one customer's uploads (the second is the customer id). */
const QUOTA_LOCK_CLASS = 0x75706c64; // "upld"

export interface StoredUpload {
  id: string;
  ownerUserId: string;
  mime: string;
  size: number;
  sha256: string;
  createdAt: Date;
}

const idPattern = /^[0-9a-f]{32}$/;

function toStored(row: typeof uploads.$inferSelect): StoredUpload {
  return { ...row, ownerUserId: row.ownerUserId.toString() };
}

/**
 * Customer image uploads (deposit proofs, KYC photos). Every image is decoded and encoded again on the server
 * (`reencodeImage`), so what is stored and served is pixels only, never the bytes the customer sent. Files
 * are written under `uploadDir` (outside the web root) with a random 128-bit name; the table keeps owner,
 * type, size and SHA-256 of the stored file.
 */
export class UploadsService {
  constructor(
    private readonly db: Db,
    private readonly uploadDir: string,
    readonly limit: number,
    private readonly quota: () => UploadQuota,
    private readonly clock: { now: () => Date } = { now: () => new Date() },
  ) {}

  private filePath(id: string): string {
    return path.join(this.uploadDir, id.slice(0, 2), id);
  }

  /**
   * Stores an image read from `chunks`: the first bytes must be PNG or JPEG (refused early otherwise), the
   * size limit is enforced while reading (`isTruncated` reports the multipart parser cutting the file at the
   * limit), then the image is re-encoded and counted against the customer's daily quota (11044).
   */
  async store(
    ownerUserId: string,
    chunks: AsyncIterable<Buffer>,
    isTruncated: () => boolean = () => false,
  ): Promise<StoredUpload> {
    const quota = this.quota();
    // Refused before reading when the count is already used up; bytes are checked again under the lock.
    if ((await this.usedToday(this.db, ownerUserId)).count >= quota.count)
      throw new AppError(errors.uploadQuotaExceeded);
    const received = await this.receive(chunks, isTruncated);
    const image = await reencodeImage(received);
    const id = crypto.randomBytes(16).toString('hex');
    const finalPath = this.filePath(id);
    await fs.promises.mkdir(path.dirname(finalPath), { recursive: true });
    await fs.promises.writeFile(finalPath, image.bytes, { flag: 'wx', mode: 0o600 });
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
            sha256: crypto.createHash('sha256').update(image.bytes).digest('hex'),
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

  async find(id: string): Promise<StoredUpload> {
    if (!idPattern.test(id)) throw new AppError(errors.notFound);
    const [row] = await this.db.select().from(uploads).where(eq(uploads.id, id));
    if (!row) throw new AppError(errors.notFound);
    return toStored(row);
  }

  /**
   * For domains that take an upload id in a customer's request (deposit proof, KYC photos): the upload must
   * exist and belong to that customer, else `11008` (the image is missing or not theirs).
   */
  async assertOwned(tx: Tx, uploadId: string, userId: string): Promise<StoredUpload> {
    if (!idPattern.test(uploadId))
      throw new AppError(errors.imageFormatIncorrect, 'Image not found, please upload it again');
    const [row] = await tx
      .select()
      .from(uploads)
      .where(and(eq(uploads.id, uploadId), eq(uploads.ownerUserId, BigInt(userId))));
    if (!row) throw new AppError(errors.imageFormatIncorrect, 'Image not found, please upload it again');
    return toStored(row);
  }

  open(upload: StoredUpload): fs.ReadStream {
    return fs.createReadStream(this.filePath(upload.id));
  }
}

/** Re-encoding is part of the domain's surface: other domains (NFT artwork) clean images the same way. */
export { reencodeImage, type CleanImage } from './image';
