import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { KycDocumentType, KycRejection, KycSex, KycStatus, Signature } from '@swx/shared/contract';

/**
 * One identity record per customer: the personal data as last submitted, the encrypted photos (by file id in
 * `kyc_files`), the signature strokes and where the review stands. A resubmission after a failure updates
 * only the failed fields; `submissions` counts the rounds.
 */
export const kycIdentities = pgTable(
  'kyc_identities',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    status: text('status').$type<KycStatus>().notNull().default('unverified'),
    documentType: text('document_type').$type<KycDocumentType>(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    birthdate: text('birthdate'),
    sex: text('sex').$type<KycSex>(),
    country: text('country'),
    address: text('address'),
    areaCode: text('area_code'),
    phone: text('phone'),
    frontFile: text('front_file'),
    backFile: text('back_file'),
    handFile: text('hand_file'),
    signature: jsonb('signature').$type<Signature>(),
    rejections: jsonb('rejections').$type<KycRejection[]>().notNull().default([]),
    submissions: integer('submissions').notNull().default(0),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedByStaffId: bigint('decided_by_staff_id', { mode: 'bigint' }),
  },
  (t) => [
    uniqueIndex('kyc_identities_user').on(t.userId),
    index('kyc_identities_status_idx').on(t.status, t.id),
    check('kyc_identities_status', sql`${t.status} in ('unverified', 'pending', 'verified', 'failed')`),
  ],
);

/**
 * Identity photos taken over from the customer's uploads, encrypted at rest (AES-256-GCM, `kyc/vault.ts`).
 * `uploadId` is unique: one upload becomes at most one identity photo.
 */
export const kycFiles = pgTable(
  'kyc_files',
  {
    id: text('id').primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    uploadId: text('upload_id').notNull(),
    mime: text('mime').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('kyc_files_upload').on(t.uploadId), index('kyc_files_user_idx').on(t.userId)],
);
