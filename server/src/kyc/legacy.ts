import { and, eq, isNull } from 'drizzle-orm';
import type { Signature } from '@swx/shared/contract';
import type { Db } from '../db/client';
import { isSealError, type LegacyVault } from '../platform/crypto';
import { legacyValueRefs, takeLegacyValue } from '../platform/legacy-values';
import type { IdentityData, IdentityFields } from './identity-data';
import type { IdentityPhotos } from './photos';
import { kycFiles, kycIdentities } from './tables';

export interface KycLegacyDeps {
  db: Db;
  data: IdentityData;
  photos: IdentityPhotos;
  legacy: LegacyVault;
}

/**
 * The way from data stored before sealing to sealed data, run at every start before requests are served
 * (idempotent; nothing to do once done):
 * - personal fields and signatures that migration 0024 moved to `legacy_plain_values` are sealed into the
 *   identity record and their staging rows deleted, in one transaction per record;
 * - photos of the old single-key vault (`<id>.bin`, no key part in their row) are opened with the old key and
 *   sealed as envelopes; the old file is deleted once the row has its key part.
 * Answers how many records and photos were sealed, and how many old photos no key of the keyring opens.
 */
export async function upgradeLegacyKyc(
  deps: KycLegacyDeps,
): Promise<{ records: number; photos: number; unreadable: number }> {
  const { db } = deps;
  let records = 0;
  for (const kind of ['kyc.fields', 'kyc.signature'] as const) {
    for (const ref of await legacyValueRefs(db, kind)) {
      const done = await db.transaction(async (tx) => {
        const value = await takeLegacyValue(tx, kind, ref);
        if (value === undefined) return false;
        const [row] = await tx
          .select()
          .from(kycIdentities)
          .where(eq(kycIdentities.id, BigInt(ref)))
          .for('update');
        if (!row) return false;
        const sealed =
          kind === 'kyc.fields'
            ? { fieldsSealed: deps.data.sealFields(row.id, row.userId, value as IdentityFields) }
            : { signatureSealed: deps.data.sealSignature(row.id, row.userId, value as Signature) };
        await tx.update(kycIdentities).set(sealed).where(eq(kycIdentities.id, row.id));
        return true;
      });
      if (done) records += 1;
    }
  }

  let photos = 0;
  let unreadable = 0;
  const oldPhotos = await db.select({ id: kycFiles.id }).from(kycFiles).where(isNull(kycFiles.sealedKey));
  for (const { id } of oldPhotos) {
    const sealed = await db
      .transaction(async (tx) => {
        const [file] = await tx
          .select()
          .from(kycFiles)
          .where(and(eq(kycFiles.id, id), isNull(kycFiles.sealedKey)))
          .for('update');
        if (!file) return false;
        const sealedKey = await deps.photos.upgradeLegacy(id, String(file.userId), deps.legacy);
        if (!sealedKey) return false;
        await tx.update(kycFiles).set({ sealedKey }).where(eq(kycFiles.id, id));
        return true;
      })
      // A photo no key of the keyring opens stays as it is (counted); the others go on.
      .catch((error: unknown) => {
        if (!isSealError(error)) throw error;
        unreadable += 1;
        return false;
      });
    if (sealed) {
      photos += 1;
      await deps.photos.removeLegacy(id);
    }
  }
  return { records, photos, unreadable };
}
