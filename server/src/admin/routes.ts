import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  AuditPage,
  AuditQuery,
  EnvelopeOf,
  ReviewApproveBody,
  ReviewListQuery,
  ReviewPath,
  ReviewRejectBody,
  StaffLoginBody,
  StaffLoginResult,
} from '@swx/shared/contract';
import { ok } from '../http/envelope';
import { byIp, rateLimitGuard } from '../guards/rate-limits';

const security = [{ token: [] }];

/** Staff sign-in, the review queue and the audit log, under /swx/admin. */
export const adminRoutes: FastifyPluginAsync = async (scope) => {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const { staff, reviews, audit, config } = app.services;
  // Staff sign-in is throttled like customer sign-in: per address, and per username only together with
  // the address (staffSignInThrottle), so failing on purpose cannot lock a colleague out.
  const loginLimits = await rateLimitGuard(app, [
    { name: 'staff-login-ip', limit: config.authRateLimits.loginPerIp, keyOf: byIp },
  ]);

  app.post(
    '/login',
    {
      preHandler: [loginLimits, app.staffSignInThrottle],
      schema: {
        tags: ['staff'],
        summary: 'Staff sign-in: a session token for the admin API',
        body: StaffLoginBody,
        response: { 200: EnvelopeOf(StaffLoginResult) },
      },
    },
    async (request) => {
      const session = await staff.login(request.body.username, request.body.password);
      return ok({ token: session.token, expiresAt: session.expiresAt.toISOString() });
    },
  );

  app.post(
    '/logout',
    {
      preHandler: app.authenticateStaff,
      schema: {
        tags: ['staff'],
        summary: 'Ends this staff session',
        security,
        response: { 200: EnvelopeOf(Type.Null()) },
      },
    },
    async (request) => {
      await staff.logout(request.staffToken, request.staff);
      return ok(null);
    },
  );

  app.get(
    '/reviews',
    {
      preHandler: app.authenticateStaff,
      schema: {
        tags: ['staff'],
        summary:
          'Records of one review kind (deposit, withdrawal, kyc, loan) in a status, pending by default',
        security,
        querystring: ReviewListQuery,
        response: { 200: EnvelopeOf(Type.Array(Type.Unknown())) },
      },
    },
    async (request) => ok(await reviews.list(request.query.kind, request.query.status ?? 'pending')),
  );

  app.post(
    '/reviews/:kind/:id/approve',
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
        params: ReviewPath,
        body: ReviewApproveBody,
        response: { 200: EnvelopeOf(Type.Unknown()) },
      },
    },
    async (request) =>
      ok(await reviews.approve(request.params.kind, request.params.id, request.staff, request.body)),
  );

  app.post(
    '/reviews/:kind/:id/reject',
    {
      preHandler: app.authenticateStaff,
      schema: {
        tags: ['staff'],
        summary: 'Rejects a pending record with a reason the customer sees',
        security,
        params: ReviewPath,
        body: ReviewRejectBody,
        response: { 200: EnvelopeOf(Type.Unknown()) },
      },
    },
    async (request) =>
      ok(await reviews.reject(request.params.kind, request.params.id, request.staff, request.body.reason)),
  );

  app.get(
    '/audit',
    {
      preHandler: app.authenticateStaff,
      schema: {
        tags: ['staff'],
        summary: 'The staff audit log, newest first',
        security,
        querystring: AuditQuery,
        response: { 200: EnvelopeOf(AuditPage) },
      },
    },
    async (request) => ok(await audit.list(request.query)),
  );
};
