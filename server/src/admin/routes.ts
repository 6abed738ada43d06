import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';

import { ok } from '../http/envelope';
import { route } from '../http/route';
import { byIp, rateLimitGuard } from '../guards/rate-limits';
import { Throttled } from '../guards/attempt-throttle';
import type { SessionOrigin } from './staff-sessions';

/** Where a staff session is opened from (the address through TRUST_PROXY, the browser's name). */
export const originOf = (request: FastifyRequest): SessionOrigin => ({
  address: request.ip,
  userAgent: request.headers['user-agent'],
});

/** A session as the sign-in steps answer it. */
const sessionAnswer = (session: {
  token: string;
  expiresAt: Date;
  passwordChangeRequired: boolean;
  totpEnabled: boolean;
}) => ({
  token: session.token,
  expiresAt: session.expiresAt.toISOString(),
  totpEnabled: session.totpEnabled,
  passwordChangeRequired: session.passwordChangeRequired,
});

/** Runs a step counted against the member, answering a throttled try with its `Retry-After`. */
export async function withRetryAfter<T>(reply: FastifyReply, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Throttled) reply.header('retry-after', String(error.retryAfterSeconds));
    throw error;
  }
}

const security = [{ token: [] }];

/**
 * Staff sign-in (password, then the authenticator or a recovery code), two-factor enrolment and the review
 * queue, under /swx/admin. Roles and the sign-in gates are enforced for every staff route by `staff-auth.ts`
 * from the route map; the handlers here only translate.
 */
export const adminRoutes: FastifyPluginAsync = async (app) => {
  const { staff, reviews, config } = app.services;
  // Staff sign-in is limited per address here, and per member in the database by the service (every
  // instance counts the same tries).
  const loginLimits = await rateLimitGuard(app, [
    { name: 'staff-login-ip', limit: config.authRateLimits.loginPerIp, keyOf: byIp },
  ]);

  route(
    app,
    'admin.login',
    {
      preHandler: loginLimits,
      schema: {
        tags: ['staff'],
        summary: 'Staff sign-in: a session, or (two-factor on) a ticket for the code step',
      },
    },
    async (request, reply) => {
      const answer = await withRetryAfter(reply, () =>
        staff.login(request.body.username, request.body.password, originOf(request)),
      );
      return ok(
        answer.kind === 'session'
          ? sessionAnswer(answer)
          : { totpRequired: true as const, ticket: answer.ticket, expiresAt: answer.expiresAt.toISOString() },
      );
    },
  );

  route(
    app,
    'admin.loginTotp',
    {
      preHandler: loginLimits,
      schema: {
        tags: ['staff'],
        summary:
          'Staff sign-in, second step: the ticket and a code from the authenticator app open a session',
      },
    },
    async (request, reply) => {
      const session = await withRetryAfter(reply, () =>
        staff.loginTotp(request.body.ticket, request.body.code, originOf(request)),
      );
      return ok(sessionAnswer({ ...session, totpEnabled: true }));
    },
  );

  route(
    app,
    'admin.loginRecovery',
    {
      preHandler: loginLimits,
      schema: {
        tags: ['staff'],
        summary: 'Staff sign-in, second step with a recovery code instead of the app: each code works once',
      },
    },
    async (request, reply) => {
      const session = await withRetryAfter(reply, () =>
        staff.loginRecovery(request.body.ticket, request.body.recoveryCode, originOf(request)),
      );
      return ok(sessionAnswer({ ...session, totpEnabled: true }));
    },
  );

  route(
    app,
    'admin.me',
    {
      schema: {
        tags: ['staff'],
        summary: 'The signed-in staff member: username, roles, two-factor state',
        security,
      },
    },
    async (request) => ok(await staff.me(request.staff)),
  );

  route(
    app,
    'admin.totpEnrol',
    {
      // A first enrolment sends no body: a POST without one counts as `{}`.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        tags: ['staff'],
        summary:
          'Starts two-factor enrolment: a new secret, its otpauth URI and QR code (shown once); after an admin reset it, the password and the e-mailed code too',
        security,
      },
    },
    async (request, reply) =>
      ok(await withRetryAfter(reply, () => staff.enrolTotp(request.staff, request.body))),
  );

  route(
    app,
    'admin.totpConfirm',
    {
      schema: {
        tags: ['staff'],
        summary:
          'Confirms enrolment with a first code from the app: two-factor is on from now; answers ten recovery codes (shown once)',
        security,
      },
    },
    async (request, reply) =>
      ok(await withRetryAfter(reply, () => staff.confirmTotp(request.staff, request.body.code))),
  );

  route(
    app,
    'admin.logout',
    {
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
