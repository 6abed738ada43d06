import { Type, type Static } from '@sinclair/typebox';
import { Body, TextLine } from './common';
import { KycStatus } from './auth';
import { UploadId } from './uploads';
import { errors } from './error-names';
import { KYC_AREA_CODE_PATTERN } from './phone';

/**
 * Identity verification (docs/product.md, KYC): the customer submits a document type, personal data, three
 * photos (uploaded first with `POST /upload/identity`, then named here by upload id) and a drawn signature;
 * staff approve or fail it with a reason per failed field; a resubmission carries only the failed fields.
 * Photos are uploaded sealed (`POST /upload/identity`) and taken over when submitted; the customer sees
 * thumbnails of their own. Everything personal is sealed at rest (docs/security.md).
 */

const Time = Type.String({ format: 'date-time' });
const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

export const kycDocumentTypes = ['id_card', 'driver_licence', 'passport'] as const;
export type KycDocumentType = (typeof kycDocumentTypes)[number];

export const kycSexes = ['male', 'female', 'other'] as const;
export type KycSex = (typeof kycSexes)[number];

/** An international calling code ("+49"): every country's, from libphonenumber-js (phone.ts). */
export type KycAreaCode = string;

/** The photos a submission carries; a passport has no back photo. */
export const kycImageFields = ['frontImage', 'backImage', 'handImage'] as const;
export type KycImageField = (typeof kycImageFields)[number];

/**
 * Every field staff can fail, by name. `phone` covers area code and number together. A resubmission after a
 * failure may carry only the failed fields (`11134` otherwise).
 */
export const kycFields = [
  'documentType',
  'documentNumber',
  'firstName',
  'lastName',
  'birthdate',
  'sex',
  'country',
  'address',
  'phone',
  'frontImage',
  'backImage',
  'handImage',
  'signature',
] as const;
export type KycField = (typeof kycFields)[number];

/**
 * A document number as printed: 5 to 30 letters and digits, spaces and dashes allowed between them. Staff
 * find duplicates by it (a keyed hash of `normaliseDocumentNumber`), never by the stored text.
 */
export const KYC_DOCUMENT_NUMBER_PATTERN = '^[A-Za-z0-9](?:[A-Za-z0-9 -]{3,28})[A-Za-z0-9]$';

/** The number as compared for duplicates: upper case, without spaces and dashes. */
export function normaliseDocumentNumber(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}

/** Youngest age at which a customer may be verified (and so borrow or withdraw). */
export const KYC_MINIMUM_AGE = 18;
/** The review target shown while pending (docs/product.md: decided within 48 hours). */
export const KYC_REVIEW_HOURS = 48;

// ---- the drawn signature ---------------------------------------------------------------------------------------

/**
 * A signature as drawn on the pad: the pad's size in CSS pixels and its strokes, each a list of `[x, y]`
 * points (signature_pad's `toData()` mapped to `points.map(p => [p.x, p.y])`). Strokes rather than a
 * picture, so the server can tell an empty pad from a signature and draws it into the contract PDF as lines.
 */
const Coordinate = Type.Number({ minimum: 0, maximum: 4096 });
export const SignaturePoint = Type.Tuple([Coordinate, Coordinate]);
export const Signature = Type.Object(
  {
    width: Type.Integer({ minimum: 50, maximum: 4096 }),
    height: Type.Integer({ minimum: 20, maximum: 4096 }),
    strokes: Type.Array(Type.Array(SignaturePoint, { maxItems: 1000 }), { maxItems: 64 }),
  },
  { additionalProperties: false, 'x-code': errors.signatureMissing },
);
export type Signature = Static<typeof Signature>;

/**
 * True when the pad holds no real signature: fewer than 2 points in all, or ink spanning less than 5 % of
 * the pad's width and height (a dot or a slip of the finger). Client and server apply the same rule.
 */
export function isSignatureEmpty(signature: Signature): boolean {
  const points = signature.strokes.flat();
  if (points.length < 2) return true;
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const spanX = Math.max(...xs) - Math.min(...xs);
  const spanY = Math.max(...ys) - Math.min(...ys);
  return spanX < signature.width * 0.05 && spanY < signature.height * 0.05;
}

/** Whole years between a `YYYY-MM-DD` birthdate and `today` (a date); null when the date is not real. */
export function ageOn(birthdate: string, today: Date): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthdate);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  if (date.getTime() > today.getTime()) return null;
  let age = today.getUTCFullYear() - year;
  const beforeBirthday =
    today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}

// ---- requests --------------------------------------------------------------------------------------------------

const Name = TextLine({
  minLength: 1,
  maxLength: 60,
  pattern: '\\S',
  'x-code': errors.personalDataIncorrect,
});

/**
 * `POST /user/identification`. The first submission (or one after `unverified`) needs every field except
 * `backImage` for a passport (`11130` "complete all information" otherwise); after a failure, only the failed
 * fields. Photos are upload ids of this customer's own identity uploads (`POST /upload/identity`).
 * Answers the KYC detail, message `20001`.
 */
export const IdentificationBody = Body({
  documentType: Type.Optional({
    ...Type.Union(kycDocumentTypes.map((t) => Type.Literal(t))),
    'x-code': errors.personalDataIncorrect,
  }),
  /** The document's number as printed on it (`KYC_DOCUMENT_NUMBER_PATTERN`). */
  documentNumber: Type.Optional(
    Type.String({ pattern: KYC_DOCUMENT_NUMBER_PATTERN, 'x-code': errors.personalDataIncorrect }),
  ),
  firstName: Type.Optional(Name),
  lastName: Type.Optional(Name),
  /** `YYYY-MM-DD`; the customer must be at least 18 (`11132`). */
  birthdate: Type.Optional(
    Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', 'x-code': errors.personalDataIncorrect }),
  ),
  sex: Type.Optional({
    ...Type.Union(kycSexes.map((s) => Type.Literal(s))),
    'x-code': errors.personalDataIncorrect,
  }),
  /** ISO 3166-1 alpha-2 country of residence. */
  country: Type.Optional(Type.String({ pattern: '^[A-Z]{2}$', 'x-code': errors.personalDataIncorrect })),
  address: Type.Optional(
    TextLine({ minLength: 5, maxLength: 200, pattern: '\\S', 'x-code': errors.personalDataIncorrect }),
  ),
  /** A calling code ("+1", "+44"; `KYC_AREA_CODE_PATTERN`); sent with `phone` (both or neither). */
  areaCode: Type.Optional(
    Type.String({ pattern: KYC_AREA_CODE_PATTERN, maxLength: 4, 'x-code': errors.phoneIncorrect }),
  ),
  /** The national number, digits (spaces and dashes allowed); checked against the code's plan (`11131`, phone.ts). */
  phone: Type.Optional(Type.String({ pattern: '^[0-9 -]{4,20}$', 'x-code': errors.phoneIncorrect })),
  frontImage: Type.Optional({ ...UploadId, 'x-code': errors.imageMissing }),
  backImage: Type.Optional({ ...UploadId, 'x-code': errors.imageMissing }),
  handImage: Type.Optional({ ...UploadId, 'x-code': errors.imageMissing }),
  /** An empty pad is refused with `11133`. */
  signature: Type.Optional(Signature),
});
export type IdentificationBody = Static<typeof IdentificationBody>;

export const KycImagePath = Type.Object({
  field: Type.Union(kycImageFields.map((f) => Type.Literal(f))),
});
export type KycImagePath = Static<typeof KycImagePath>;

// ---- answers ---------------------------------------------------------------------------------------------------

export const KycRejection = Type.Object({
  field: Type.Union(kycFields.map((f) => Type.Literal(f))),
  /** Staff's reason in their words, e.g. "back photo unreadable". */
  reason: Type.String(),
});
export type KycRejection = Static<typeof KycRejection>;

/**
 * The personal data of an identity record as the wire carries it: staff read these one record at a time
 * (`StaffIdentityView`), and the review queue's items leave them out (`KycReview`).
 */
export const kycPersonalFields = [
  'documentNumber',
  'firstName',
  'lastName',
  'birthdate',
  'sex',
  'country',
  'address',
  'areaCode',
  'phone',
] as const;

/** `GET /user/identification`: what the customer submitted and where the review stands. */
export const KycDetail = Type.Object({
  status: KycStatus,
  documentType: Type.Union([...kycDocumentTypes.map((t) => Type.Literal(t)), Type.Null()]),
  documentNumber: Nullable(Type.String()),
  firstName: Nullable(Type.String()),
  lastName: Nullable(Type.String()),
  birthdate: Nullable(Type.String()),
  sex: Type.Union([...kycSexes.map((s) => Type.Literal(s)), Type.Null()]),
  country: Nullable(Type.String()),
  address: Nullable(Type.String()),
  areaCode: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  /** Which photos are on file; each is shown through `GET /user/identification/image/{field}` (a thumbnail). */
  images: Type.Object({
    frontImage: Type.Boolean(),
    backImage: Type.Boolean(),
    handImage: Type.Boolean(),
  }),
  hasSignature: Type.Boolean(),
  submittedAt: Nullable(Time),
  /** While pending: the 48-hour review target. */
  targetTime: Nullable(Time),
  decidedAt: Nullable(Time),
  /** After a failure: the reason per failed field; resubmit exactly these. */
  rejections: Type.Array(KycRejection),
});
export type KycDetail = Static<typeof KycDetail>;
