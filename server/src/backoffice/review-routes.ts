import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../http/envelope';
import { route } from '../http/route';

const security = [{ token: [] }];

/**
 * The review queues of the back office (deposits, withdrawals, identity, loans), under /swx/admin: list, claim,
 * release, approve and reject. Each domain registers its review kind with the staff domain's registry
 * (`staff/reviews.ts`); the registry applies claims and four eyes, and these handlers only translate.
 */
export const reviewRoutes: FastifyPluginAsync = async (app) => {
  const { reviews } = app.services;

  route(
    app,
    'admin.reviews',
    {
      schema: {
        tags: ['staff'],
        summary:
          'Records of one review kind (deposit, withdrawal, kyc, loan) in a status, pending by default',
        security,
      },
    },
    async (request) =>
      ok(await reviews.list(request.query.kind, request.query.status ?? 'pending', request.staff)),
  );

  route(
    app,
    'admin.claimReview',
    {
      schema: {
        tags: ['staff'],
        summary:
          'Claims a record so no one else works on it (`review_claim_minutes`, renewable by the holder)',
        security,
      },
    },
    async (request) => ok(await reviews.claim(request.params.kind, request.params.id, request.staff)),
  );

  route(
    app,
    'admin.releaseReview',
    { schema: { tags: ['staff'], summary: "Gives up the caller's claim on a record", security } },
    async (request) => {
      await reviews.release(request.params.kind, request.params.id, request.staff);
      return ok(null);
    },
  );

  route(
    app,
    'admin.approveReview',
    {
      // An approval usually carries no facts: a POST without a body counts as `{}`.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        tags: ['staff'],
        summary:
          'Approves a pending record (claiming it if free); under four eyes the first approval is recorded and the second executes',
        security,
      },
    },
    async (request) =>
      ok(await reviews.approve(request.params.kind, request.params.id, request.staff, request.body)),
  );

  route(
    app,
    'admin.rejectReview',
    {
      schema: {
        tags: ['staff'],
        summary: 'Rejects a pending record with a reason the customer sees',
        security,
      },
    },
    async (request) =>
      ok(
        await reviews.reject(request.params.kind, request.params.id, request.staff, request.body.reason, {
          fields: request.body.fields,
        }),
      ),
  );
};
