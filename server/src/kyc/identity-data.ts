import {
  normaliseDocumentNumber,
  type KycDocumentType,
  type KycSex,
  type Signature,
} from '@swx/shared/contract';
import type { Db } from '../db/client';
import {
  sealedColumn,
  type BlindIndex,
  type RewrapSource,
  type SealScope,
  type Sealer,
} from '../platform/crypto';
import type { kycIdentities } from './tables';

/** The personal fields of an identity record, sealed together as one record (`kyc.fields`). */
export interface IdentityFields {
  documentNumber?: string;
  firstName?: string;
  lastName?: string;
  birthdate?: string;
  sex?: KycSex;
  country?: string;
  address?: string;
  areaCode?: string;
  phone?: string;
}

type IdentityRow = typeof kycIdentities.$inferSelect;

/** The identity record's column holding each photo's file id. */
export const fileColumn = { frontImage: 'frontFile', backImage: 'backFile', handImage: 'handFile' } as const;

const scope = (kind: 'kyc.fields' | 'kyc.signature', identityId: string, userId: string): SealScope => ({
  kind,
  owner: `user:${userId}`,
  record: identityId,
});

/**
 * Sealing of an identity record's personal data (docs/security.md): the fields and the signature each under
 * their own data key, bound to the customer and the record; the document number also as a keyed hash, the
 * only form in which it can be searched.
 */
export class IdentityData {
  constructor(
    private readonly sealer: Sealer,
    private readonly index: BlindIndex,
  ) {}

  fields(row: Pick<IdentityRow, 'id' | 'userId' | 'fieldsSealed'> | undefined): IdentityFields {
    if (!row?.fieldsSealed) return {};
    return this.sealer.openJson<IdentityFields>(
      scope('kyc.fields', String(row.id), String(row.userId)),
      row.fieldsSealed,
    );
  }

  sealFields(identityId: bigint, userId: bigint, fields: IdentityFields): Buffer {
    return this.sealer.sealJson(scope('kyc.fields', String(identityId), String(userId)), fields);
  }

  signature(row: Pick<IdentityRow, 'id' | 'userId' | 'signatureSealed'> | undefined): Signature | null {
    if (!row?.signatureSealed) return null;
    return this.sealer.openJson<Signature>(
      scope('kyc.signature', String(row.id), String(row.userId)),
      row.signatureSealed,
    );
  }

  sealSignature(identityId: bigint, userId: bigint, signature: Signature): Buffer {
    return this.sealer.sealJson(scope('kyc.signature', String(identityId), String(userId)), signature);
  }

  /** The keyed hash staff compare for duplicates: the same document type and number, however typed. */
  documentIndex(documentType: KycDocumentType | null, documentNumber: string | undefined): string | null {
    if (!documentType || !documentNumber) return null;
    return this.index.of('kyc.document', `${documentType}:${normaliseDocumentNumber(documentNumber)}`);
  }

  rewrapSources(db: Db): RewrapSource[] {
    return (['kyc.fields', 'kyc.signature'] as const).map((kind) =>
      sealedColumn(db, this.sealer, {
        name: kind,
        table: 'kyc_identities',
        id: 'id',
        column: kind === 'kyc.fields' ? 'fields_sealed' : 'signature_sealed',
        scopeColumns: ['user_id'],
        scope: (row, id) => scope(kind, id, row.user_id!),
      }),
    );
  }
}
