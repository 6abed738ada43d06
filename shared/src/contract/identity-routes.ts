import { Type } from '@sinclair/typebox';
import { CustomerIdentity, KycRevealBody, KycRevealed, StaffIdentityView } from './identity';
import { LoanIdPath } from './loans';
import { CustomerIdPath } from './staff-customers';
import { UploadResult } from './uploads';
import { customerReaders, post, reviewer, staff, type RouteSpec } from './route-spec';

/** Identity data protected at rest (issue 27), part of `routes`: sealed identity uploads and staff access. */
export const identityRoutes = {
  /**
   * An identity photo (multipart field `file`), sealed from the moment it is stored and only ever usable as
   * a KYC photo; purged after 24 hours unless a submission takes it over.
   */
  'uploads.uploadIdentityImage': post({ path: '/upload/identity', result: UploadResult }),
  /** Staff: one identity record (masked fields, audited); `id` is the identity record's (a KYC review item's `id`). */
  'admin.kycIdentity': staff('GET', {
    path: '/kyc/:id/identity',
    params: Type.Composite([LoanIdPath]),
    result: StaffIdentityView,
    roles: reviewer,
  }),
  /** Staff: shows masked fields in full (audited, reviewers only). */
  'admin.kycReveal': staff('POST', {
    path: '/kyc/:id/reveal',
    params: Type.Composite([LoanIdPath]),
    body: KycRevealBody,
    result: KycRevealed,
    roles: reviewer,
  }),
  /** Staff: a customer's identity record from the customer screen (masked fields, audited). */
  'admin.customerIdentity': staff('GET', {
    path: '/customers/:id/identity',
    params: CustomerIdPath,
    result: CustomerIdentity,
    roles: customerReaders,
  }),
} as const satisfies Record<string, RouteSpec>;
