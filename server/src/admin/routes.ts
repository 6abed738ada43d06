import type { FastifyPluginAsync } from 'fastify';

import { ok } from '../http/envelope';
import { route } from '../http/route';
import { byIp, rateLimitGuard } from '../guards/rate-limits';

const security = [{ token: [] }];

/** Staff sign-in, the review queue and the audit log, under /swx/admin. */
export const adminRoutes: FastifyPluginAsync = async (app) => {
  const { staff, reviews, audit, config } = app.services;
  // Staff sign-in is throttled like customer sign-in: per address, and per username only together with
  // the address (staffSignInThrottle), so failing on purpose cannot lock a colleague out.
  const loginLimits = await rateLimitGuard(app, [
    { name: 'staff-login-ip', limit: config.authRateLimits.loginPerIp, keyOf: byIp },
  ]);

  route(
    app,
    'admin.login',
    {
      preHandler: [loginLimits, app.staffSignInThrottle],
      schema: {
        tags: ['staff'],
        summary: 'Staff sign-in: a session token for the admin API',
      },
    },
    async (request) => {
      const session = await staff.login(request.body.username, request.body.password);
      return ok({ token: session.token, expiresAt: session.expiresAt.toISOString(), totpEnabled: false });
    },
  );

  route(
    app,
    'admin.logout',
    {
      preHandler: app.authenticateStaff,
      schema: {
        tags: ['staff'],
        summary: 'Ends this staff session',
        security,
      },
    },
    async (request) => {
      await staff.logout(request.staffToken, request.staff);
      return ok(null);
    },
  );

  route(
    app,
    'admin.reviews',
    {
      preHandler: app.authenticateStaff,
      schema: {
        tags: ['staff'],
        summary:
          'Records of one review kind (deposit, withdrawal, kyc, loan) in a status, pending by default',
        security,
      },
    },
    async (request) => ok(await reviews.list(request.query.kind, request.query.status ?? 'pending')),
  );

  route(
    app,
    'admin.approveReview',
    {
      // An approval usually carries no facts: a POST without a body counts as `{}`.
      preValidation: async (request) => {
        request.body ??= {};
      },
      preHandler: app.authenticateStaff,
      schema: {
        tags: ['staff'],
        summary: 'Approves a pending record; the decision and its effects are audited in one transaction',
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
      preHandler: app.authenticateStaff,
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

  route(
    app,
    'admin.audit',
    {
      preHandler: app.authenticateStaff,
      schema: {
        tags: ['staff'],
        summary: 'The staff audit log, newest first',
        security,
      },
    },
    async (request) => ok(await audit.list(request.query)),
  );
};
