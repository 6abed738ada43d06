import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { KycStatus } from './auth';
import { Body } from './common';
import { KycDetail, kycPersonalFields, Signature } from './kyc';

/**
 * What staff see of a customer's identity (docs/security.md, "Staff access"): read only through the review
 * and customer screens (`admin.kycIdentity`, `admin.customerIdentity`), each read audited with the fields it
 * showed. Document numbers and birth dates arrive masked; a reviewer reveals them with `admin.kycReveal`,
 * audited again. Photos come one by one through `admin.kycImage`, never the generic upload route.
 */

const Time = Type.String({ format: 'date-time' });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** Fields shown masked until revealed. */
export const maskedIdentityFields = ['documentNumber', 'birthdate'] as const;
export type MaskedIdentityField = (typeof maskedIdentityFields)[number];

/** Another customer whose identity carries the same document (type and number, by keyed hash). */
export const IdentityDuplicate = Type.Object({
  identityId: Type.String(),
  userId: Type.String(),
  username: Type.String(),
  status: KycStatus,
});
export type IdentityDuplicate = Static<typeof IdentityDuplicate>;

export const StaffIdentityView = Type.Composite([
  Type.Pick(KycDetail, [
    'status',
    'documentType',
    ...kycPersonalFields,
    'images',
    'submittedAt',
    'decidedAt',
  ]),
  Type.Object({
    /** The identity record's id: the KYC review item's `id`, and the `id` of `admin.kycImage`. */
    id: Type.String(),
    userId: Type.String(),
    signature: Nullable(Signature),
    submissions: Type.Integer(),
    /** When retention emptied the record (the check itself stays on record); null while its data is kept. */
    purgedAt: Nullable(Time),
    /** Other customers with the same document: a reason to look twice. */
    duplicates: Type.Array(IdentityDuplicate),
    /**
     * The fields this answer shows masked (those with a value): `documentNumber` as `•••••789` (the last three
     * characters, the last one of a short number), `birthdate` as `••••-••-••`.
     */
    masked: Type.Array(Type.Union(maskedIdentityFields.map((field) => Type.Literal(field)))),
  }),
]);
export type StaffIdentityView = Static<typeof StaffIdentityView>;

/** `admin.customerIdentity`: null when the customer never started a verification. */
export const CustomerIdentity = Nullable(StaffIdentityView);
export type CustomerIdentity = Static<typeof CustomerIdentity>;

/** `POST /swx/admin/kyc/{id}/reveal`: the masked fields to show in full (each reveal is audited). */
export const KycRevealBody = Body({
  fields: Type.Array(Type.Union(maskedIdentityFields.map((field) => Type.Literal(field))), {
    minItems: 1,
    maxItems: maskedIdentityFields.length,
    uniqueItems: true,
  }),
});
export type KycRevealBody = Static<typeof KycRevealBody>;

/** The revealed values (null where the record has none). */
export const KycRevealed = Type.Object({
  documentNumber: Type.Optional(Nullable(Type.String())),
  birthdate: Type.Optional(Nullable(Type.String())),
});
export type KycRevealed = Static<typeof KycRevealed>;
