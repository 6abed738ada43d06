import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { successes } from '@swx/shared/contract';
import { ok } from '../http/envelope';
import { route } from '../http/route';

const tags = ['kyc'];
const security = [{ token: [] }];

/** Identity images never stay in a cache and are never rendered as a page of this site. */
function sendIdentityImage(reply: FastifyReply, bytes: Buffer, mime: string) {
  return reply
    .header('content-type', mime)
    .header('content-disposition', 'inline')
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'")
    .send(bytes);
}

/** Identity verification under /swx/customer/user (docs/product.md, KYC). */
export const kycRoutes: FastifyPluginAsync = async (app) => {
  const { kyc } = app.services;
  // Authentication before validation: a caller without a session learns nothing about the body's rules.
  const auth = { preValidation: app.authenticate };

  route(
    app,
    'kyc.submit',
    {
      preValidation: app.authenticate,
      preHandler: app.guardRepeat,
      schema: {
        tags,
        summary:
          'Submits identity verification (all fields the first time, only the failed ones after a failure)',
        description:
          'Photos are upload ids of the customer’s own identity uploads (`POST /upload/identity`), sealed again under the identity record; personal fields and signature are sealed. ' +
          'Missing information answers `11130`, a field that did not fail `11134`, under 18 `11132`, a phone not valid for its area code `11131`, an empty signature `11133`, while pending or verified `10019`.',
      },
    },
    async (request) => ok(await kyc.submit(request.customer, request.body), successes.submittedForReview),
  );

  route(
    app,
    'kyc.detail',
    {
      ...auth,
      schema: { tags, summary: 'The customer’s verification: data, status, review target and failed fields' },
    },
    async (request) => ok(await kyc.detail(request.customer)),
  );

  route(
    app,
    'kyc.image',
    {
      ...auth,
      schema: {
        tags,
        summary: 'A thumbnail (JPEG, at most 320 px) of one of the customer’s own identity photos',
        security,
      },
    },
    async (request, reply) =>
      sendIdentityImage(reply, await kyc.thumbnail(request.customer, request.params.field), 'image/jpeg'),
  );
};

/**
 * Staff read identity data only here, by identity record (review screen) or customer (customer screen): the
 * record with document number and birth date masked, a reviewer's reveal of those, and the photos one by
 * one. Every read is audited with the fields it showed.
 */
export const kycAdminRoutes: FastifyPluginAsync = async (app) => {
  const { kyc } = app.services;
  const staffTags = ['staff'];
  route(
    app,
    'admin.kycImage',
    {
      preValidation: app.authenticateStaff,
      schema: { tags: staffTags, summary: 'Reads a KYC photo of a review (audited)', security },
    },
    async (request, reply) => {
      const image = await kyc.staff.image(request.staff, request.params.id, request.params.field);
      return sendIdentityImage(reply, image.bytes, image.mime);
    },
  );
  route(
    app,
    'admin.kycIdentity',
    {
      preValidation: app.authenticateStaff,
      schema: {
        tags: staffTags,
        summary:
          'Reads one identity record: document number and birth date masked (audited with the fields shown)',
      },
    },
    async (request) => ok(await kyc.staff.identity(request.staff, request.params.id)),
  );
  route(
    app,
    'admin.kycReveal',
    {
      preValidation: app.authenticateStaff,
      schema: { tags: staffTags, summary: 'Shows masked identity fields in full (reviewers; audited)' },
    },
    async (request) => ok(await kyc.staff.reveal(request.staff, request.params.id, request.body.fields)),
  );
  route(
    app,
    'admin.customerIdentity',
    {
      preValidation: app.authenticateStaff,
      schema: {
        tags: staffTags,
        summary: "A customer's identity record from the customer screen, masked (audited); null without one",
      },
    },
    async (request) => ok(await kyc.staff.customerIdentity(request.staff, request.params.id)),
  );
};
