import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../db/client';
import {
  sealedColumn,
  splitSealed,
  type RewrapSource,
  type SealScope,
  type Sealer,
} from '../platform/crypto';

const exportScope = (exportId: string, userId: string): SealScope => ({
  kind: 'privacy.export',
  owner: `user:${userId}`,
  record: exportId,
});

const exportIdPattern = /^[0-9a-f]{32}$/;

/**
 * Data downloads at rest, sealed like identity photos (kyc/photos.ts): each ZIP under its own data key with
 * the owner and export id as associated data; the data part in `<dir>/<id[0..2]>/<id>.sealed` (mode 600), the
 * key part in the export's row, which the caller stores. A file written again for the same export (a build
 * repeated after a crash) replaces the old one, and the row gets the new key part in the same step.
 */
export class ExportFiles {
  constructor(
    private readonly dir: string,
    private readonly sealer: Sealer,
  ) {}

  private filePath(exportId: string): string {
    if (!exportIdPattern.test(exportId)) throw new Error('privacy: not an export id');
    return path.join(this.dir, exportId.slice(0, 2), `${exportId}.sealed`);
  }

  async write(exportId: string, userId: string, zip: Buffer): Promise<Buffer> {
    const { keyPart, data } = splitSealed(this.sealer.seal(exportScope(exportId, userId), zip));
    const target = this.filePath(exportId);
    await fs.promises.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    await fs.promises.writeFile(target, data, { mode: 0o600 });
    return Buffer.from(keyPart);
  }

  /** The ZIP, opened for its owner; undefined when the file is gone. A foreign or damaged one throws 11240. */
  async read(exportId: string, userId: string, keyPart: Buffer): Promise<Buffer | undefined> {
    let data: Buffer;
    try {
      data = await fs.promises.readFile(this.filePath(exportId));
    } catch {
      return undefined;
    }
    return this.sealer.open(exportScope(exportId, userId), Buffer.concat([keyPart, data]));
  }

  async remove(exportId: string): Promise<void> {
    await fs.promises.rm(this.filePath(exportId), { force: true });
  }

  /** Ready downloads' key parts, for the key rotation (they live a day, but a rotation may fall in it). */
  rewrapSource(db: Db): RewrapSource {
    return sealedColumn(db, this.sealer, {
      name: 'privacy.exports',
      table: 'privacy_exports',
      id: 'id',
      column: 'sealed_key',
      scopeColumns: ['user_id'],
      scope: (row, id) => exportScope(id, row.user_id!),
    });
  }

  get directory(): string {
    return this.dir;
  }
}
