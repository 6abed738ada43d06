import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { AppError } from '../http/errors';
import { imageMime, signatureLength } from './magic';
import { uploads } from './tables';
import { errors } from '@swx/shared/contract';

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
 * Customer image uploads (deposit proofs, KYC photos). Files are written under `uploadDir` (outside the web
 * root) with a random 128-bit name; the table keeps owner, type, size and SHA-256.
 */
export class UploadsService {
  constructor(
    private readonly db: Db,
    private readonly uploadDir: string,
    readonly limit: number,
  ) {}

  private filePath(id: string): string {
    return path.join(this.uploadDir, id.slice(0, 2), id);
  }

  /**
   * Stores an image read from `chunks`. The format is decided by the first bytes; the size limit is
   * enforced while reading (`isTruncated` reports the multipart parser cutting the file at the limit).
   */
  async store(
    ownerUserId: string,
    chunks: AsyncIterable<Buffer>,
    isTruncated: () => boolean = () => false,
  ): Promise<StoredUpload> {
    const id = crypto.randomBytes(16).toString('hex');
    const finalPath = this.filePath(id);
    const partPath = `${finalPath}.part`;
    await fs.promises.mkdir(path.dirname(finalPath), { recursive: true });
    const hash = crypto.createHash('sha256');
    let size = 0;
    let head = Buffer.alloc(0);
    let mime: string | undefined;
    const out = await fs.promises.open(partPath, 'wx', 0o600);
    try {
      for await (const chunk of chunks) {
        size += chunk.length;
        if (isTruncated() || size > this.limit)
          throw new AppError(errors.imageTooLarge, `Image too large: at most ${this.limit} bytes`);
        if (mime === undefined) {
          head = Buffer.concat([head, chunk]).subarray(0, signatureLength);
          mime = imageMime(head);
          if (!mime && head.length >= signatureLength) throw new AppError(errors.imageFormatIncorrect);
        }
        hash.update(chunk);
        await out.write(chunk);
      }
      if (isTruncated())
        throw new AppError(errors.imageTooLarge, `Image too large: at most ${this.limit} bytes`);
      if (!mime) throw new AppError(errors.imageFormatIncorrect);
      await out.close();
      await fs.promises.rename(partPath, finalPath);
    } catch (error) {
      await out.close().catch(() => undefined);
      await fs.promises.rm(partPath, { force: true });
      throw error;
    }
    try {
      const [row] = await this.db
        .insert(uploads)
        .values({ id, ownerUserId: BigInt(ownerUserId), mime, size, sha256: hash.digest('hex') })
        .returning();
      return toStored(row!);
    } catch (error) {
      await fs.promises.rm(finalPath, { force: true });
      throw error;
    }
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
