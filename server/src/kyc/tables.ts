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
import type { KycDocumentType, KycRejection, KycStatus } from '@swx/shared/contract';
import { bytea } from '../db/columns';

/**
 * One identity record per customer: where the review stands, in plain (status, document type, rounds, dates:
 * the fact that a check happened outlives its data), and the personal data sealed (`platform/crypto`): the
 * fields as one record (`fields_sealed`, kind `kyc.fields`), the signature strokes as another
 * (`signature_sealed`, kind `kyc.signature`), the photos by file id in `kyc_files`. `document_index` is the
 * keyed hash of document type and number, so staff see duplicates without the number being stored. A
 * resubmission after a failure replaces only the failed fields; `submissions` counts the rounds. The
 * retention jobs empty a record's data and set `purged_at` (kyc/retention.ts).
 */
export const kycIdentities = pgTable(
  'kyc_identities',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    status: text('status').$type<KycStatus>().notNull().default('unverified'),
    documentType: text('document_type').$type<KycDocumentType>(),
    fieldsSealed: bytea('fields_sealed'),
    signatureSealed: bytea('signature_sealed'),
    documentIndex: text('document_index'),
    frontFile: text('front_file'),
    backFile: text('back_file'),
    handFile: text('hand_file'),
    rejections: jsonb('rejections').$type<KycRejection[]>().notNull().default([]),
    submissions: integer('submissions').notNull().default(0),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedByStaffId: bigint('decided_by_staff_id', { mode: 'bigint' }),
    purgedAt: timestamp('purged_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('kyc_identities_user').on(t.userId),
    index('kyc_identities_status_idx').on(t.status, t.id),
    index('kyc_identities_document_idx').on(t.documentIndex),
    check('kyc_identities_status', sql`${t.status} in ('unverified', 'pending', 'verified', 'failed')`),
  ],
);

/**
 * Identity photos taken over from the customer's uploads, sealed (kind `kyc.photo`, the file id as record):
 * the data part in `<identityDir>/<id[0..2]>/<id>.sealed`, the key part in `sealed_key`. A row without
 * `sealed_key` is a file of the old single-key vault, sealed again by the start-up upgrade. `uploadId` is
 * unique: one upload becomes at most one identity photo.
 */
export const kycFiles = pgTable(
  'kyc_files',
  {
    id: text('id').primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    uploadId: text('upload_id').notNull(),
    mime: text('mime').notNull(),
    sealedKey: bytea('sealed_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('kyc_files_upload').on(t.uploadId), index('kyc_files_user_idx').on(t.userId)],
);
