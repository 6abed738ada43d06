import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { platformSecrets } from '../tables';
import type { SealScope, Sealer } from './envelope';
import { isSealError, type SealError } from './keyring';
import { sealedColumn, type RewrapSource } from './rotation';

const scopeOf = (name: string): SealScope => ({ kind: 'platform.secret', owner: 'platform', record: name });

/**
 * Server-wide secrets kept sealed in `platform_secrets` under the keyring, one row per name: the key of the
 * blind index today, a hot wallet's key tomorrow. A secret is made once (random) by whichever instance asks
 * first; every instance then reads the same one. Rotation rewraps them like any other sealed value.
 */
export class SealedSecrets {
  constructor(
    private readonly db: Db,
    private readonly sealer: Sealer,
  ) {}

  /** The secret `name`: stored on first use as `make()` (default 32 random bytes), read back after. */
  async getOrCreate(name: string, make: () => Buffer = () => crypto.randomBytes(32)): Promise<Buffer> {
    const scope = scopeOf(name);
    await this.db
      .insert(platformSecrets)
      .values({ name, sealed: this.sealer.seal(scope, make()) })
      .onConflictDoNothing();
    const [row] = await this.db.select().from(platformSecrets).where(eq(platformSecrets.name, name));
    return this.sealer.open(scope, row!.sealed);
  }

  /**
   * Like `getOrCreate`, but a secret the keyring cannot open comes back as its seal error instead of being
   * thrown: the server starts, and only what needs the secret answers `11240`.
   */
  async getOrFailure(name: string): Promise<Buffer | SealError> {
    try {
      return await this.getOrCreate(name);
    } catch (error) {
      if (isSealError(error)) return error;
      throw error;
    }
  }

  /** Stores `value` as the secret `name`, replacing any earlier one. */
  async put(name: string, value: Buffer): Promise<void> {
    const sealed = this.sealer.seal(scopeOf(name), value);
    await this.db
      .insert(platformSecrets)
      .values({ name, sealed })
      .onConflictDoUpdate({ target: platformSecrets.name, set: { sealed } });
  }

  rewrapSource(): RewrapSource {
    return sealedColumn(this.db, this.sealer, {
      name: 'platform.secrets',
      table: 'platform_secrets',
      id: 'name',
      column: 'sealed',
      scopeColumns: [],
      scope: (_row, id) => scopeOf(id),
    });
  }
}
