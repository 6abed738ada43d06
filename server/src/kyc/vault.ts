import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** File header: a marker and a format version, so a future key rotation can tell old files apart. */
const MAGIC = Buffer.from('SWXI\x01', 'latin1');
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Identity documents at rest: each file is AES-256-GCM encrypted with the key from
 * `IDENTITY_ENCRYPTION_KEY`, a fresh random 96-bit IV per file, and the file id and owner as associated
 * data, so a file copied under another id or owner fails authentication instead of showing someone else's
 * passport. Layout: MAGIC | IV | tag | ciphertext. Files are written 0600 under `identityDir`, which is never
 * served; plaintext exists only in memory while a request uses it.
 */
export class IdentityVault {
  constructor(
    private readonly key: Buffer,
    private readonly dir: string,
  ) {
    if (key.length !== 32) throw new Error('identity vault: the key must be 32 bytes');
  }

  private filePath(fileId: string): string {
    if (!/^[0-9a-f]{32}$/.test(fileId)) throw new Error('identity vault: bad file id');
    return path.join(this.dir, fileId.slice(0, 2), `${fileId}.bin`);
  }

  seal(fileId: string, ownerUserId: string, plain: Buffer): Buffer {
    const iv = crypto.randomBytes(IV_BYTES);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(`${fileId}:${ownerUserId}`));
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    return Buffer.concat([MAGIC, iv, cipher.getAuthTag(), body]);
  }

  open(fileId: string, ownerUserId: string, sealed: Buffer): Buffer {
    if (
      sealed.length < MAGIC.length + IV_BYTES + TAG_BYTES ||
      !sealed.subarray(0, MAGIC.length).equals(MAGIC)
    )
      throw new Error('identity vault: not a sealed identity file');
    let at = MAGIC.length;
    const iv = sealed.subarray(at, (at += IV_BYTES));
    const tag = sealed.subarray(at, (at += TAG_BYTES));
    const decipher = crypto.createDecipheriv('aes-256-gcm', this.key, iv);
    decipher.setAAD(Buffer.from(`${fileId}:${ownerUserId}`));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(sealed.subarray(at)), decipher.final()]);
  }

  /** Encrypts and writes a new file; never overwrites one. */
  async write(fileId: string, ownerUserId: string, plain: Buffer): Promise<void> {
    const target = this.filePath(fileId);
    await fs.promises.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    await fs.promises.writeFile(target, this.seal(fileId, ownerUserId, plain), { flag: 'wx', mode: 0o600 });
  }

  async read(fileId: string, ownerUserId: string): Promise<Buffer> {
    return this.open(fileId, ownerUserId, await fs.promises.readFile(this.filePath(fileId)));
  }

  async remove(fileId: string): Promise<void> {
    await fs.promises.rm(this.filePath(fileId), { force: true });
  }

  /** Where files are kept (tests look at the bytes on disk). */
  get directory(): string {
    return this.dir;
  }
}
