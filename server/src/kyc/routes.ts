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
          'Photos are upload ids of the customer’s own uploads (`POST /upload/image`); they are moved into encrypted storage. ' +
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

/** Staff read identity photos in full; every view is written to the audit log first. */
export const kycAdminRoutes: FastifyPluginAsync = async (app) => {
  const { kyc } = app.services;
  route(
    app,
    'admin.kycImage',
    {
      preValidation: app.authenticateStaff,
      schema: { tags: ['staff'], summary: 'Reads a KYC photo of a review (audited)', security },
    },
    async (request, reply) => {
      const image = await kyc.staffImage(request.staff, request.params.id, request.params.field);
      return sendIdentityImage(reply, image.bytes, image.mime);
    },
  );
};
