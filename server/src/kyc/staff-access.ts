import { and, eq, ne } from 'drizzle-orm';
import {
  errors,
  type KycImageField,
  type KycRevealed,
  type MaskedIdentityField,
  type StaffIdentityView,
} from '@swx/shared/contract';
import type { Db, Tx } from '../db/client';
import { AppError } from '../http/errors';
import type { StaffIdentity } from '../staff/staff';
import type { KycDeps } from './deps';
import { kycFiles, kycIdentities } from './tables';
import { fileColumn, type IdentityFields } from './identity-data';

type IdentityRow = typeof kycIdentities.$inferSelect;

const MASK = '•';

/** All but the last three characters hidden: enough to tell two documents apart at a glance, no more. */
export function maskDocumentNumber(value: string): string {
  const shown = value.length > 6 ? 3 : 1;
  return MASK.repeat(value.length - shown) + value.slice(-shown);
}

/** Nothing of the date shown: its presence only. */
export function maskBirthdate(value: string): string {
  return value.replace(/[0-9]/g, MASK);
}

/** Where a staff member read the data from, written in the audit entry. */
type Via = 'review' | 'customer';

/**
 * Staff access to identity data (docs/security.md, "Staff access"). Staff see a customer's identity only
 * through the review and customer screens, one record per request, and every read writes an audit entry
 * (who, which record, which fields) in the same step: no audit, no data. Document numbers and birth dates
 * arrive masked; a reviewer reveals them (`reveal`, audited again). Photos come one at a time (`image`),
 * never through the generic upload route.
 */
export class KycStaffAccess {
  constructor(private readonly deps: KycDeps) {}

  /** One identity record by its id, as the review screen shows it. */
  async identity(staff: StaffIdentity, identityId: string): Promise<StaffIdentityView> {
    const row = await this.find(this.deps.db, identityId);
    return this.view(staff, row, 'review');
  }

  /** A customer's identity record from the customer screen; null when they never started one (10009: no such customer). */
  async customerIdentity(staff: StaffIdentity, userId: string): Promise<StaffIdentityView | null> {
    if (!(await this.deps.auth.customerSummaries([userId])).has(userId))
      throw new AppError(errors.userNotFound);
    const [row] = await this.deps.db
      .select()
      .from(kycIdentities)
      .where(eq(kycIdentities.userId, BigInt(userId)));
    return row ? this.view(staff, row, 'customer') : null;
  }

  /** The masked fields in full, for a reviewer; audited with the fields revealed. */
  async reveal(
    staff: StaffIdentity,
    identityId: string,
    fields: MaskedIdentityField[],
  ): Promise<KycRevealed> {
    const row = await this.find(this.deps.db, identityId);
    const data = this.deps.data.fields(row);
    const revealed: KycRevealed = {};
    for (const field of fields) revealed[field] = data[field] ?? null;
    await this.audit(staff, 'kyc.identity.reveal', row, { fields });
    return revealed;
  }

  /** One photo in full (the review and customer screens), audited with the field. */
  async image(
    staff: StaffIdentity,
    identityId: string,
    field: KycImageField,
  ): Promise<{ bytes: Buffer; mime: string }> {
    const row = await this.find(this.deps.db, identityId);
    const fileId = row[fileColumn[field]];
    if (!fileId) throw new AppError(errors.notFound);
    const [file] = await this.deps.db.select().from(kycFiles).where(eq(kycFiles.id, fileId));
    const bytes = await this.deps.photos.read(fileId, String(row.userId), file?.sealedKey ?? null);
    await this.audit(staff, 'kyc.image.view', row, { field });
    return { bytes, mime: file?.mime ?? 'image/jpeg' };
  }

  private async view(staff: StaffIdentity, row: IdentityRow, via: Via): Promise<StaffIdentityView> {
    const data = this.deps.data.fields(row);
    const signature = this.deps.data.signature(row);
    const masked = (['documentNumber', 'birthdate'] as const).filter((field) => data[field]);
    const shown = (Object.keys(data) as (keyof IdentityFields)[]).filter(
      (field) => data[field] && !(masked as readonly string[]).includes(field),
    );
    await this.audit(staff, 'kyc.identity.view', row, {
      via,
      fields: [...shown, ...(signature ? ['signature'] : [])],
      masked,
    });
    return {
      id: String(row.id),
      userId: String(row.userId),
      status: row.status,
      documentType: row.documentType ?? null,
      documentNumber: data.documentNumber ? maskDocumentNumber(data.documentNumber) : null,
      firstName: data.firstName ?? null,
      lastName: data.lastName ?? null,
      birthdate: data.birthdate ? maskBirthdate(data.birthdate) : null,
      sex: data.sex ?? null,
      country: data.country ?? null,
      address: data.address ?? null,
      areaCode: data.areaCode ?? null,
      phone: data.phone ?? null,
      signature,
      images: {
        frontImage: Boolean(row.frontFile),
        backImage: Boolean(row.backFile),
        handImage: Boolean(row.handFile),
      },
      submissions: row.submissions,
      submittedAt: row.submittedAt?.toISOString() ?? null,
      decidedAt: row.decidedAt?.toISOString() ?? null,
      purgedAt: row.purgedAt?.toISOString() ?? null,
      duplicates: await this.duplicates(row),
      masked,
    };
  }

  /** Other customers whose identity names the same document (by keyed hash). */
  private async duplicates(row: IdentityRow): Promise<StaffIdentityView['duplicates']> {
    if (!row.documentIndex) return [];
    const others = await this.deps.db
      .select({ id: kycIdentities.id, userId: kycIdentities.userId, status: kycIdentities.status })
      .from(kycIdentities)
      .where(and(eq(kycIdentities.documentIndex, row.documentIndex), ne(kycIdentities.id, row.id)))
      .limit(20);
    const customers = await this.deps.auth.customerSummaries(others.map((other) => String(other.userId)));
    return others.map((other) => ({
      identityId: String(other.id),
      userId: String(other.userId),
      username: customers.get(String(other.userId))?.username ?? '',
      status: other.status,
    }));
  }

  private async audit(
    staff: StaffIdentity,
    action: string,
    row: IdentityRow,
    details: Record<string, unknown>,
  ) {
    await this.deps.db.transaction((tx) =>
      this.deps.audit.record(tx, {
        staffId: staff.staffId,
        action,
        target: `kyc:${row.id}`,
        details: { userId: String(row.userId), ...details },
      }),
    );
  }

  private async find(reader: Db | Tx, id: string): Promise<IdentityRow> {
    if (!/^[1-9][0-9]{0,18}$/.test(id)) throw new AppError(errors.notFound);
    const [row] = await reader
      .select()
      .from(kycIdentities)
      .where(eq(kycIdentities.id, BigInt(id)));
    if (!row) throw new AppError(errors.notFound);
    return row;
  }
}
