import fs from 'node:fs';
import path from 'node:path';
import { errors } from '@swx/shared/contract';
import type { Db } from '../db/client';
import { AppError } from '../http/errors';
import {
  sealedColumn,
  splitSealed,
  type LegacyVault,
  type RewrapSource,
  type SealScope,
  type Sealer,
} from '../platform/crypto';

const photoScope = (fileId: string, userId: string): SealScope => ({
  kind: 'kyc.photo',
  owner: `user:${userId}`,
  record: fileId,
});

/**
 * Identity photos at rest: each sealed with its own data key (owner and file id as associated data); the
 * data part in `<dir>/<id[0..2]>/<id>.sealed` (mode 600, never served as a file), the key part in the photo's
 * `kyc_files` row, which the caller stores. Plaintext exists only in memory while a request uses it.
 */
export class IdentityPhotos {
  constructor(
    private readonly dir: string,
    private readonly sealer: Sealer,
  ) {}

  private filePath(fileId: string, extension: 'sealed' | 'bin'): string {
    if (!/^[0-9a-f]{32}$/.test(fileId)) throw new AppError(errors.notFound);
    return path.join(this.dir, fileId.slice(0, 2), `${fileId}.${extension}`);
  }

  /** Seals and writes a new photo (never over another); answers the key part for its row. */
  async write(fileId: string, userId: string, plain: Buffer): Promise<Buffer> {
    const { keyPart, data } = splitSealed(this.sealer.seal(photoScope(fileId, userId), plain));
    const target = this.filePath(fileId, 'sealed');
    await fs.promises.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    await fs.promises.writeFile(target, data, { flag: 'wx', mode: 0o600 });
    return Buffer.from(keyPart);
  }

  /** The photo's bytes; a missing file answers 404, a damaged one or a wrong owner `11240`. */
  async read(fileId: string, userId: string, keyPart: Buffer | null): Promise<Buffer> {
    if (!keyPart) throw new AppError(errors.notFound);
    let data: Buffer;
    try {
      data = await fs.promises.readFile(this.filePath(fileId, 'sealed'));
    } catch {
      throw new AppError(errors.notFound);
    }
    return this.sealer.open(photoScope(fileId, userId), Buffer.concat([keyPart, data]));
  }

  async remove(fileId: string): Promise<void> {
    await fs.promises.rm(this.filePath(fileId, 'sealed'), { force: true });
    await fs.promises.rm(this.filePath(fileId, 'bin'), { force: true });
  }

  /**
   * A photo of the old single-key vault (`<id>.bin`) sealed as an envelope: answers the new key part, or
   * undefined when the old file is gone. The old file stays until `removeLegacy` (after the row is updated).
   */
  async upgradeLegacy(fileId: string, userId: string, legacy: LegacyVault): Promise<Buffer | undefined> {
    let old: Buffer;
    try {
      old = await fs.promises.readFile(this.filePath(fileId, 'bin'));
    } catch {
      return undefined;
    }
    const plain = legacy.open(`${fileId}:${userId}`, old);
    const { keyPart, data } = splitSealed(this.sealer.seal(photoScope(fileId, userId), plain));
    const target = this.filePath(fileId, 'sealed');
    await fs.promises.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    await fs.promises.writeFile(target, data, { mode: 0o600 });
    return Buffer.from(keyPart);
  }

  async removeLegacy(fileId: string): Promise<void> {
    await fs.promises.rm(this.filePath(fileId, 'bin'), { force: true });
  }

  /** The key parts of every photo, for the key rotation. */
  rewrapSource(db: Db): RewrapSource {
    return sealedColumn(db, this.sealer, {
      name: 'kyc.photos',
      table: 'kyc_files',
      id: 'id',
      column: 'sealed_key',
      scopeColumns: ['user_id'],
      scope: (row, id) => photoScope(id, row.user_id!),
    });
  }

  /** Where the files are (tests look at the bytes on disk). */
  get directory(): string {
    return this.dir;
  }
}
