import crypto from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import {
  errors,
  kycFields,
  type IdentificationBody,
  type KycDetail,
  type KycField,
  type KycImageField,
  type KycRejection,
  type KycStatus,
} from '@swx/shared/contract';
import type { Db, Tx } from '../db/client';
import { AppError } from '../http/errors';
import type { ReviewRegistry } from '../staff/reviews';
import type { StaffIdentity } from '../staff/staff';
import type { Customer } from '../platform/owned';
import { fileColumn, type IdentityFields } from './identity-data';
import type { KycDeps } from './deps';
import { notifyInUnit } from './notify';
import { KycStaffAccess } from './staff-access';
import { kycFiles, kycIdentities } from './tables';
import { planSubmission, checkPhone, requiredFor } from './validation';

type IdentityRow = typeof kycIdentities.$inferSelect;

const THUMBNAIL_SIDE = 320;

/**
 * Identity verification (docs/product.md, KYC). A submission is checked field by field; its personal fields
 * and signature are sealed (`identity-data.ts`), its photos taken over from the customer's sealed identity
 * uploads and sealed again under the identity record (`photos.ts`; the upload goes once the submission
 * commits); staff decide through the review queue with a reason per failed field, and read the data only
 * through `staff` (audited, masked). The customer's `kycStatus` (users table, through the auth service)
 * moves in the same transaction.
 */
export class KycService {
  now: () => number = () => Date.now();
  /** What staff may see of an identity, and how (audited, masked): `staff-access.ts`. */
  readonly staff: KycStaffAccess;

  constructor(private readonly deps: KycDeps) {
    this.staff = new KycStaffAccess(deps);
  }

  /** True when the customer's identity is verified (loans and, by parameter, withdrawals need it). */
  async isVerified(userId: string, reader: Db | Tx = this.deps.db): Promise<boolean> {
    const [row] = await reader
      .select({ status: kycIdentities.status })
      .from(kycIdentities)
      .where(eq(kycIdentities.userId, BigInt(userId)));
    return row?.status === 'verified';
  }

  /** The identity data a loan contract prints (verified customers only). */
  async identityOf(userId: string, reader: Db | Tx = this.deps.db) {
    const [row] = await reader
      .select()
      .from(kycIdentities)
      .where(eq(kycIdentities.userId, BigInt(userId)));
    if (row?.status !== 'verified' || !row.fieldsSealed) throw new AppError(errors.notVerified);
    const fields = this.deps.data.fields(row);
    return {
      firstName: fields.firstName ?? '',
      lastName: fields.lastName ?? '',
      birthdate: fields.birthdate ?? '',
      documentType: row.documentType ?? 'id_card',
      country: fields.country ?? '',
      address: fields.address ?? '',
      phone: `${fields.areaCode ?? ''} ${fields.phone ?? ''}`.trim(),
    };
  }

  /** The customer's own verification, their data opened for them. */
  async detail(customer: Customer): Promise<KycDetail> {
    const [row] = await this.deps.db
      .select()
      .from(kycIdentities)
      .where(eq(kycIdentities.userId, BigInt(customer.userId)));
    return toDetail(row, this.deps.data.fields(row), this.reviewHours());
  }

  async submit(customer: Customer, body: IdentificationBody): Promise<KycDetail> {
    const written: string[] = [];
    try {
      return await this.deps.units.run(async (unit) => {
        const { tx } = unit;
        const row = await this.lockOrCreate(tx, customer.userId);
        const stored = this.deps.data.fields(row);
        const fields = planSubmission(
          {
            status: row.status,
            documentType: row.documentType,
            hasBackImage: row.backFile !== null,
            hasDocumentNumber: Boolean(stored.documentNumber),
            rejections: row.rejections,
          },
          body,
        );
        const next: IdentityFields = { ...stored };
        const changes: Partial<typeof kycIdentities.$inferInsert> = {};
        const replaced: string[] = [];
        for (const field of fields) {
          if (field === 'frontImage' || field === 'backImage' || field === 'handImage') {
            const { fileId, discard } = await this.takeUpload(tx, customer.userId, body[field]!);
            written.push(fileId);
            unit.afterCommit(discard);
            const old = row[fileColumn[field]];
            if (old) replaced.push(old);
            changes[fileColumn[field]] = fileId;
          } else if (field === 'phone') {
            next.areaCode = body.areaCode!;
            next.phone = checkPhone(body.areaCode!, body.phone!);
          } else if (field === 'signature') {
            changes.signatureSealed = this.deps.data.sealSignature(row.id, row.userId, body.signature!);
          } else if (field === 'documentType') {
            changes.documentType = body.documentType!;
          } else if (
            field === 'firstName' ||
            field === 'lastName' ||
            field === 'address' ||
            field === 'documentNumber'
          ) {
            next[field] = body[field]!.trim();
          } else {
            (next as Record<string, unknown>)[field] = body[field];
          }
        }
        changes.fieldsSealed = this.deps.data.sealFields(row.id, row.userId, next);
        changes.documentIndex = this.deps.data.documentIndex(
          changes.documentType ?? row.documentType,
          next.documentNumber,
        );
        // A passport has no back: a back photo kept from an earlier document type goes.
        if ((body.documentType ?? row.documentType) === 'passport' && row.backFile) {
          replaced.push(row.backFile);
          changes.backFile = null;
        }
        const [updated] = await tx
          .update(kycIdentities)
          .set({
            ...changes,
            status: 'pending',
            rejections: [],
            submissions: row.submissions + 1,
            submittedAt: new Date(this.now()),
            decidedAt: null,
            decidedByStaffId: null,
            purgedAt: null,
          })
          .where(eq(kycIdentities.id, row.id))
          .returning();
        if (replaced.length > 0) await tx.delete(kycFiles).where(inArray(kycFiles.id, replaced));
        await this.deps.auth.setKycStatus(tx, customer.userId, 'pending');
        unit.afterCommit(async () => {
          for (const id of replaced) await this.deps.photos.remove(id);
        });
        return toDetail(updated, next, this.reviewHours());
      });
    } catch (error) {
      for (const id of written) await this.deps.photos.remove(id);
      throw error;
    }
  }

  private async lockOrCreate(tx: Tx, userId: string): Promise<IdentityRow> {
    await tx
      .insert(kycIdentities)
      .values({ userId: BigInt(userId) })
      .onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(kycIdentities)
      .where(eq(kycIdentities.userId, BigInt(userId)))
      .for('update');
    return row!;
  }

  /**
   * Takes one of the customer's sealed identity uploads over as an identity photo: opens it, seals it again
   * under the identity record (its own data key, the photo's id as record), and hands the upload back to be
   * deleted once the submission commits. An upload already taken, gone, or not an identity upload is
   * refused as missing.
   */
  private async takeUpload(tx: Tx, userId: string, uploadId: string) {
    const upload = await this.deps.uploads.assertOwned(tx, uploadId, userId, 'identity');
    const [taken] = await tx
      .select({ id: kycFiles.id })
      .from(kycFiles)
      .where(eq(kycFiles.uploadId, uploadId));
    if (taken)
      throw new AppError(errors.imageMissing, 'This photo was already submitted, please upload it again');
    const plain = await this.deps.uploads.read(upload, tx);
    const fileId = crypto.randomBytes(16).toString('hex');
    const sealedKey = await this.deps.photos.write(fileId, userId, plain);
    await tx
      .insert(kycFiles)
      .values({ id: fileId, userId: BigInt(userId), uploadId, mime: upload.mime, sealedKey });
    return { fileId, discard: await this.deps.uploads.takeOver(tx, upload) };
  }

  /**
   * Everything kept of the customer's own verification, opened for their data download: the detail they
   * see, the signature strokes and the full photos as uploaded. A photo that cannot be opened is left out
   * and named in `unreadable` (the download still goes out; the customer is told).
   */
  async exportFor(customer: Customer) {
    const [row] = await this.deps.db
      .select()
      .from(kycIdentities)
      .where(eq(kycIdentities.userId, BigInt(customer.userId)));
    const detail = toDetail(row, this.deps.data.fields(row), this.reviewHours());
    const signature = this.deps.data.signature(row);
    const photos: { field: KycImageField; mime: string; bytes: Buffer }[] = [];
    const unreadable: KycImageField[] = [];
    for (const field of Object.keys(fileColumn) as KycImageField[]) {
      const fileId = row?.[fileColumn[field]];
      if (!fileId) continue;
      const [file] = await this.deps.db.select().from(kycFiles).where(eq(kycFiles.id, fileId));
      try {
        const bytes = await this.deps.photos.read(fileId, customer.userId, file?.sealedKey ?? null);
        photos.push({ field, mime: file?.mime ?? 'application/octet-stream', bytes });
      } catch {
        unreadable.push(field);
      }
    }
    return { detail, signature, photos, unreadable };
  }

  /** A small JPEG of one of the customer's own photos, for their status page. */
  async thumbnail(customer: Customer, field: KycImageField): Promise<Buffer> {
    const [row] = await this.deps.db
      .select()
      .from(kycIdentities)
      .where(eq(kycIdentities.userId, BigInt(customer.userId)));
    const fileId = row?.[fileColumn[field]];
    if (!fileId) throw new AppError(errors.notFound);
    const [file] = await this.deps.db.select().from(kycFiles).where(eq(kycFiles.id, fileId));
    const plain = await this.deps.photos.read(fileId, customer.userId, file?.sealedKey ?? null);
    return sharp(plain)
      .resize(THUMBNAIL_SIDE, THUMBNAIL_SIDE, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 70 })
      .toBuffer();
  }

  private async findIdentity(reader: Db | Tx, id: string, lock = false): Promise<IdentityRow> {
    if (!/^[1-9][0-9]{0,18}$/.test(id)) throw new AppError(errors.notFound);
    const query = reader
      .select()
      .from(kycIdentities)
      .where(eq(kycIdentities.id, BigInt(id)));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw new AppError(errors.notFound);
    return row;
  }

  // ---- staff review ------------------------------------------------------------------------------------------

  registerReviews(reviews: ReviewRegistry): void {
    reviews.register('kyc', {
      role: 'reviewer',
      list: (status) => this.staffList(status),
      isOpen: async (id) => {
        if (!/^[1-9][0-9]{0,18}$/.test(id)) return undefined;
        const [row] = await this.deps.db
          .select({ status: kycIdentities.status })
          .from(kycIdentities)
          .where(eq(kycIdentities.id, BigInt(id)));
        return row ? row.status === 'pending' : undefined;
      },
      approve: (tx, id, staff) => this.approve(tx, id, staff),
      reject: (tx, id, staff, reason, details) => this.reject(tx, id, staff, reason, details?.fields),
    });
  }

  private async staffList(status: string) {
    const rows = await this.deps.db
      .select()
      .from(kycIdentities)
      .where(eq(kycIdentities.status, status as KycStatus))
      .orderBy(asc(kycIdentities.id))
      .limit(500);
    const customers = await this.deps.auth.customerSummaries(rows.map((row) => String(row.userId)));
    const now = this.now();
    return rows.map((row) => {
      const id = String(row.id);
      const userId = String(row.userId);
      // A submission enters the queue when it is submitted (resubmissions re-enter it).
      const queuedAt = row.submittedAt ?? new Date(now);
      const image = (field: KycImageField) =>
        row[fileColumn[field]] ? `/swx/admin/kyc/${id}/image/${field}` : null;
      // No personal data in the list: staff open one record at a time (`admin.kycIdentity`, audited).
      const {
        documentNumber: _n,
        firstName: _f,
        lastName: _l,
        birthdate: _b,
        sex: _s,
        country: _c,
        address: _a,
        areaCode: _ac,
        phone: _p,
        ...summary
      } = toDetail(row, {}, this.reviewHours());
      return {
        ...summary,
        id,
        userId,
        customer: customers.get(userId) ?? { userId, username: '', email: null },
        queuedAt: queuedAt.toISOString(),
        ageSeconds: Math.max(0, Math.floor((now - queuedAt.getTime()) / 1000)),
        rejectableFields: requiredFor(row.documentType ?? 'id_card'),
        submissions: row.submissions,
        imageUrls: {
          frontImage: image('frontImage'),
          backImage: image('backImage'),
          handImage: image('handImage'),
        },
      };
    });
  }

  private async approve(tx: Tx, id: string, staff: StaffIdentity): Promise<KycDetail> {
    const row = await this.pending(tx, id);
    const [updated] = await tx
      .update(kycIdentities)
      .set({ status: 'verified', decidedAt: new Date(this.now()), decidedByStaffId: BigInt(staff.staffId) })
      .where(eq(kycIdentities.id, row.id))
      .returning();
    await this.deps.auth.setKycStatus(tx, String(row.userId), 'verified');
    await notifyInUnit(this.deps, tx, String(row.userId), 'kyc.approved', {}, { type: 'kyc', id });
    return toDetail(updated, this.deps.data.fields(updated), this.reviewHours());
  }

  /**
   * Fails the submission with a reason per field (`fields`); without fields every field the document type
   * needs fails with the overall reason, so the customer submits everything again.
   */
  private async reject(
    tx: Tx,
    id: string,
    staff: StaffIdentity,
    reason: string,
    fields: Record<string, string> | undefined,
  ): Promise<KycDetail> {
    const row = await this.pending(tx, id);
    const needed = requiredFor(row.documentType ?? 'id_card');
    let rejections: KycRejection[];
    if (fields && Object.keys(fields).length > 0) {
      rejections = Object.entries(fields).map(([field, fieldReason]) => {
        if (!needed.includes(field as KycField) || !(kycFields as readonly string[]).includes(field))
          throw new AppError(errors.invalidRequest, `Unknown or unused KYC field: ${field}`);
        return { field: field as KycField, reason: fieldReason.trim() };
      });
    } else {
      rejections = needed.map((field) => ({ field, reason }));
    }
    const [updated] = await tx
      .update(kycIdentities)
      .set({
        status: 'failed',
        rejections,
        decidedAt: new Date(this.now()),
        decidedByStaffId: BigInt(staff.staffId),
      })
      .where(eq(kycIdentities.id, row.id))
      .returning();
    await this.deps.auth.setKycStatus(tx, String(row.userId), 'failed');
    await notifyInUnit(
      this.deps,
      tx,
      String(row.userId),
      'kyc.rejected',
      { reason, fields: rejections.map((r) => r.field).join(',') },
      { type: 'kyc', id },
    );
    return toDetail(updated, this.deps.data.fields(updated), this.reviewHours());
  }

  private async pending(tx: Tx, id: string): Promise<IdentityRow> {
    const row = await this.findIdentity(tx, id, true);
    if (row.status !== 'pending') throw new AppError(errors.alreadyDecided);
    return row;
  }

  private reviewHours(): number {
    return this.deps.params.getInteger('kyc_review_hours');
  }
}

function toDetail(row: IdentityRow | undefined, fields: IdentityFields, reviewHours: number): KycDetail {
  const submittedAt = row?.submittedAt ?? null;
  return {
    status: row?.status ?? 'unverified',
    documentType: row?.documentType ?? null,
    documentNumber: fields.documentNumber ?? null,
    firstName: fields.firstName ?? null,
    lastName: fields.lastName ?? null,
    birthdate: fields.birthdate ?? null,
    sex: fields.sex ?? null,
    country: fields.country ?? null,
    address: fields.address ?? null,
    areaCode: fields.areaCode ?? null,
    phone: fields.phone ?? null,
    images: {
      frontImage: Boolean(row?.frontFile),
      backImage: Boolean(row?.backFile),
      handImage: Boolean(row?.handFile),
    },
    hasSignature: Boolean(row?.signatureSealed),
    submittedAt: submittedAt?.toISOString() ?? null,
    targetTime:
      row?.status === 'pending' && submittedAt
        ? new Date(submittedAt.getTime() + reviewHours * 3_600_000).toISOString()
        : null,
    decidedAt: row?.decidedAt?.toISOString() ?? null,
    rejections: row?.rejections ?? [],
  };
}

/** Loans tell customers about decisions and reminders the way KYC does. */
export { notifyInUnit, type NoticeDeps } from './notify';
