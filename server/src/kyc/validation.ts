import type * as PhoneNumbers from 'libphonenumber-js/max';
import {
  KYC_MINIMUM_AGE,
  ageOn,
  errors,
  isSignatureEmpty,
  kycFields,
  type IdentificationBody,
  type KycDocumentType,
  type KycField,
  type KycRejection,
  type KycStatus,
  validNationalNumber,
} from '@swx/shared/contract';
import { AppError } from '../http/errors';
import { onFirstUse } from '../platform/on-first-use';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (platform/on-first-use.ts)
const phoneNumbers = onFirstUse(() => require('libphonenumber-js/max') as typeof PhoneNumbers);
const countries = onFirstUse(() => new Set<string>(phoneNumbers().getCountries()));

/** What a submission may and must carry, given where the customer's identity record stands. */
export interface SubmissionState {
  status: KycStatus;
  documentType: KycDocumentType | null;
  hasBackImage: boolean;
  /** False for a record from before document numbers were asked: its next submission must carry one. */
  hasDocumentNumber: boolean;
  rejections: KycRejection[];
}

/** The fields a body carries, by the names staff fail them under (`phone` = area code and number). */
export function providedFields(body: IdentificationBody): KycField[] {
  const fields: KycField[] = [];
  for (const key of Object.keys(body) as (keyof IdentificationBody)[]) {
    if (body[key] === undefined) continue;
    const field: KycField = key === 'areaCode' ? 'phone' : key;
    if (!fields.includes(field)) fields.push(field);
  }
  return fields;
}

export function requiredFor(documentType: KycDocumentType): KycField[] {
  const all: KycField[] = [...kycFields];
  // A passport has one photo page: no back photo.
  return documentType === 'passport' ? all.filter((f) => f !== 'backImage') : all;
}

/**
 * Decides which fields this submission must carry: everything on a first submission; after a failure exactly
 * the failed fields (plus a back photo when the document type changes to one that has a back, and the document
 * number when the record has none). Refuses with
 * `10019` while pending or verified, `11134` for a field that did not fail, `11130` when one is missing.
 * Answers the fields to store (a passport's back photo is dropped, not stored).
 */
export function planSubmission(state: SubmissionState, body: IdentificationBody): KycField[] {
  if (state.status === 'pending' || state.status === 'verified')
    throw new AppError(
      errors.authenticationStatusIncorrect,
      state.status === 'pending' ? 'Verification is already under review' : 'Identity already verified',
    );
  if ((body.areaCode === undefined) !== (body.phone === undefined))
    throw new AppError(errors.phoneIncorrect, 'Send the area code and the phone number together');
  const documentType = body.documentType ?? state.documentType;
  let provided = providedFields(body);
  if (documentType === 'passport') provided = provided.filter((f) => f !== 'backImage');
  let needed: KycField[];
  if (state.status === 'unverified' || state.rejections.length === 0) {
    needed = documentType ? requiredFor(documentType) : requiredFor('id_card');
  } else {
    needed = state.rejections.map((r) => r.field);
    if (documentType !== 'passport' && !state.hasBackImage && !needed.includes('backImage'))
      needed.push('backImage');
    if (!state.hasDocumentNumber && !needed.includes('documentNumber')) needed.push('documentNumber');
    if (documentType === 'passport') needed = needed.filter((f) => f !== 'backImage');
    const extra = provided.filter((f) => !needed.includes(f));
    if (extra.length > 0)
      throw new AppError(
        errors.kycFieldNotRejected,
        `Only the information that failed review can be submitted again (not ${extra.join(', ')})`,
      );
  }
  const missing = needed.filter((f) => !provided.includes(f));
  if (missing.length > 0)
    throw new AppError(errors.kycIncomplete, `Please complete all information: ${missing.join(', ')}`);
  checkValues(body, new Date());
  return provided;
}

/** Checks each value the body carries (names, date, country and phone bounds are also checked by the schema). */
export function checkValues(body: IdentificationBody, today: Date): void {
  if (body.birthdate !== undefined) {
    const age = ageOn(body.birthdate, today);
    if (age === null || age > 130) throw new AppError(errors.personalDataIncorrect, 'Birthdate incorrect');
    if (age < KYC_MINIMUM_AGE) throw new AppError(errors.notAdult);
  }
  if (body.country !== undefined && !countries().has(body.country))
    throw new AppError(errors.personalDataIncorrect, 'Country incorrect');
  if (body.areaCode !== undefined && body.phone !== undefined) checkPhone(body.areaCode, body.phone);
  if (body.signature !== undefined && isSignatureEmpty(body.signature))
    throw new AppError(errors.signatureMissing);
  const photos = [body.frontImage, body.backImage, body.handImage].filter(
    (p): p is string => p !== undefined,
  );
  if (new Set(photos).size !== photos.length)
    throw new AppError(errors.imageMissing, 'Each photo must be a different image');
}

/**
 * The number must be valid in the calling code's own numbering plan (libphonenumber's metadata, by the
 * contract's rule that the verification form applies too). Answers the national number to store.
 */
export function checkPhone(areaCode: string, phone: string): string {
  const national = validNationalNumber(phoneNumbers(), areaCode, phone);
  if (national === null) throw new AppError(errors.phoneIncorrect);
  return national;
}
