import type { FastifyPluginAsync, FastifyRequest } from 'fastify';

import { ok } from '../http/envelope';
import { route } from '../http/route';
import { byIp, rateLimitGuard } from '../guards/rate-limits';
import { withRetryAfter } from '../guards/attempt-throttle';
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

const security = [{ token: [] }];

/**
 * Staff sign-in (password, then the authenticator or a recovery code) and two-factor enrolment, under
 * /swx/admin. Roles and the sign-in gates are enforced for every staff route by `staff-auth.ts`
 * from the route map; the handlers here only translate.
 */
export const staffSignInRoutes: FastifyPluginAsync = async (app) => {
  const { staff, config } = app.services;
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
};
